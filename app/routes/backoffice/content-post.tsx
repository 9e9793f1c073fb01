import { parseWithZod } from '@conform-to/zod/v4';
import { ExternalLink } from 'lucide-react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { shopLocalTime } from '~/lib/periods.ts';
import { getPostForStaff, postChoices, savePost } from '~/modules/blog/blog-admin.server.ts';
import { postSchema } from '~/modules/blog/blog-admin.schemas.ts';
import { postStates, postStatusOf } from '~/modules/blog/blog-admin.ts';
import { type Block, parseMarkdown } from '~/lib/markdown.ts';
import { ContentTabs, EditorButtons, MarkdownEditor } from '~/modules/content/components/content-admin-parts.tsx';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { type ContentEditorReply, previewReply } from './content-editor.server.ts';
import type { Route } from './+types/content-post.ts';
import { Options } from '~/components/ui/options.tsx';
import { BackLink } from '~/components/backoffice/back-link.tsx';

const t = contentTexts.post;
const e = contentTexts.errors;

type ActionData = ContentEditorReply;

/** The post of `/beheer/inhoud/blog/:id`, or null for `nieuw`; a malformed or unknown id is a 404. */
async function postOf(db: Route.LoaderArgs['context']['db'], id: string | undefined) {
  if (id === 'nieuw') return null;
  const n = Number(id);
  const post = /^\d{1,9}$/.test(id ?? '') ? await getPostForStaff(db, n) : null;
  if (!post) throw data(contentTexts.notFound, { status: 404 });
  return post;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  const [post, choices] = await Promise.all([postOf(context.db, params.id), postChoices(context.db)]);
  const saved = new URL(request.url).searchParams.get('opgeslagen') === '1';
  if (!post) return { post: null, choices, saved, blocks: [] as Block[], values: { status: 'draft' } as Record<string, string> };
  const state = postStatusOf(post.status, post.publishedAt, new Date());
  return {
    post: { id: post.id, slug: post.slug, title: post.title, state, version: post.updatedAt.toISOString() },
    choices,
    saved,
    blocks: parseMarkdown(post.body).blocks,
    values: {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      body: post.body,
      authorId: String(post.authorId),
      categoryId: String(post.categoryId),
      status: state,
      publishAt: post.publishedAt ? shopLocalTime(post.publishedAt) : '',
    } as Record<string, string>,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'content.manage');
  const existing = await postOf(context.db, params.id);
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: postSchema });
  const preview = () => previewReply(form, submission.payload);
  // One handler for the new and the edit form: `existing` says which.
  const save = async () => {
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const { intent: _intent, ...input } = submission.value;
    const saved = await savePost(context.db, actor, { ...input, id: existing?.id, version: existing ? input.version : undefined });
    if (saved.ok) return redirect(`/beheer/inhoud/blog/${saved.id}?opgeslagen=1`);
    if (saved.error === 'notFound') throw data(contentTexts.notFound, { status: 404 });
    const message =
      saved.error === 'slugTaken' ? e.slugTaken : saved.error === 'scheduledPast' ? e.scheduledPast : saved.error === 'author' ? e.author : saved.error === 'category' ? e.category : contentTexts.stale;
    const reply = saved.field ? submission.reply({ fieldErrors: { [saved.field]: [message] } }) : submission.reply({ formErrors: [message] });
    return data<ActionData>({ result: reply }, { status: saved.error === 'stale' ? 409 : 400 });
  };
  // A form sent with Enter carries no button, so no intent: it saves.
  return dispatchIntent(form, { preview, save }, { invalid: contentTexts.notFound, fallback: 'save' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.post ? d.post.title : t.newTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

// Keyed by the saved version: after a save the form starts again from what is stored.
export default function BackofficeContentPost(props: Route.ComponentProps) {
  return <PostEditor key={props.loaderData.post?.version ?? 'new'} {...props} />;
}

function PostEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [form, fields] = useForm<{ title: string; slug: string; excerpt: string; body: string; authorId: string; categoryId: string; status: string; publishAt: string }>({ id: `post-${d.post?.id ?? 'new'}`, lastResult: actionData?.result, defaultValue: d.values, shouldRevalidate: 'onInput' });
  const blocks = actionData?.preview ?? d.blocks;
  return (
    <>
      <PageHeader title={d.post ? t.editTitle : t.newTitle} intro={d.post ? d.post.title : undefined}>
        <div className="flex flex-wrap items-center gap-3">
          {d.post ? <Badge tone={d.post.state === 'published' ? 'green' : d.post.state === 'scheduled' ? 'blue' : 'slate'}>{contentTexts.posts.statuses[d.post.state]}</Badge> : null}
          {d.post?.state === 'published' ? (
            <a href={`/blog/${d.post.slug}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
              {contentTexts.posts.view} <ExternalLink className="h-4 w-4" aria-hidden />
            </a>
          ) : null}
        </div>
      </PageHeader>
      <ContentTabs current="posts" />
      <BackLink to="/beheer/inhoud" label={t.back} />
      {d.saved && !actionData ? <Alert tone="success">{contentTexts.saved}</Alert> : null}
      {form.errors ? (
        <Alert id={form.errorId}>{form.errors.join(' ')}</Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {d.post ? <input type="hidden" name="version" value={d.post.version} /> : null}
        <Panel className="space-y-4 p-4 sm:p-6">
          <div className="grid gap-4 lg:grid-cols-2">
            <Field label={t.fields.title} meta={fields.title}>
              <input {...getInputProps(fields.title, { type: 'text' })} maxLength={200} className={fieldClass} />
            </Field>
            <Field label={t.fields.slug} meta={fields.slug} hint={t.fields.slugHint}>
              <input {...getInputProps(fields.slug, { type: 'text' })} maxLength={100} className={`${fieldClass} font-mono`} />
            </Field>
          </div>
          <Field label={t.fields.excerpt} meta={fields.excerpt} hint={t.fields.excerptHint}>
            <textarea {...getTextareaProps(fields.excerpt)} rows={2} maxLength={400} className={fieldClass} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {/* The author and the category: each one of the records listed on the people page, or none. */}
            {(
              [
                ['authorId', t.fields.author, d.choices.authors],
                ['categoryId', t.fields.category, d.choices.categories],
              ] as const
            ).map(([name, label, choices]) => (
              <Field key={name} label={label} meta={fields[name]}>
                <select {...getSelectProps(fields[name])} className={fieldClass}>
                  <option value="">{t.choose}</option>
                  <Options items={choices} value={(c) => c.id} label={(c) => c.name} />
                </select>
              </Field>
            ))}
            <Field label={t.fields.status} meta={fields.status}>
              <select {...getSelectProps(fields.status)} className={fieldClass}>
                <Options items={postStates} label={(s) => contentTexts.posts.statuses[s]} />
              </select>
            </Field>
            <Field label={t.fields.publishAt} meta={fields.publishAt} hint={t.fields.publishAtHint}>
              <input {...getInputProps(fields.publishAt, { type: 'datetime-local' })} className={fieldClass} />
            </Field>
          </div>
        </Panel>
        <MarkdownEditor meta={fields.body} label={t.fields.body} blocks={blocks} />
        <EditorButtons busy={busy} />
      </Form>
    </>
  );
}
