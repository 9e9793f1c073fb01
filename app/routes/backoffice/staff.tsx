import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, useNavigation } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { staffRoles } from '~/lib/permissions.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { liveStaffSessions } from '~/modules/staff/staff-sessions.server.ts';
import { addStaff, listStaff, resetStaffAccess, revokeStaffSessions, setStaffActive, setupLink } from '~/modules/staff/staff.server.ts';
import { addStaffSchema, staffChangeSchema } from '~/modules/staff/staff.schemas.ts';
import type { Route } from './+types/staff.ts';
import { Options } from '~/components/ui/options.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'staff.manage');
  const [members, sessions] = await Promise.all([listStaff(context.db), liveStaffSessions(context.db)]);
  const sessionCount = new Map<number, number>();
  for (const row of sessions) sessionCount.set(row.staffId, (sessionCount.get(row.staffId) ?? 0) + 1);
  return { me: staff.id, members: members.map((m) => ({ ...m, sessions: sessionCount.get(m.id) ?? 0 })) };
}

type Notice = { tone: 'success' | 'error'; text: string };
type ActionResult = { result?: SubmissionResult<string[]>; notice?: Notice; link?: { name: string; url: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, sessionId } = await requireStaff(context.db, request, 'staff.manage');
  const form = await readForm(request);
  const origin = accountLinksFor(context, request).origin;
  /** A row's button: the staff member it names, or a 400 for a tampered form. */
  const target = (f: FormData) => {
    const parsed = staffChangeSchema.safeParse(Object.fromEntries(f));
    if (!parsed.success) throw data<ActionResult>({ notice: { tone: 'error', text: t.errors.general } }, { status: 400 });
    return parsed.data.staffId;
  };
  const setActive = (active: boolean) => async (f: FormData) => {
    const change = await setStaffActive(context.db, actor, target(f), active);
    if (change === 'own_account') return data<ActionResult>({ notice: { tone: 'error', text: t.errors.ownAccount } }, { status: 409 });
    if (change === 'not_found') return data<ActionResult>({ notice: { tone: 'error', text: t.errors.notFound } }, { status: 404 });
    const text = change === 'unchanged' ? t.staff.unchanged : active ? t.staff.enabledDone : t.staff.disabledDone;
    return data<ActionResult>({ notice: { tone: 'success', text } });
  };
  return dispatchIntent(
    form,
    {
      add: async (f) => {
        const submission = parseWithZod(f, { schema: addStaffSchema });
        if (submission.status !== 'success') return data<ActionResult>({ result: submission.reply() }, { status: 400 });
        const added = await addStaff(context.db, actor, submission.value);
        if (!added.ok) return data<ActionResult>({ result: submission.reply({ fieldErrors: { email: [t.errors.exists] } }) }, { status: 409 });
        return data<ActionResult>({ result: submission.reply({ resetForm: true }), notice: { tone: 'success', text: t.staff.added }, link: { name: submission.value.name, url: setupLink(origin, added.token) } });
      },
      revoke: async (f) => {
        const ended = await revokeStaffSessions(context.db, actor, target(f), sessionId);
        return data<ActionResult>({ notice: { tone: 'success', text: t.staff.revoked(ended) } });
      },
      reset: async (f) => {
        const staffId = target(f);
        const token = await resetStaffAccess(context.db, actor, staffId);
        const member = (await listStaff(context.db)).find((m) => m.id === staffId);
        if (!token || !member) return data<ActionResult>({ notice: { tone: 'error', text: t.errors.notFound } }, { status: 404 });
        return data<ActionResult>({ notice: { tone: 'success', text: t.staff.resetDone }, link: { name: member.name, url: setupLink(origin, token) } });
      },
      enable: setActive(true),
      disable: setActive(false),
    },
    { invalid: t.errors.general },
  );
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.staff.title} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

function RowAction({ staffId, intent, label, danger = false }: { staffId: number; intent: string; label: string; danger?: boolean }) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="staffId" value={staffId} />
      <button type="submit" className={danger ? smallButton.danger : smallButton.quiet}>
        {label}
      </button>
    </Form>
  );
}

type Member = Route.ComponentProps['loaderData']['members'][number];

function staffColumns(me: number): Column<Member>[] {
  return [
    {
      label: t.staff.name,
      cell: (m) => (
        // min-w-0 and break-all: a long address wraps inside a phone's card instead of widening the page.
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {m.name} {m.id === me ? <span className="font-normal text-slate-500">{t.staff.you}</span> : null}
          </p>
          <p className="text-xs break-all text-slate-500">{m.email}</p>
        </div>
      ),
    },
    { label: t.staff.role, className: 'whitespace-nowrap', cell: (m) => t.roles[m.role] },
    { label: t.staff.status, cell: (m) => (!m.active ? <Badge tone="red">{t.staff.disabled}</Badge> : m.setUp ? <Badge tone="green">{t.staff.active}</Badge> : <Badge tone="amber">{t.staff.notSetUp}</Badge>) },
    { label: t.staff.lastLogin, className: 'whitespace-nowrap text-slate-600', cell: (m) => (m.lastLoginAt ? `${longDate(m.lastLoginAt)} ${clockTime(m.lastLoginAt)}` : t.staff.never) },
    { label: t.staff.sessions, align: 'right', className: 'tabular-nums', cell: (m) => m.sessions },
    {
      label: t.staff.actions,
      hideLabel: true,
      align: 'right',
      cell: (m) =>
        m.id === me ? null : (
          <div className="flex flex-wrap justify-end gap-1.5">
            {m.sessions > 0 ? <RowAction staffId={m.id} intent="revoke" label={t.staff.revoke} /> : null}
            <RowAction staffId={m.id} intent="reset" label={t.staff.reset} />
            {m.active ? <RowAction staffId={m.id} intent="disable" label={t.staff.disable} danger /> : <RowAction staffId={m.id} intent="enable" label={t.staff.enable} />}
          </div>
        ),
    },
  ];
}

export default function BackofficeStaff({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ intent: string; name: string; email: string; role: string }>({ id: 'staff-add', lastResult: navigation.state === 'idle' ? actionData?.result : undefined, shouldRevalidate: 'onInput' });
  return (
    <>
      <PageHeader title={t.staff.title} intro={t.staff.intro} />
      {actionData?.notice ? <Alert tone={actionData.notice.tone}>{actionData.notice.text}</Alert> : null}
      {actionData?.link ? (
        <div className="mb-4 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200" data-testid="setup-link">
          <p className="text-sm font-semibold text-amber-900">{t.staff.linkTitle(actionData.link.name)}</p>
          <p className="mt-1 text-sm text-amber-900">{t.staff.linkIntro}</p>
          <p className="mt-2 rounded-lg bg-white p-2 font-mono text-xs break-all text-slate-900 ring-1 ring-amber-200">{actionData.link.url}</p>
        </div>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <DataList label={t.staff.title} testId="staff-table" rows={loaderData.members} columns={staffColumns(loaderData.me)} empty={null} rowProps={(m) => ({ 'data-staff': m.email })} />
        <Panel title={t.staff.add}>
          <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
            {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
            <input type="hidden" name="intent" value="add" />
            <Field label={t.staff.name} meta={fields.name}>
              <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="off" className={fieldClass} />
            </Field>
            <Field label={t.staff.email} meta={fields.email}>
              <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="off" className={fieldClass} />
            </Field>
            <Field label={t.staff.role} meta={fields.role}>
              <select {...getSelectProps(fields.role)} className={fieldClass}>
                <option value="">—</option>
                <Options items={staffRoles} label={(r) => t.roles[r]} />
              </select>
            </Field>
            <button type="submit" className={`${smallButton.primary} w-full`} disabled={navigation.state === 'submitting'}>
              {t.staff.addSubmit}
            </button>
          </Form>
        </Panel>
      </div>
    </>
  );
}
