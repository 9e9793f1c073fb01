import { Truck } from 'lucide-react';
import { formatMoney } from '~/lib/money.ts';
import type { CartView } from '../cart.server.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

/** "Nog € X tot gratis verzending" with a progress bar; nothing when the country has no free-shipping threshold. */
export function FreeShipping({ cart, className = '' }: { cart: Pick<CartView, 'totals' | 'currency'>; className?: string }) {
  const { freeShippingRemaining, shipping, subtotal } = cart.totals;
  if (freeShippingRemaining <= 0 && shipping > 0) return null;
  const reached = freeShippingRemaining <= 0;
  const spent = subtotal;
  // Never quite empty or full until it is reached, so progress is always visible.
  const pct = reached ? 100 : Math.min(96, Math.max(4, Math.round((spent / (spent + freeShippingRemaining)) * 100)));
  const text = reached ? cartText.freeShippingReached : cartText.freeShippingLeft(formatMoney(freeShippingRemaining, cart.currency));
  return (
    <div className={className} data-testid="free-shipping">
      <p className={`flex items-center gap-2 text-sm font-medium ${reached ? 'text-primary-800' : 'text-slate-800'}`}>
        <Truck className="h-4 w-4 shrink-0 text-primary-700" aria-hidden />
        {text}
      </p>
      {/* The sentence above says it all; the bar is decoration (role=progressbar is the page-loading bar's). */}
      <div aria-hidden className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200/70" data-testid="free-shipping-bar">
        <div className="h-full rounded-full bg-gradient-to-r from-primary-500 to-primary-700 transition-[width] duration-500" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
