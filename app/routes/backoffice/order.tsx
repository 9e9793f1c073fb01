import crypto from 'node:crypto';
import { ArrowLeft } from 'lucide-react';
import { data, Link } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { shopDay } from '~/lib/format.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { type ActionReply, revalidateWhenStale } from '~/components/backoffice/action-form.tsx';
import { AddressForm } from '~/components/backoffice/address-form.tsx';
import { CancelForm } from '~/components/backoffice/cancel-form.tsx';
import { Rows, when } from '~/components/backoffice/detail-rows.tsx';
import { OrderActionBar, type OrderActionSlug } from '~/components/backoffice/order-action-bar.tsx';
import { Address, OrderLines, OrderNotes, OrderSummary } from '~/components/backoffice/order-panels.tsx';
import { moneyRows } from '~/modules/payments/money-history.ts';
import { OrderTimeline } from '~/modules/orders/components/order-history.tsx';
import { PaymentReceivedForm } from '~/components/backoffice/payment-received-form.tsx';
import { RefundForm } from '~/components/backoffice/refund-form.tsx';
import { ResendForm } from '~/modules/mail/components/resend-form.tsx';
import { ShipForm } from '~/components/backoffice/ship-form.tsx';
import { orderActionState } from '~/flows/order-actions.server.ts';
import { replacedOrderNumber } from '~/modules/claims/claims.server.ts';
import { orderDetail } from '~/modules/orders/order-admin.server.ts';
import { orderHistory } from '~/modules/orders/order-history.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { receivedSummary } from '~/modules/payments/payments.ts';
import { minorToEuro } from '~/modules/payments/receipts.schemas.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, Panel } from '~/modules/staff/components/backoffice-shell.tsx';
import { OrderStatusBadge, PaymentStateBadge } from '~/components/backoffice/order-badges.tsx';
import { can } from '~/lib/permissions.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import { dispatchStaffIntent, orderIntents } from './order-intents.server.ts';
import { allowedActions, moneyOf, openAction } from './order-view.server.ts';
import type { Route } from './+types/order.ts';

const freshKey = () => crypto.randomUUID();

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'orders.view');
  const detail = await orderDetail(context.db, params.number.slice(0, 40));
  if (!detail) throw data(t.order.notFound, { status: 404 });
  const o = detail.order;
  const money = receivedSummary(o.totalMinor, detail.payments, detail.refunds);
  const canReceive = can(staff.role, 'payments.manage') && o.paymentMethod !== 'online' && o.status !== 'cancelled' && money.dueMinor > 0;
  const manage = can(staff.role, 'orders.manage');
  const [actions, replacementFor] = await Promise.all([manage ? orderActionState(context.db, o) : null, replacedOrderNumber(context.db, o)]);
  // A fresh key per rendered form: submitting the same form twice does it once (one note, one parcel, one payment…).
  const keys = { note: freshKey(), ship: freshKey(), cancel: freshKey(), refund: freshKey(), resend: freshKey(), address: freshKey() };
  const allowed = allowedActions(detail, { canReceive, actions });
  return {
    ...detail,
    money,
    moneyHistory: moneyOf(detail),
    replacementFor,
    history: orderHistory(detail),
    noteKey: keys.note,
    keys,
    manage,
    actions,
    allowed,
    open: openAction(new URL(request.url), allowed.slugs),
    receipt: canReceive ? { key: freshKey(), due: minorToEuro(money.dueMinor), today: shopDay(new Date()) } : null,
  };
}

/** One action per form, chosen by its `intent`; a form without intent is the note form (order-intents.server.ts). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context.db, request, 'orders.notes');
  const form = await readForm(request);
  const ctx = { actor: staff.actor, deps: paymentDepsFor(context, request) };
  return dispatchStaffIntent(orderIntents, { form, number: params.number.slice(0, 40), staff, ctx, db: context.db }, 'note');
}

export const shouldRevalidate = revalidateWhenStale;
export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ params }) => [{ title: `${t.order.title(params.number ?? '')} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

/** The one action form the staff member opened from its button (only ones the role and the order allow). */
function OpenAction({ d, slug, reply }: { d: Route.ComponentProps['loaderData']; slug: OrderActionSlug; reply: ActionReply | undefined }) {
  const o = d.order;
  if (slug === 'betaling' && d.receipt) {
    return <PaymentReceivedForm key={d.receipt.key} formKey={d.receipt.key} version={d.version} due={d.receipt.due} today={d.receipt.today} lastResult={reply?.intent === 'payment' ? reply.result : undefined} />;
  }
  if (!d.actions) return null;
  const lines = d.lines.map((l) => ({ id: l.id, name: l.productName, seeds: l.seeds, left: l.quantity - (d.shippedByLine[l.id] ?? 0) }));
  switch (slug) {
    case 'verzenden':
      return <ShipForm key={d.keys.ship} formKey={d.keys.ship} version={d.version} reply={reply} carrier={o.carrier} paid={o.paymentState === 'complete'} lines={lines} />;
    case 'terugbetalen':
      return d.actions.refundable ? <RefundForm key={d.keys.refund} formKey={d.keys.refund} version={d.version} reply={reply} left={d.actions.refundable} /> : null;
    case 'mail':
      return <ResendForm key={d.keys.resend} formKey={d.keys.resend} reply={reply} />;
    case 'adres':
      return <AddressForm key={d.keys.address} formKey={d.keys.address} version={d.version} reply={reply} address={o.shippingAddress} countries={d.actions.countries} />;
    case 'annuleren':
      return <CancelForm key={d.keys.cancel} formKey={d.keys.cancel} version={d.version} reply={reply} />;
    default:
      return null;
  }
}

export default function BackofficeOrder({ loaderData: d, actionData }: Route.ComponentProps) {
  const reply = actionData as ActionReply | undefined;
  const o = d.order;
  return (
    <>
      <Link to="/beheer/bestellingen" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.order.back}
      </Link>
      <PageHeader title={t.order.title(o.number)} intro={`${when(o.createdAt)} · ${o.regionCode}`}>
        <div className="flex flex-wrap gap-2">
          <PaymentStateBadge state={o.paymentState} method={o.paymentMethod} />
          {d.money.partlyPaid && o.paymentState !== 'complete' ? <Badge tone="amber">{t.order.partlyPaid}</Badge> : null}
          <OrderStatusBadge status={o.status} />
          {d.partlyShipped ? (
            <span data-testid="partly-shipped">
              <Badge tone="blue">{t.actions.partlyShipped}</Badge>
            </span>
          ) : null}
        </div>
      </PageHeader>
      {d.replacementFor ? (
        <p className="mb-4 rounded-lg bg-primary-50 p-3 text-sm text-primary-900 ring-1 ring-primary-200" data-testid="order-replacement">
          {t.order.replacementFor[0]}{' '}
          <Link to={`/beheer/bestellingen/${d.replacementFor}`} className="font-medium underline">
            {d.replacementFor}
          </Link>{' '}
          {t.order.replacementFor[1]}
        </p>
      ) : null}
      {/* Every action's outcome in one place, above the page (a booked payment may also be kept for review: tone error). */}
      {reply?.message && reply.intent !== 'note' ? <Alert tone={reply.tone ?? 'success'}>{reply.message}</Alert> : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <OrderSummary d={d} money={d.money} history={d.moneyHistory} rows={moneyRows(d.moneyHistory)} />
          <OrderActionBar actions={d.allowed.slugs} open={d.open} hint={d.allowed.hint}>
            {d.open ? <OpenAction d={d} slug={d.open} reply={reply} /> : null}
          </OrderActionBar>
          {d.manage ? null : <p className="rounded-xl bg-slate-50 p-3 text-xs text-slate-600 ring-1 ring-slate-200">{t.actions.readOnly}</p>}
          <OrderTimeline entries={d.history} />
          <OrderLines d={d} />
        </div>
        <div className="min-w-0 space-y-4">
          <Panel title={t.order.customer}>
            <Rows
              rows={[
                [t.order.customer, d.customer ? `${d.customer.name} (${d.customer.email})` : t.order.guest],
                [t.order.coupon, o.couponCode ?? t.order.none],
                [t.order.affiliate, d.affiliate ? `${d.affiliate.code} · ${t.order.commission(d.affiliate.percent, formatMoney(d.affiliate.commissionMinor, d.affiliate.currency))}` : t.order.none],
                [t.order.paid, when(o.paidAt)],
                [t.order.expires, o.expiresAt && o.paymentState !== 'complete' && o.status !== 'cancelled' ? when(o.expiresAt) : null],
              ]}
            />
          </Panel>
          <Address title={t.order.shippingAddress} address={o.shippingAddress} />
          <Address title={t.order.billingAddress} address={o.billingAddress} />
          <OrderNotes noteKey={d.noteKey} notes={d.notes} reply={reply?.intent === 'note' ? reply : undefined} />
        </div>
      </div>
    </>
  );
}
