import { order } from '~/i18n/nl/order.ts';
import { Gift } from 'lucide-react';
import { totals } from '~/i18n/nl/totals.ts';
import { formatMoney } from '~/lib/money.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import type { OrderView } from '../orders.server.ts';

const t = order;

type Address = OrderView['shippingAddress'];

function AddressBlock({ title, address: a }: { title: string; address: Address }) {
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <address className="mt-1 text-slate-700 not-italic">
        {a.firstName} {a.lastName}
        <br />
        {a.line1}
        {a.line2 ? (
          <>
            <br />
            {a.line2}
          </>
        ) : null}
        <br />
        {a.postalCode} {a.city}
        {a.state ? `, ${a.state}` : ''}
        <br />
        {a.countryName}
      </address>
    </div>
  );
}

/** The order's items with seeds and prices, the totals, payment method and both addresses. */
export function OrderSummary({ order, paymentMethodName }: { order: OrderView; paymentMethodName?: string }) {
  const m = (minor: number) => formatMoney(minor, order.currency);
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="order-items-title" data-testid="order-items">
      <h2 id="order-items-title" className="text-lg font-semibold text-slate-900">
        {t.items}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {order.lines.map((l) => (
          <li key={`${l.slug}-${l.seeds}-${l.isFree}`} className="flex items-center gap-3 py-3" data-testid="order-line">
            {l.isFree ? (
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-amber-50 ring-1 ring-amber-200">
                <Gift className="h-5 w-5 text-amber-700" aria-hidden />
              </span>
            ) : (
              <StrainImage slug={l.slug} alt="" sizes="48px" width={48} height={48} className="h-12 w-12 shrink-0 rounded-xl" />
            )}
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-slate-900">{l.name}</span>
              <span className="text-slate-600">
                {l.isFree ? `${t.gift} · ` : ''}
                {totals.seeds(l.seeds)} × {l.quantity}
              </span>
            </span>
            <span className="font-medium text-slate-900 tabular-nums">{l.isFree ? totals.free : m(l.unitPrice * l.quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-1.5 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{totals.subtotal}</dt>
          <dd className="tabular-nums">{m(order.subtotal)}</dd>
        </div>
        {order.discount > 0 ? (
          <div className="flex justify-between gap-4 text-primary-800">
            <dt>
              {totals.discount} <span className="font-mono text-xs font-semibold">{order.couponCode}</span>
            </dt>
            <dd className="tabular-nums">−{m(order.discount)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{totals.shipping}</dt>
          <dd className="tabular-nums">{order.shipping === 0 ? totals.free : m(order.shipping)}</dd>
        </div>
        {order.points > 0 ? (
          <div className="flex justify-between gap-4 text-primary-800" data-testid="order-points">
            <dt>{t.money.paidWithPoints}</dt>
            <dd className="tabular-nums">−{m(order.points)}</dd>
          </div>
        ) : null}
        {order.credit > 0 ? (
          <div className="flex justify-between gap-4 text-primary-800" data-testid="order-credit">
            <dt>{totals.credit}</dt>
            <dd className="tabular-nums">−{m(order.credit)}</dd>
          </div>
        ) : null}
        <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-2 text-slate-900">
          <dt className="text-base font-semibold">{order.credit + order.points > 0 ? totals.due : totals.total}</dt>
          <dd className="text-lg font-extrabold tabular-nums" data-testid="order-total">
            {m(order.total)}
          </dd>
        </div>
        {paymentMethodName ? (
          <div className="flex justify-between gap-4 pt-1">
            <dt className="text-slate-600">{t.paymentMethod}</dt>
            <dd className="text-slate-900">{paymentMethodName}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-5 grid gap-4 border-t border-slate-200 pt-4 text-sm sm:grid-cols-2">
        <AddressBlock title={t.shipTo} address={order.shippingAddress} />
        <AddressBlock title={t.billTo} address={order.billingAddress} />
      </div>
    </section>
  );
}
