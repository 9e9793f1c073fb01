import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { getInputProps, getTextareaProps } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { ActionPanel, type ActionReply, useActionForm } from '~/components/backoffice/action-form.tsx';
import { NewsletterBadge } from '~/components/backoffice/newsletter-badge.tsx';
import { BLOCK_REASON_MAX } from '~/modules/accounts/customers.ts';
import { blockSchema, confirmsDeletion, deleteSchema, resetSchema, unblockSchema } from '~/modules/accounts/customers.schemas.ts';
import { blockCustomer, customerDetail, deleteCustomerOnRequest, sendPasswordReset, unblockCustomer } from '~/modules/accounts/customers.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { OrderStateCells } from '~/modules/staff/components/order-badges.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/customer.ts';

const t = backoffice.customer;
const tn = backoffice.newsletter;

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1 ? id : null;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'customers.manage');
  const id = idOf(params.id);
  const detail = id === null ? null : await customerDetail(context.db, id);
  if (!detail) throw data(t.notFound, { status: 404 });
  // A fresh key per rendered reset form: submitting it twice sends one mail.
  return { ...detail, resetKey: crypto.randomUUID() };
}

/** One form per intent; each answers with its own result (errors next to its fields) and the page's message. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'customers.manage');
  const id = idOf(params.id);
  if (id === null) throw data(t.notFound, { status: 404 });
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  const notFound = () => data(t.notFound, { status: 404 });
  if (intent === 'block') {
    const submission = parseWithZod(form, { schema: blockSchema });
    if (submission.status !== 'success') return data<ActionReply>({ intent, result: submission.reply() }, { status: 400 });
    if (!(await blockCustomer(context.db, actor, id, submission.value.reason))) throw notFound();
    return data<ActionReply>({ intent, result: submission.reply({ resetForm: true }), message: t.block.done });
  }
  if (intent === 'unblock') {
    const submission = parseWithZod(form, { schema: unblockSchema });
    if (submission.status !== 'success') return data<ActionReply>({ intent, result: submission.reply() }, { status: 400 });
    if (!(await unblockCustomer(context.db, actor, id))) throw notFound();
    return data<ActionReply>({ intent, result: submission.reply({ resetForm: true }), message: t.unblock.done });
  }
  if (intent === 'reset') {
    const submission = parseWithZod(form, { schema: resetSchema });
    if (submission.status !== 'success') return data<ActionReply>({ intent, result: submission.reply({ formErrors: [backoffice.errors.general] }) }, { status: 400 });
    if ((await sendPasswordReset(context.db, actor, id, submission.value.key, accountLinksFor(context, request))) === 'not_found') throw notFound();
    const detail = await customerDetail(context.db, id);
    return data<ActionReply>({ intent, result: submission.reply({ resetForm: true }), message: t.reset.done(detail?.user.email ?? '') });
  }
  if (intent === 'delete') {
    const submission = parseWithZod(form, { schema: deleteSchema });
    if (submission.status !== 'success') return data<ActionReply>({ intent, result: submission.reply() }, { status: 400 });
    const detail = await customerDetail(context.db, id);
    if (!detail) throw notFound();
    if (!confirmsDeletion(submission.value.confirm, detail.user.email)) {
      return data<ActionReply>({ intent, result: submission.reply({ fieldErrors: { confirm: [t.remove.confirmWrong] } }) }, { status: 400 });
    }
    const result = await deleteCustomerOnRequest(context.db, actor, id);
    if (!result.ok && result.reason === 'not_found') throw notFound();
    if (!result.ok) return data<ActionReply>({ intent, result: submission.reply({ formErrors: [t.remove.openOrders] }) }, { status: 409 });
    return redirect(`/beheer/klanten?${new URLSearchParams({ verwijderd: String(result.ordersAnonymised) })}`);
  }
  throw data(backoffice.errors.general, { status: 400 });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.user.name ?? backoffice.customers.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string | null) => (d ? `${longDate(d)} ${clockTime(d)}` : '—');

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 text-right font-medium break-words text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type Data = Route.ComponentProps['loaderData'];

function BlockForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm<{ reason: string }>('block', String(d.user.id), reply);
  return (
    <ActionPanel title={t.block.title} intro={t.block.intro} intent="block" formKey={String(d.user.id)} state={state} submit={t.block.submit} tone="danger">
      <Field label={t.block.reason} meta={state.fields.reason}>
        <textarea {...getTextareaProps(state.fields.reason)} rows={2} maxLength={BLOCK_REASON_MAX} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}

function UnblockForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm('unblock', String(d.user.id), reply);
  return <ActionPanel title={t.unblock.title} intro={t.unblock.intro} intent="unblock" formKey={String(d.user.id)} state={state} submit={t.unblock.submit} />;
}

function ResetForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm('reset', d.resetKey, reply);
  return <ActionPanel title={t.reset.title} intro={t.reset.intro} intent="reset" formKey={d.resetKey} state={state} submit={t.reset.submit} />;
}

function DeleteForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm<{ confirm: string }>('delete', String(d.user.id), reply);
  return (
    <ActionPanel title={t.remove.title} intro={t.remove.intro} intent="delete" formKey={String(d.user.id)} state={state} submit={t.remove.submit} tone="danger">
      <Field label={t.remove.confirm(d.user.email)} meta={state.fields.confirm} className="[overflow-wrap:anywhere]">
        <input {...getInputProps(state.fields.confirm, { type: 'text' })} autoComplete="off" spellCheck={false} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}

export default function BackofficeCustomer({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  const u = d.user;
  const nl = d.newsletter;
  return (
    <>
      <Link to="/beheer/klanten" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={u.name} intro={u.email}>
        <div className="flex flex-wrap gap-2" data-testid="customer-status">
          {u.blockedAt ? <Badge tone="red">{backoffice.customers.blocked}</Badge> : u.emailVerifiedAt ? <Badge tone="green">{backoffice.customers.active}</Badge> : <Badge tone="slate">{backoffice.customers.unverified}</Badge>}
        </div>
      </PageHeader>
      {reply?.message ? <Alert tone="success">{reply.message}</Alert> : null}
      {u.blockedAt ? (
        <div className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200" data-testid="blocked-notice">
          <p className="font-semibold">{t.blockedSince(when(u.blockedAt))}</p>
          {u.blockedReason ? (
            <p className="mt-1 break-words whitespace-pre-line">
              {t.blockedReason}: {u.blockedReason}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <Panel title={t.details}>
            <Rows
              rows={[
                [t.email, u.email],
                [t.dateOfBirth, longDate(u.dateOfBirth)],
                [t.since, when(u.createdAt)],
                [t.verified, u.emailVerifiedAt ? when(u.emailVerifiedAt) : t.notVerified],
                [t.sessions, d.activeSessions],
                ...(d.affiliate ? ([[t.affiliate, `${d.affiliate.code} · ${backoffice.affiliates.status[d.affiliate.status]}`]] as [string, ReactNode][]) : []),
              ]}
            />
          </Panel>
          <Panel title={`${t.orders} (${d.orders.length})`}>
            {d.orders.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">{t.noOrders}</p>
            ) : (
              <div className={table.wrap} {...scrollArea(t.orders)}>
                <table className={table.table} data-testid="customer-orders">
                  <thead>
                    <tr>
                      <th className={table.th}>{t.number}</th>
                      <th className={table.th}>{t.placed}</th>
                      <th className={table.th}>{t.payment}</th>
                      <th className={table.th}>{backoffice.customers.status}</th>
                      <th className={`${table.th} text-right`}>{t.total}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {d.orders.map((o) => (
                      <tr key={o.number} className="hover:bg-slate-50">
                        <td className={`${table.td} whitespace-nowrap`}>
                          <Link to={`/beheer/bestellingen/${o.number}`} className="font-mono text-xs font-semibold text-primary-800 underline-offset-2 hover:underline">
                            {o.number}
                          </Link>
                        </td>
                        <td className={`${table.td} whitespace-nowrap text-slate-600`}>{longDate(o.createdAt)}</td>
                        <OrderStateCells order={o} />
                        <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>{formatMoney(o.totalMinor, o.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Panel>
          <Panel title={t.addresses}>
            {d.addresses.length === 0 ? (
              <p className="p-4 text-sm text-slate-600">{t.noAddresses}</p>
            ) : (
              <ul className="grid gap-3 p-4 sm:grid-cols-2" data-testid="customer-addresses">
                {d.addresses.map((a) => (
                  <li key={a.id} className="rounded-lg p-3 ring-1 ring-slate-200">
                    <address className="text-sm leading-6 text-slate-700 not-italic">
                      <span className="font-medium text-slate-900">
                        {a.firstName} {a.lastName}
                      </span>
                      <br />
                      {a.line1}
                      {a.line2 ? `, ${a.line2}` : ''}
                      <br />
                      {a.postalCode} {a.city}
                      {a.state ? `, ${a.state}` : ''}
                      <br />
                      {a.countryName}
                      <br />
                      <span className="text-slate-500">{a.phone}</span>
                    </address>
                    {a.isDefaultShipping || a.isDefaultBilling ? (
                      <div className="mt-2 flex flex-wrap gap-1.5">
                        {a.isDefaultShipping ? <Badge tone="blue">{t.defaultShipping}</Badge> : null}
                        {a.isDefaultBilling ? <Badge tone="slate">{t.defaultBilling}</Badge> : null}
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={t.consent}>
            <p className="px-4 pt-3 text-xs text-slate-600">{t.consentIntro}</p>
            <h3 className="px-4 pt-3 text-sm font-semibold text-slate-900">{t.newsletter}</h3>
            {nl ? (
              <div data-testid="customer-newsletter">
                <Rows
                  rows={[
                    [tn.status, <NewsletterBadge key="s" status={nl.status} />],
                    [tn.consentAt, when(nl.consentAt)],
                    [tn.source, tn.sources[nl.consentSource as keyof typeof tn.sources] ?? nl.consentSource],
                    [tn.from, nl.consentIp],
                    [tn.browser, <span key="ua" className="text-xs font-normal">{nl.consentUserAgent}</span>],
                    [tn.text, nl.consentTextVersion],
                    [tn.confirmedAt, when(nl.confirmedAt)],
                    ...(nl.unsubscribedAt ? ([[tn.unsubscribedAt, when(nl.unsubscribedAt)]] as [string, ReactNode][]) : []),
                  ]}
                />
              </div>
            ) : (
              <p className="px-4 pt-1 pb-4 text-sm text-slate-600">{t.noNewsletter}</p>
            )}
          </Panel>
        </div>
        <div className="min-w-0 space-y-4">
          <h2 className="sr-only">{t.actions}</h2>
          {u.blockedAt ? <UnblockForm d={d} reply={reply} /> : <BlockForm d={d} reply={reply} />}
          <ResetForm key={d.resetKey} d={d} reply={reply} />
          <Panel title={t.export.title}>
            <div className="p-4">
              <p className="mb-3 text-xs text-slate-600">{t.export.intro}</p>
              {/* A plain post to the download route: the browser saves the file, with or without JavaScript. */}
              <Form method="post" action={`/beheer/klanten/${u.id}/export`} reloadDocument>
                <button type="submit" className={`${smallButton.secondary} w-full`}>
                  <Download className="h-4 w-4" aria-hidden /> {t.export.submit}
                </button>
              </Form>
            </div>
          </Panel>
          <DeleteForm d={d} reply={reply} />
        </div>
      </div>
    </>
  );
}
