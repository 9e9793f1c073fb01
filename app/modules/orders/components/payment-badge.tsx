import type { MoneyState } from '~/modules/payments/money-history.ts';
import { order as t } from '~/i18n/nl/order.ts';
import type { OrderView } from '../orders.server.ts';

// Apart from order-summary.tsx: the order lists show only this, without the summary's checkout texts.
const badge: Record<OrderView['paymentState'], string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-200',
  processing: 'bg-secondary-100 text-slate-900 ring-secondary-200',
  complete: 'bg-primary-100 text-primary-900 ring-primary-200',
  failed: 'bg-red-100 text-red-900 ring-red-200',
};
const refundedBadge = 'bg-slate-100 text-slate-900 ring-slate-300';

/**
 * The payment state; with the order's money history it says what really happened ("Deels betaald",
 * "Terugbetaald (deels)") instead of "Wacht op betaling" or "Betaald".
 */
export function PaymentBadge({ state, money }: { state: OrderView['paymentState']; money?: MoneyState }) {
  const refunded = money === 'refunded' || money === 'partly_refunded';
  const label = money && money !== 'unpaid' ? t.money.states[money] : t.paymentStates[state];
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${refunded ? refundedBadge : badge[state]}`} data-testid="payment-state">
      {label}
    </span>
  );
}
