import { totals } from '~/i18n/nl/totals.ts';
import { loyaltyCheckout } from '~/i18n/nl/loyalty-checkout.ts';
import { Gift } from 'lucide-react';
import { checkout } from '~/i18n/nl/checkout.ts';
import { formatMoney } from '~/lib/money.ts';
import type { CartView } from '~/modules/cart/cart.server.ts';
import { StrainImage } from '~/components/strain-image.tsx';

const t = checkout;

/** The packs and free gifts of the order. */
export function SummaryLines({ cart }: { cart: CartView }) {
  const m = (minor: number) => formatMoney(minor, cart.currency);
  return (
    <ul className="divide-y divide-slate-100">
      {cart.lines.map((l) => (
        <li key={l.packId} className="flex items-center gap-3 py-3 text-sm">
          <span className="relative shrink-0">
            <StrainImage slug={l.slug} alt="" sizes="56px" width={56} height={56} className="h-14 w-14 rounded-xl" />
            <span className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-slate-700 px-1 text-xs font-semibold text-white ring-2 ring-white">
              {l.quantity}
            </span>
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-slate-900">{l.name}</span>
            <span className="text-slate-600">
              {t.seeds(l.seeds)} × {l.quantity}
            </span>
          </span>
          <span className="font-medium text-slate-900 tabular-nums">{m(l.lineTotal)}</span>
        </li>
      ))}
      {cart.totals.freeLines.map((g) => (
        <li key={`gift-${g.packId}`} className="flex items-center gap-3 py-3 text-sm">
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-amber-50 ring-1 ring-amber-200">
            <Gift className="h-6 w-6 text-amber-700" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium text-slate-900">{g.name}</span>
            <span className="text-slate-600">
              {t.gift} · {t.seeds(g.seeds * g.quantity)}
            </span>
          </span>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">{t.free}</span>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, discount with its code, shipping for the chosen country and method, total. */
export function SummaryTotals({
  cart,
  countryName,
  shipping,
  total,
  credit = 0,
  points = 0,
  testIds = false,
}: {
  cart: CartView;
  countryName: string;
  shipping: number;
  total: number;
  /** Store credit the shopper chose to use (ADR 073): taken off the total, the rest is due. */
  credit?: number;
  /** What Kiempunten pay (ADR 075), taken off before the credit. */
  points?: number;
  testIds?: boolean;
}) {
  const m = (minor: number) => formatMoney(minor, cart.currency);
  const id = (name: string) => (testIds ? name : undefined);
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">{t.subtotal}</dt>
        <dd className="text-slate-900 tabular-nums">{m(cart.totals.subtotal)}</dd>
      </div>
      {cart.totals.discount > 0 ? (
        <div className="flex justify-between gap-4 text-primary-800">
          <dt>
            {t.discount} <span className="font-mono text-xs font-semibold">{cart.coupon?.code}</span>
          </dt>
          <dd className="tabular-nums" data-testid={id('checkout-discount')}>
            −{m(cart.totals.discount)}
          </dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">
          {t.shipping} ({countryName})
        </dt>
        <dd className={`tabular-nums ${shipping === 0 ? 'font-medium text-primary-800' : 'text-slate-900'}`} data-testid={id('checkout-shipping')}>
          {shipping === 0 ? t.free : m(shipping)}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 border-t border-slate-200 pt-3">
        <dt className="text-base font-semibold text-slate-900">{t.total}</dt>
        <dd className="text-xl font-extrabold text-slate-900 tabular-nums" data-testid={id('checkout-total')}>
          {m(total)}
        </dd>
      </div>
      {credit + points > 0 ? (
        <>
          {points > 0 ? (
            <div className="flex justify-between gap-4 text-primary-800">
              <dt>{loyaltyCheckout.line}</dt>
              <dd className="tabular-nums" data-testid={id('checkout-points')}>
                −{m(points)}
              </dd>
            </div>
          ) : null}
          {credit > 0 ? (
            <div className="flex justify-between gap-4 text-primary-800">
              <dt>{totals.credit}</dt>
              <dd className="tabular-nums" data-testid={id('checkout-credit')}>
                −{m(credit)}
              </dd>
            </div>
          ) : null}
          <div className="flex items-baseline justify-between gap-4">
            <dt className="font-semibold text-slate-900">{totals.due}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums" data-testid={id('checkout-due')}>
              {m(total - credit - points)}
            </dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
