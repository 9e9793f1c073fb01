import crypto from 'node:crypto';
import { ArrowLeft, Download } from 'lucide-react';
import { data, Form, Link } from 'react-router';
import type { ActionReply } from '~/components/backoffice/action-form.tsx';
import { BlockForm, DeleteForm, ResetForm, UnblockForm } from '~/modules/accounts/components/customer-forms.tsx';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { LedgerPanel } from '~/components/backoffice/ledger-panel.tsx';
import { Rows, when } from '~/components/backoffice/detail-rows.tsx';
import { NewsletterBadge } from '~/components/backoffice/newsletter-badge.tsx';
import { orderNumberColumn, orderPlacedColumn, orderStateColumns, orderTotalColumn } from '~/components/backoffice/order-columns.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { customerDetail } from '~/modules/accounts/customers.server.ts';
import { can } from '~/lib/permissions.ts';
import { credit as creditText } from '~/i18n/nl/credit.ts';
import { loyalty as loyaltyText } from '~/i18n/nl/loyalty.ts';
import { CreditAdjustForm } from '~/modules/credit/components/credit-adjust-form.tsx';
import { CreditBalances } from '~/modules/credit/components/credit-balances.tsx';
import { creditAccount } from '~/modules/credit/credit.server.ts';
import { PointsAdjustForm } from '~/modules/loyalty/components/points-adjust-form.tsx';
import { LoyaltyFacts } from '~/modules/loyalty/components/loyalty-facts.tsx';
import { loyaltyStaffView } from '~/modules/loyalty/loyalty.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { customerAction } from './customer-actions.server.ts';
import type { Route } from './+types/customer.ts';

const t = backoffice.customer;
const tn = backoffice.newsletter;

const idOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1 ? id : null;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'customers.manage');
  const id = idOf(params.id);
  const [detail, credit, points] = id === null ? [null, null, null] : await Promise.all([customerDetail(context.db, id), creditAccount(context.db, id, 10), loyaltyStaffView(context.db, id)]);
  if (!detail) throw data(t.notFound, { status: 404 });
  // A fresh key per rendered reset or credit form: submitting it twice sends one mail, books one adjustment.
  const keyed = (mayAdjust: boolean) => ({ key: crypto.randomUUID(), mayAdjust });
  return { ...detail, resetKey: crypto.randomUUID(), credit: { ...credit!, ...keyed(can(staff.role, 'credit.manage')) }, points: { ...points!, ...keyed(can(staff.role, 'loyalty.manage')) } };
}

/** One form per intent (customer-actions.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, staff } = await requireStaff(context.db, request, 'customers.manage');
  const id = idOf(params.id);
  if (id === null) throw data(t.notFound, { status: 404 });
  return customerAction(context.db, { actor, role: staff.role }, id, await readForm(request), accountLinksFor(context, request));
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.user.name ?? backoffice.customers.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

type Order = Route.ComponentProps['loaderData']['orders'][number];
const orderColumns: Column<Order>[] = [orderNumberColumn(t.number), orderPlacedColumn(t.placed, false), ...orderStateColumns<Order>(t.payment, backoffice.customers.status), orderTotalColumn(t.total)];

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
                [t.affiliate, d.affiliate ? `${d.affiliate.code} · ${backoffice.affiliates.status[d.affiliate.status]}` : null],
              ]}
            />
          </Panel>
          <LedgerPanel title={creditText.adjust.balances} testId="customer-credit" heading={creditText.adjust.ledger} ledger={d.credit.ledger} ledgerTestId="credit-ledger">
            {/* Staff's words when there is none ("Geen tegoed."), not the account page's "Je hebt geen tegoed." */}
            {d.credit.balances.length === 0 ? <p className="text-slate-600">{creditText.adjust.none}</p> : <CreditBalances balances={d.credit.balances} />}
          </LedgerPanel>
          <LedgerPanel title={loyaltyText.title} testId="customer-points" heading={loyaltyText.adjust.ledger} ledger={d.points.ledger} ledgerTestId="loyalty-ledger">
            <LoyaltyFacts view={d.points.view} />
          </LedgerPanel>
          <DataList title={`${t.orders} (${d.orders.length})`} label={t.orders} testId="customer-orders" rows={d.orders} rowKey={(o) => o.number} columns={orderColumns} empty={t.noOrders} />
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
                    [tn.unsubscribedAt, nl.unsubscribedAt ? when(nl.unsubscribedAt) : null],
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
          {d.credit.mayAdjust ? <CreditAdjustForm key={d.credit.key} formKey={d.credit.key} currency="EUR" shownId={d.credit.ledger.lines[0]?.id ?? 0} reply={reply} /> : null}
          {d.points.mayAdjust ? <PointsAdjustForm key={d.points.key} formKey={d.points.key} shownId={d.points.ledger.lines[0]?.id ?? 0} reply={reply} /> : null}
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
