import { EditableList } from '~/components/backoffice/editable-row.tsx';
import { AddBox, AuthorForm, CategoryForm, type PeopleReply } from '~/modules/blog/components/people-forms.tsx';
import { RowForm } from '~/components/backoffice/row-form.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import type { Route } from './+types/content-people.ts';
import { peopleAction, peopleLoader } from './content-people.server.ts';
import { ContentHeader } from '~/modules/content/components/content-header.tsx';

const t = contentTexts.people;

export const loader = (args: Route.LoaderArgs) => peopleLoader(args);
export const action = (args: Route.ActionArgs) => peopleAction(args);

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeContentPeople({ loaderData: d, actionData: reply }: Route.ComponentProps) {
  const actionData = reply as PeopleReply | undefined;
  const nextPosition = Math.min(999, d.categories.reduce((m, c) => Math.max(m, c.position), -1) + 1);
  const failed = (id: string) => actionData?.formId === id && actionData.result.status === 'error';
  return (
    <>
      <ContentHeader title={t.title} intro={t.intro} current="people" done={actionData?.done} />
      <div className="grid items-start gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <EditableList
          title={t.authors}
          testId="authors-list"
          rowTestId="people-row"
          rows={d.authors}
          edit={contentTexts.edit}
          summary={(a) => ({ title: a.name, sub: `${a.role} · ${t.posts(a.posts)}` })}
          isOpen={(a) => failed(`author-${a.id}`)}
          editor={(a) => (
            <>
              <AuthorForm key={a.version} author={a} answer={actionData} />
              {a.posts === 0 ? <RowForm intent="delete-author" fields={{ id: a.id }} label={contentTexts.delete} /> : null}
            </>
          )}
        >
          <AddBox label={t.addAuthor} open={failed('author-new')}>
            <AuthorForm answer={actionData} />
          </AddBox>
        </EditableList>
        <EditableList
          title={t.categories}
          testId="categories-list"
          rowTestId="people-row"
          rows={d.categories}
          edit={contentTexts.edit}
          summary={(c) => ({ title: c.name, sub: `/blog?categorie=${c.slug} · ${t.posts(c.posts)}` })}
          isOpen={(c) => failed(`post_category-${c.id}`)}
          editor={(c) => (
            <>
              <CategoryForm key={c.version} category={c} answer={actionData} nextPosition={nextPosition} />
              {c.posts === 0 ? <RowForm intent="delete-category" fields={{ id: c.id }} label={contentTexts.delete} /> : null}
            </>
          )}
        >
          <AddBox label={t.addCategory} open={failed('post_category-new')}>
            <CategoryForm answer={actionData} nextPosition={nextPosition} />
          </AddBox>
        </EditableList>
      </div>
    </>
  );
}
