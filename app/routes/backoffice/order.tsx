import crypto from 'node:crypto';
import { getFormProps, getTextareaProps, useForm } from '~/lib/form.ts';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import type { AddressSnapshot } from '~/db/schema/commerce.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate, shopDay } from '~/lib/format.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { type ActionReply, revalidateWhenStale } from '~/components/backoffice/action-form.tsx';
import { AddressForm } from '~/components/backoffice/address-form.tsx';
import { CancelForm } from '~/components/backoffice/cancel-form.tsx';
import { RefundForm } from '~/components/backoffice/refund-form.tsx';
import { ResendForm } from '~/components/backoffice/resend-form.tsx';
import { ShipForm } from '~/components/backoffice/ship-form.tsx';
import { orderActionState } from '~/flows/order-actions.server.ts';
import { orderIntents } from './order-intents.server.ts';
import { orderDetail } from '~/modules/orders/order-admin.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { can } from '~/modules/staff/permissions.ts';
import { PaymentReceivedForm } from '~/components/backoffice/payment-received-form.tsx';
import { receivedSummary } from '~/modules/payments/payments.ts';
import { minorToEuro } from '~/modules/payments/receipts.schemas.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, smallButton, scrollArea, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { OrderStatusBadge, PaymentStateBadge, paymentTone } from '~/modules/staff/components/order-badges.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
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
  // A fresh key per rendered form: submitting the same form twice does it once (one note, one parcel, one payment…).
  const keys = { note: freshKey(), ship: freshKey(), cancel: freshKey(), refund: freshKey(), resend: freshKey(), address: freshKey() };
  return {
    ...detail,
    money,
    noteKey: keys.note,
    keys,
    manage,
    actions: manage ? await orderActionState(context.db, o) : null,
    receipt: canReceive ? { key: freshKey(), due: minorToEuro(money.dueMinor), today: shopDay(new Date()) } : null,
  };
}

/**
 * One action per form, chosen by its `intent` (order-intents.server.ts says which permission each needs:
 * notes for support too, the order actions for 'orders.manage'). A form without intent is the note form.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context.db, request, 'orders.notes');
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? 'note');
  const handler = Object.hasOwn(orderIntents, intent) ? orderIntents[intent] : undefined;
  if (!handler) throw data(t.errors.general, { status: 400 });
  if (!can(staff.staff.role, handler.permission)) throw data(t.forbidden, { status: 403, headers: { 'Cache-Control': 'private, no-store' } });
  const ctx = { actor: staff.actor, deps: paymentDepsFor(context, request) };
  return handler.run({ form, number: params.number.slice(0, 40), staff, ctx, db: context.db });
}

export const shouldRevalidate = revalidateWhenStale;
export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ params }) => [{ title: `${t.order.title(params.number ?? '')} | ${t.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const when = (d: Date | string | null) => (d ? `${longDate(d)} ${clockTime(d)}` : t.order.none);

function Address({ title, address }: { title: string; address: AddressSnapshot }) {
  return (
    <Panel title={title}>
      <address className="px-4 py-3 text-sm leading-6 text-slate-700 not-italic">
        {address.firstName} {address.lastName}
        <br />
        {address.line1}
        {address.line2 ? (
          <>
            <br />
            {address.line2}
          </>
        ) : null}
        <br />
        {address.postalCode} {address.city}
        {address.state ? `, ${address.state}` : ''}
        <br />
        {address.countryName}
        <br />
        <span className="text-slate-500">{address.phone}</span>
      </address>
    </Panel>
  );
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4 px-4 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order actions for 'orders.manage': only the ones that fit the order's state. */
function Actions({ d, reply }: { d: Route.ComponentProps['loaderData']; reply: ActionReply | undefined }) {
  const o = d.order;
  const open = o.status !== 'cancelled';
  const sent = d.shipments.some((sh) => sh.sentAt);
  return (
    <>
      {open ? (
        <ShipForm
          key={d.keys.ship}
          formKey={d.keys.ship}
          version={d.version}
          reply={reply}
          carrier={o.carrier}
          paid={o.paymentState === 'complete'}
          lines={d.lines.map((l) => ({ id: l.id, name: l.productName, seeds: l.seeds, left: l.quantity - (d.shippedByLine[l.id] ?? 0) }))}
        />
      ) : null}
      {d.actions!.refundable && d.actions!.refundable.leftMinor > 0 ? <RefundForm key={d.keys.refund} formKey={d.keys.refund} version={d.version} reply={reply} left={d.actions!.refundable} /> : null}
      <ResendForm key={d.keys.resend} formKey={d.keys.resend} reply={reply} />
      {open && !sent ? <AddressForm key={d.keys.address} formKey={d.keys.address} version={d.version} reply={reply} address={o.shippingAddress} countries={d.actions!.countries} /> : null}
      {open && !sent ? <CancelForm key={d.keys.cancel} formKey={d.keys.cancel} version={d.version} reply={reply} /> : null}
    </>
  );
}

export default function BackofficeOrder({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const reply = actionData as ActionReply | undefined;
  const noteReply = reply?.intent === 'note' ? reply : undefined;
  const paymentReply = reply?.intent === 'payment' ? reply : undefined;
  const [form, fields] = useForm<{ body: string; key: string }>({
    id: `order-note-${d.noteKey}`,
    lastResult: navigation.state === 'idle' ? noteReply?.result : undefined,
    shouldRevalidate: 'onInput',
  });
  const o = d.order;
  const money = (minor: number) => formatMoney(minor, o.currency);
  return (
    <>
      <Link to="/beheer/bestellingen" className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.order.back}
      </Link>
      <PageHeader title={t.order.title(o.number)} intro={`${when(o.createdAt)} · ${o.email} · ${o.regionCode}`}>
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
      {/* Every action's outcome in one place, above the page (a booked payment may also be kept for review: tone error). */}
      {reply?.message && reply.intent !== 'note' ? <Alert tone={reply.tone ?? 'success'}>{reply.message}</Alert> : null}
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-4">
          <Panel title={t.order.lines}>
            <div className={table.wrap} {...scrollArea(t.order.lines)}>
              <table className={table.table}>
                <thead>
                  <tr>
                    <th className={table.th}>{t.order.product}</th>
                    <th className={`${table.th} text-right`}>{t.order.quantity}</th>
                    <th className={`${table.th} text-right`}>{t.order.unitPrice}</th>
                    <th className={`${table.th} text-right`}>{t.order.lineTotal}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {d.lines.map((l) => (
                    <tr key={l.id}>
                      <td className={table.td}>
                        <p className="font-medium text-slate-900">{l.productName}</p>
                        <p className="text-xs text-slate-500">{t.order.seeds(l.seeds)}</p>
                      </td>
                      <td className={`${table.td} text-right tabular-nums`}>{l.quantity}</td>
                      <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>{l.isFree ? t.order.free : money(l.unitPriceMinor)}</td>
                      <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>{l.isFree ? t.order.free : money(l.unitPriceMinor * l.quantity)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="border-t border-slate-200">
              <Rows
                rows={[
                  [t.order.subtotal, money(o.subtotalMinor)],
                  [t.order.discount, o.discountMinor ? `− ${money(o.discountMinor)}` : t.order.none],
                  [t.order.shipping, money(o.shippingMinor)],
                  [t.order.total, <span className="text-base">{money(o.totalMinor)}</span>],
                ]}
              />
            </div>
          </Panel>
          <Panel title={t.order.payments}>
            <div className={table.wrap} {...scrollArea(t.order.payments)}>
              <table className={table.table} data-testid="order-payments">
                <tbody className="divide-y divide-slate-100">
                  {d.payments.map((p) => (
                    <tr key={p.id}>
                      <td className={`${table.td} whitespace-nowrap`}>{when(p.receivedAt ?? p.createdAt)}</td>
                      <td className={table.td}>
                        {p.receivedAt ? (t.order.receivedVia[p.provider] ?? t.paymentMethod[p.method]) : p.provider === 'manual' ? t.order.request : t.paymentMethod[p.method]}{' '}
                        <span className="font-mono text-xs break-all text-slate-500">{p.reference}</span>
                        {p.payer || p.note ? <span className="block text-xs text-slate-600">{[p.payer, p.note].filter(Boolean).join(' · ')}</span> : null}
                      </td>
                      <td className={table.td}>
                        {/* A request that received amounts settled is not money itself: no "open" on a paid order. */}
                        {!p.receivedAt && p.provider === 'manual' && p.state === 'pending' && o.paymentState === 'complete' ? (
                          <Badge tone="slate">{t.order.request}</Badge>
                        ) : (
                          <Badge tone={p.state === 'needs_review' ? 'red' : paymentTone[p.state]}>{t.order.attemptState[p.state]}</Badge>
                        )}
                      </td>
                      <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>
                        {formatMoney(p.amountMinor, p.currency)}
                        {p.receivedAmountMinor !== null ? <span className="block text-xs text-red-700">{t.order.received(formatMoney(p.receivedAmountMinor, p.receivedCurrency ?? p.currency))}</span> : null}
                      </td>
                    </tr>
                  ))}
                  {d.refunds.map((r) => (
                    <tr key={`r${r.id}`} className="bg-slate-50/60">
                      <td className={`${table.td} whitespace-nowrap`}>{when(r.createdAt)}</td>
                      <td className={table.td}>
                        {t.order.refunds}: {r.reason}
                      </td>
                      <td className={table.td}>
                        <Badge tone={r.state === 'failed' ? 'red' : 'slate'}>{t.order.refundState[r.state]}</Badge>
                      </td>
                      <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>− {formatMoney(r.amountMinor, r.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="border-t border-slate-200" data-testid="payment-summary">
              <Rows
                rows={[
                  [t.order.receivedTotal, money(d.money.receivedMinor)],
                  ...(d.money.dueMinor > 0 && o.status !== 'cancelled' ? ([[t.order.stillDue, <span className="text-amber-800">{money(d.money.dueMinor)}</span>]] as [string, ReactNode][]) : []),
                  ...(d.money.overMinor > 0 ? ([[t.order.overpaid, <span className="text-red-700">{money(d.money.overMinor)}</span>]] as [string, ReactNode][]) : []),
                ]}
              />
            </div>
          </Panel>
          <Panel title={t.order.shipments}>
            {d.shipments.length === 0 ? (
              <p className="px-4 py-3 text-sm text-slate-500">{t.order.none}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {d.shipments.map((sh) => (
                  <li key={sh.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                    <span>
                      {t.order.carrier[sh.carrier]} · <Badge tone={sh.status === 'shipped' ? 'green' : 'slate'}>{t.order.shipmentStatus[sh.status]}</Badge>
                    </span>
                    <span className="text-slate-600">
                      {sh.trackingCode ? (
                        <>
                          {t.order.tracking}: <span className="font-mono">{sh.trackingCode}</span> ·{' '}
                        </>
                      ) : null}
                      {when(sh.sentAt ?? sh.createdAt)}
                    </span>
                    {sh.lines.length > 0 ? (
                      <ul className="w-full text-xs text-slate-600">
                        {sh.lines.map((pl) => (
                          <li key={pl.orderLineId}>
                            {pl.quantity}× {d.lines.find((l) => l.id === pl.orderLineId)?.productName}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title={t.order.mails}>
            {d.mails.length === 0 ? (
              <p className="px-4 py-3 text-sm text-slate-500">{t.order.none}</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm">
                {d.mails.map((m) => (
                  <li key={m.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                    <span className="font-mono text-xs">{m.template}</span>
                    <span className="text-slate-600">{m.failedAt ? t.order.mailFailed : m.sentAt ? when(m.sentAt) : t.order.mailPending}</span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
        <div className="space-y-4">
          <Panel title={t.order.customer}>
            <Rows
              rows={[
                [t.order.customer, d.customer ? `${d.customer.name} (${d.customer.email})` : t.order.guest],
                [t.order.coupon, o.couponCode ?? t.order.none],
                [t.order.affiliate, d.affiliate ? `${d.affiliate.code} · ${t.order.commission(d.affiliate.percent, formatMoney(d.affiliate.commissionMinor, d.affiliate.currency))}` : t.order.none],
                [t.order.paid, when(o.paidAt)],
                ...(o.expiresAt && o.paymentState !== 'complete' && o.status !== 'cancelled' ? ([[t.order.expires, when(o.expiresAt)]] as [string, ReactNode][]) : []),
              ]}
            />
          </Panel>
          {d.receipt ? <PaymentReceivedForm key={d.receipt.key} formKey={d.receipt.key} version={d.version} due={d.receipt.due} today={d.receipt.today} lastResult={paymentReply?.result} /> : null}
          {d.manage && d.actions ? <Actions d={d} reply={reply} /> : <p className="rounded-xl bg-slate-50 p-3 text-xs text-slate-600 ring-1 ring-slate-200">{t.actions.readOnly}</p>}
          <Address title={t.order.shippingAddress} address={o.shippingAddress} />
          <Address title={t.order.billingAddress} address={o.billingAddress} />
          <Panel title={t.order.notes}>
            <div className="p-4">
              <p className="mb-3 text-xs text-slate-500">{t.order.notesIntro}</p>
              {noteReply?.saved ? <Alert tone="success">{t.order.noteSaved}</Alert> : null}
              <Form method="post" {...getFormProps(form)} className="space-y-3">
                <input type="hidden" name="intent" value="note" />
                <input type="hidden" name="key" value={d.noteKey} />
                <Field label={t.order.note} meta={fields.body}>
                  <textarea {...getTextareaProps(fields.body)} rows={3} className={fieldClass} />
                </Field>
                <button type="submit" className={`${smallButton.primary} w-full`} disabled={navigation.state === 'submitting'}>
                  {t.order.noteSubmit}
                </button>
              </Form>
              <ul className="mt-4 space-y-3" data-testid="order-notes">
                {d.notes.length === 0 ? <li className="text-sm text-slate-500">{t.order.noNotes}</li> : null}
                {d.notes.map((n) => (
                  <li key={n.id} className="rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
                    <p className="whitespace-pre-wrap text-slate-900">{n.body}</p>
                    <p className="mt-1 text-xs text-slate-600">
                      {n.author} · {when(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            </div>
          </Panel>
        </div>
      </div>
    </>
  );
}
