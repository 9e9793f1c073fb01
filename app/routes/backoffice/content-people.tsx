import { parseWithZod } from '@conform-to/zod/v4';
import { Plus } from 'lucide-react';
import { data, Form, useNavigation } from 'react-router';
import { z } from 'zod';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { deleteAuthorOrCategory, listAuthorsForStaff, listCategoriesForStaff, saveAuthor, saveCategory, type SaveResult } from '~/modules/blog/blog-admin.server.ts';
import { authorSchema, categorySchema, rowId } from '~/modules/blog/blog-admin.schemas.ts';
import { ContentTabs } from '~/modules/content/components/content-admin-parts.tsx';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-people.ts';

const t = contentTexts.people;
const e = contentTexts.errors;
const deleteSchema = z.object({ intent: z.enum(['delete-author', 'delete-category']), id: rowId });

type ActionData = { result: SubmissionResult<string[]>; formId: string; done?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  const [authors, categories] = await Promise.all([listAuthorsForStaff(context.db), listCategoriesForStaff(context.db)]);
  return { authors: authors.map((a) => ({ ...a, version: a.updatedAt.toISOString() })), categories: categories.map((c) => ({ ...c, version: c.updatedAt.toISOString() })) };
}

const failure = (r: Exclude<SaveResult, { ok: true }>) => (r.error === 'slugTaken' ? e.slugTaken : r.error === 'inUse' ? e.inUse(r.n ?? 1) : r.error === 'notFound' ? contentTexts.notFound : contentTexts.stale);

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'content.manage');
  const form = await readForm(request);
  const intent = form.get('intent');
  if (intent === 'delete-author' || intent === 'delete-category') {
    const del = deleteSchema.safeParse(Object.fromEntries(form));
    if (!del.success) throw data(contentTexts.notFound, { status: 404 });
    const entity = del.data.intent === 'delete-author' ? 'author' : 'post_category';
    const formId = `${entity}-${del.data.id}`;
    const done = await deleteAuthorOrCategory(context.db, actor, entity, del.data.id);
    if (!done.ok) return data<ActionData>({ result: { status: 'error', error: { '': [failure(done)] } }, formId }, { status: 409 });
    return data<ActionData>({ result: {}, formId, done: contentTexts.deleted });
  }
  const isAuthor = intent === 'author';
  const submission = isAuthor ? parseWithZod(form, { schema: authorSchema }) : parseWithZod(form, { schema: categorySchema });
  const entity = isAuthor ? 'author' : 'post_category';
  const formId = submission.payload.id ? `${entity}-${String(submission.payload.id)}` : `${entity}-new`;
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(), formId }, { status: 400 });
  const v = submission.value;
  const saved = 'role' in v ? await saveAuthor(context.db, actor, v) : await saveCategory(context.db, actor, v);
  if (saved.ok) return data<ActionData>({ result: submission.reply({ resetForm: !v.id }), formId, done: contentTexts.saved });
  const message = failure(saved);
  const reply = saved.field ? submission.reply({ fieldErrors: { [saved.field]: [message] } }) : submission.reply({ formErrors: [message] });
  return data<ActionData>({ result: reply, formId }, { status: saved.error === 'stale' ? 409 : 400 });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Author = Route.ComponentProps['loaderData']['authors'][number];
type Category = Route.ComponentProps['loaderData']['categories'][number];

function AuthorForm({ author, answer }: { author?: Author; answer: ActionData | undefined }) {
  const id = author ? `author-${author.id}` : 'author-new';
  const busy = useNavigation().state !== 'idle';
  const [form, f] = useForm<{ name: string; slug: string; role: string; bio: string; expertise: string }>({
    id,
    lastResult: answer?.formId === id ? answer.result : undefined,
    defaultValue: author ? { name: author.name, slug: author.slug, role: author.role, bio: author.bio, expertise: author.expertise.join(', ') } : {},
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
      <input type="hidden" name="intent" value="author" />
      {author ? (
        <>
          <input type="hidden" name="id" value={author.id} />
          <input type="hidden" name="version" value={author.version} />
        </>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label={t.fields.name} meta={f.name}>
          <input {...getInputProps(f.name, { type: 'text' })} maxLength={100} className={fieldClass} />
        </Field>
        <Field label={t.fields.slug} meta={f.slug}>
          <input {...getInputProps(f.slug, { type: 'text' })} maxLength={100} className={`${fieldClass} font-mono`} />
        </Field>
      </div>
      <Field label={t.fields.role} meta={f.role}>
        <input {...getInputProps(f.role, { type: 'text' })} maxLength={100} className={fieldClass} />
      </Field>
      <Field label={t.fields.bio} meta={f.bio} hint={t.fields.bioHint}>
        <textarea {...getTextareaProps(f.bio)} rows={4} maxLength={3000} className={fieldClass} />
      </Field>
      <Field label={t.fields.expertise} meta={f.expertise} hint={t.fields.expertiseHint}>
        <input {...getInputProps(f.expertise, { type: 'text' })} maxLength={500} className={fieldClass} />
      </Field>
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {author ? contentTexts.save : t.addAuthor}
      </button>
    </Form>
  );
}

function CategoryForm({ category, answer, nextPosition }: { category?: Category; answer: ActionData | undefined; nextPosition: number }) {
  const id = category ? `post_category-${category.id}` : 'post_category-new';
  const busy = useNavigation().state !== 'idle';
  const [form, f] = useForm<{ name: string; slug: string; description: string; position: string }>({
    id,
    lastResult: answer?.formId === id ? answer.result : undefined,
    defaultValue: category ? { name: category.name, slug: category.slug, description: category.description, position: String(category.position) } : { position: String(nextPosition) },
    shouldRevalidate: 'onInput',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
      <input type="hidden" name="intent" value="category" />
      {category ? (
        <>
          <input type="hidden" name="id" value={category.id} />
          <input type="hidden" name="version" value={category.version} />
        </>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_6rem]">
        <Field label={t.fields.name} meta={f.name}>
          <input {...getInputProps(f.name, { type: 'text' })} maxLength={60} className={fieldClass} />
        </Field>
        <Field label={t.fields.slug} meta={f.slug}>
          <input {...getInputProps(f.slug, { type: 'text' })} maxLength={100} className={`${fieldClass} font-mono`} />
        </Field>
        <Field label={t.fields.position} meta={f.position}>
          <input {...getInputProps(f.position, { type: 'number' })} min={0} max={999} className={fieldClass} />
        </Field>
      </div>
      <Field label={t.fields.description} meta={f.description}>
        <textarea {...getTextareaProps(f.description)} rows={2} maxLength={300} className={fieldClass} />
      </Field>
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {category ? contentTexts.save : t.addCategory}
      </button>
    </Form>
  );
}

function Row({ formId, answer, title, sub, count, deleteIntent, id, children }: { formId: string; answer: ActionData | undefined; title: string; sub: string; count: number; deleteIntent: string; id: number; children: React.ReactNode }) {
  const mine = answer?.formId === formId;
  return (
    <li className="p-4" data-testid="people-row">
      <details className="group" open={mine && answer.result.status === 'error' ? true : undefined}>
        <summary className="flex cursor-pointer list-none items-start justify-between gap-3 [&::-webkit-details-marker]:hidden">
          <span className="min-w-0">
            <span className="font-medium text-slate-900">{title}</span>
            <span className="block truncate text-sm text-slate-600">
              {sub} · {t.posts(count)}
            </span>
          </span>
          <span className={smallButton.quiet}>{contentTexts.edit}</span>
        </summary>
        <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
          {children}
          {count === 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value={deleteIntent} />
              <input type="hidden" name="id" value={id} />
              <button type="submit" className={smallButton.danger}>
                {contentTexts.delete}
              </button>
            </Form>
          ) : null}
        </div>
      </details>
    </li>
  );
}

function AddBox({ label, open, children }: { label: string; open: boolean; children: React.ReactNode }) {
  return (
    <details className="border-b border-slate-200 p-4" open={open || undefined}>
      <summary className={`${smallButton.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
        <Plus className="h-4 w-4" aria-hidden /> {label}
      </summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

export default function BackofficeContentPeople({ loaderData: d, actionData }: Route.ComponentProps) {
  const nextPosition = Math.min(999, d.categories.reduce((m, c) => Math.max(m, c.position), -1) + 1);
  const failed = (id: string) => actionData?.formId === id && actionData.result.status === 'error';
  return (
    <>
      <PageHeader title={t.title} intro={t.intro} />
      <ContentTabs current="people" />
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      <div className="grid items-start gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <Panel title={t.authors}>
          <AddBox label={t.addAuthor} open={failed('author-new')}>
            <AuthorForm answer={actionData} />
          </AddBox>
          <ul className="divide-y divide-slate-100">
            {d.authors.map((a) => (
              <Row key={a.id} formId={`author-${a.id}`} answer={actionData} title={a.name} sub={a.role} count={a.posts} deleteIntent="delete-author" id={a.id}>
                <AuthorForm key={a.version} author={a} answer={actionData} />
              </Row>
            ))}
          </ul>
        </Panel>
        <Panel title={t.categories}>
          <AddBox label={t.addCategory} open={failed('post_category-new')}>
            <CategoryForm answer={actionData} nextPosition={nextPosition} />
          </AddBox>
          <ul className="divide-y divide-slate-100">
            {d.categories.map((c) => (
              <Row key={c.id} formId={`post_category-${c.id}`} answer={actionData} title={c.name} sub={`/blog?categorie=${c.slug}`} count={c.posts} deleteIntent="delete-category" id={c.id}>
                <CategoryForm key={c.version} category={c} answer={actionData} nextPosition={nextPosition} />
              </Row>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}
