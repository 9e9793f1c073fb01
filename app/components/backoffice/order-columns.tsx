import { Link } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { OrderStatusBadge, PaymentStateBadge } from './order-badges.tsx';
import type { Column } from './data-list.tsx';

// The columns every list of orders shares (orders, a customer's orders, the dashboard), so a phone card of an
// order always shows its number, date, payment state, status and total.

type Badges = Parameters<typeof PaymentStateBadge>[0];
type OrderRow = { number: string; createdAt: Date | string; totalMinor: number; currency: string; paymentState: Badges['state']; paymentMethod: Badges['method']; status: Parameters<typeof OrderStatusBadge>[0]['status'] };

export function orderNumberColumn<R extends Pick<OrderRow, 'number'>>(label: string): Column<R> {
  return {
    label,
    className: 'whitespace-nowrap',
    cell: (o) => (
      <Link to={`/beheer/bestellingen/${o.number}`} className="font-mono text-xs font-semibold text-primary-800 underline-offset-2 hover:underline">
        {o.number}
      </Link>
    ),
  };
}

export function orderPlacedColumn<R extends OrderRow>(label: string, withTime = true): Column<R> {
  return { label, className: 'whitespace-nowrap text-slate-600', cell: (o) => (withTime ? `${longDate(o.createdAt)} ${clockTime(o.createdAt)}` : longDate(o.createdAt)) };
}

export function orderStateColumns<R extends OrderRow>(payment: string, status: string): Column<R>[] {
  return [
    { label: payment, cell: (o) => <PaymentStateBadge state={o.paymentState} method={o.paymentMethod} /> },
    { label: status, cell: (o) => <OrderStatusBadge status={o.status} /> },
  ];
}

export function orderTotalColumn<R extends OrderRow>(label: string = t.orders.total): Column<R> {
  return { label, align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (o) => formatMoney(o.totalMinor, o.currency) };
}
