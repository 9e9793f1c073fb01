import { order } from '~/i18n/nl/order.ts';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import { formatMoney } from '~/lib/money.ts';
import type { OrderListItem } from '../orders.server.ts';
import { longDate } from '~/lib/format.ts';
import { PaymentBadge } from './payment-badge.tsx';

/** The account's orders, each a link to its page in the account. */
export function OrderList({ orders }: { orders: OrderListItem[] }) {
  return (
    <ul className="mt-4 divide-y divide-slate-100" data-testid="account-orders">
      {orders.map((o) => (
        <li key={o.number}>
          <Link to={`/account/orders/${o.number}`} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl px-2 py-3 hover:bg-slate-50">
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{account.overview.orderLine(o.number)}</span>
              <span className="block text-sm text-slate-600">
                {longDate(o.createdAt)} · {order.statuses[o.status]}
              </span>
            </span>
            <PaymentBadge state={o.paymentState} />
            <span className="font-semibold text-slate-900 tabular-nums">{formatMoney(o.total, o.currency)}</span>
            <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}
