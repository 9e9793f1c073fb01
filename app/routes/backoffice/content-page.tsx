import { parseWithZod } from '@conform-to/zod/v4';
import { ExternalLink } from 'lucide-react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { getFormProps, getInputProps, getTextareaProps, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { parseMarkdown } from '~/lib/markdown.ts';
import { ContentTabs, EditorButtons, MarkdownEditor } from '~/modules/content/components/content-admin-parts.tsx';
import { getPageForStaff, savePage } from '~/modules/content/content-admin.server.ts';
import { pageSchema } from '~/modules/content/content-admin.schemas.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { type ContentEditorReply, previewReply } from './content-editor.server.ts';
import type { Route } from './+types/content-page.ts';
import { BackLink } from '~/components/backoffice/back-link.tsx';

const t = contentTexts.pages;

type ActionData = ContentEditorReply;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'content.manage');
  const page = await getPageForStaff(context.db, params.slug);
  if (!page) throw data(contentTexts.notFound, { status: 404 });
  return {
    page: { slug: page.slug, title: page.title, version: page.updatedAt.toISOString() },
    values: { title: page.title, description: page.description, body: page.body },
    blocks: parseMarkdown(page.body).blocks,
    saved: new URL(request.url).searchParams.get('opgeslagen') === '1',
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'content.manage');
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: pageSchema });
  const preview = () => previewReply(form, submission.payload);
  const save = async () => {
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const { intent: _intent, ...input } = submission.value;
    const saved = await savePage(context.db, actor, params.slug, input);
    if (saved.ok) return redirect(`/beheer/inhoud/paginas/${params.slug}?opgeslagen=1`);
    if (saved.error === 'notFound') throw data(contentTexts.notFound, { status: 404 });
    return data<ActionData>({ result: submission.reply({ formErrors: [contentTexts.stale] }) }, { status: 409 });
  };
  // A form sent with Enter carries no button, so no intent: it saves.
  return dispatchIntent(form, { preview, save }, { invalid: contentTexts.notFound, fallback: 'save' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d ? d.page.title : t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeContentPage(props: Route.ComponentProps) {
  return <PageEditor key={props.loaderData.page.version} {...props} />;
}

function PageEditor({ loaderData: d, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm<{ title: string; description: string; body: string }>({ id: `page-${d.page.slug}`, lastResult: actionData?.result, defaultValue: d.values, shouldRevalidate: 'onInput' });
  return (
    <>
      <PageHeader title={t.editTitle(d.page.title)}>
        <a href={`/${d.page.slug}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
          /{d.page.slug} <ExternalLink className="h-4 w-4" aria-hidden />
        </a>
      </PageHeader>
      <ContentTabs current="pages" />
      <BackLink to="/beheer/inhoud/paginas" label={t.back} />
      {d.saved && !actionData ? <Alert tone="success">{contentTexts.saved}</Alert> : null}
      {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="version" value={d.page.version} />
        <Panel className="grid gap-4 p-4 sm:p-6 lg:grid-cols-2">
          <Field label={t.fields.title} meta={fields.title}>
            <input {...getInputProps(fields.title, { type: 'text' })} maxLength={200} className={fieldClass} />
          </Field>
          <Field label={t.fields.description} meta={fields.description} hint={t.fields.descriptionHint}>
            <textarea {...getTextareaProps(fields.description)} rows={3} maxLength={400} className={fieldClass} />
          </Field>
        </Panel>
        <MarkdownEditor meta={fields.body} label={t.fields.body} blocks={actionData?.preview ?? d.blocks} />
        <EditorButtons busy={busy} />
      </Form>
    </>
  );
}
