import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowRight } from 'lucide-react';
import { data, Form, useNavigation } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { RowForm } from '~/components/backoffice/row-form.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { addRedirect, deleteRedirect, listRedirectsForStaff } from '~/modules/routing/redirects.server.ts';
import { redirectSchema } from '~/modules/routing/redirects.schemas.ts';
import { redirectHosts } from '~/lib/settings.server.ts';
import { can } from '~/lib/permissions.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-redirects.ts';
import { ContentHeader } from '~/modules/content/components/content-header.tsx';

const t = contentTexts.redirects;

type ActionData = { result: SubmissionResult<string[]>; done?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'content.manage');
  const [rules, hosts] = await Promise.all([listRedirectsForStaff(context.db), redirectHosts(context.db)]);
  // The target's hint says where this member may send visitors: anywhere (the owner) or the owner's list.
  return { rules, hosts: can(staff.role, 'redirects.manage') ? null : hosts };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, staff } = await requireStaff(context.db, request, 'content.manage');
  const remove = async (form: FormData) => {
    const from = form.get('fromPath');
    if (typeof from === 'string' && from.length <= 300) await deleteRedirect(context.db, actor, from);
    return data<ActionData>({ result: {}, done: contentTexts.deleted });
  };
  const add = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: redirectSchema });
    if (submission.status !== 'success') return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const added = await addRedirect(context.db, actor, staff.role, submission.value as { fromPath: string; target: string; status: 301 | 302 });
    if (added.ok) return data<ActionData>({ result: submission.reply({ resetForm: true }), done: contentTexts.saved });
    const p = added.problem;
    const message = 'via' in p ? t.problems[p.problem](p.via) : t.problems[p.problem];
    return data<ActionData>({ result: submission.reply({ fieldErrors: { [p.field]: [message] } }) }, { status: 400 });
  };
  // The add form carries no intent: it is the page's main form.
  return dispatchIntent(await readForm(request), { delete: remove, add }, { invalid: contentTexts.notFound, fallback: 'add' });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const columns: Column<Route.ComponentProps['loaderData']['rules'][number]>[] = [
  { label: t.columns.from, className: 'sm:min-w-40 font-mono text-xs break-all', cell: (r) => r.fromPath },
  {
    label: t.columns.to,
    className: 'sm:min-w-40 font-mono text-xs break-all',
    cell: (r) => (
      <span className="min-w-0">
        <span className="inline-flex items-start gap-1.5">
          <ArrowRight className="mt-0.5 h-3.5 w-3.5 shrink-0 text-slate-400" aria-hidden />
          {r.target}
          {r.target.startsWith('/') ? null : <Badge tone="amber">{t.external}</Badge>}
        </span>
        {r.followed ? null : (
          <span className="mt-1 block font-sans">
            <Badge tone="red">{t.notFollowed}</Badge>
          </span>
        )}
      </span>
    ),
  },
  { label: t.columns.status, className: 'whitespace-nowrap', cell: (r) => (r.status === 302 ? t.statuses[302] : t.statuses[301]) },
  {
    label: contentTexts.delete,
    hideLabel: true,
    align: 'right',
    cell: (r) => <RowForm intent="delete" fields={{ fromPath: r.fromPath }} label={contentTexts.delete} ariaLabel={`${contentTexts.delete}: ${r.fromPath}`} />,
  },
];

export default function BackofficeContentRedirects({ loaderData: d, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm<{ fromPath: string; target: string; status: string }>({ id: 'redirect-new', lastResult: actionData?.result, defaultValue: { status: '301' }, shouldRevalidate: 'onInput' });
  return (
    <>
      <ContentHeader title={t.title} intro={t.intro} current="redirects" done={actionData?.done} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] [&>*]:min-w-0">
        <DataList
          label={t.title}
          testId="redirects-table"
          rows={d.rules}
          rowKey={(r) => r.fromPath}
          rowTestId="redirect-row"
          columns={columns}
          empty={t.empty}
          count={t.count(d.rules.length)}
        />
        <Panel title={t.add} className="order-first lg:order-none">
          <Form method="post" {...getFormProps(form)} className="space-y-3 p-4">
            <Field label={t.fields.fromPath} meta={fields.fromPath} hint={t.fields.fromHint}>
              <input {...getInputProps(fields.fromPath, { type: 'text' })} maxLength={300} className={`${fieldClass} font-mono`} />
            </Field>
            <Field label={t.fields.target} meta={fields.target} hint={d.hosts ? t.fields.targetHintLimited(d.hosts) : t.fields.targetHint}>
              <input {...getInputProps(fields.target, { type: 'text' })} maxLength={2000} className={`${fieldClass} font-mono`} />
            </Field>
            <Field label={t.fields.status} meta={fields.status}>
              <select {...getSelectProps(fields.status)} className={fieldClass}>
                <option value="301">{t.statuses[301]}</option>
                <option value="302">{t.statuses[302]}</option>
              </select>
            </Field>
            <button type="submit" className={smallButton.primary} disabled={busy}>
              {t.add}
            </button>
          </Form>
        </Panel>
      </div>
    </>
  );
}
