import { order as t } from '~/i18n/nl/order.ts';
import type { OrderView } from '../orders.server.ts';

// Apart from order-summary.tsx: the order lists show only this, without the summary's checkout texts.
const badge: Record<OrderView['paymentState'], string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-200',
  processing: 'bg-secondary-100 text-slate-900 ring-secondary-200',
  complete: 'bg-primary-100 text-primary-900 ring-primary-200',
  failed: 'bg-red-100 text-red-900 ring-red-200',
};

export function PaymentBadge({ state }: { state: OrderView['paymentState'] }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1 ${badge[state]}`} data-testid="payment-state">
      {t.paymentStates[state]}
    </span>
  );
}
