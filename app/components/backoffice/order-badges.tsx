import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { Badge } from './parts.tsx';
import { table } from './styles.ts';

// Badge colours for order and payment states, shared by the dashboard and the order screens.
export const paymentTone = { pending: 'amber', processing: 'blue', complete: 'green', failed: 'red' } as const;
const statusTone = { new: 'slate', processing: 'blue', shipped: 'green', cancelled: 'red' } as const;

/** "Betaald · iDEAL": the payment state with the method. */
export function PaymentStateBadge({ state, method }: { state: keyof typeof paymentTone; method: keyof typeof t.paymentMethod }) {
  return (
    <Badge tone={paymentTone[state]}>
      {t.paymentState[state]} · {t.paymentMethod[method]}
    </Badge>
  );
}

export function OrderStatusBadge({ status }: { status: keyof typeof statusTone }) {
  return <Badge tone={statusTone[status]}>{t.orderStatus[status]}</Badge>;
}

/** The payment and status cells of an order's row, as every order table shows them. */
export function OrderStateCells({ order }: { order: { paymentState: keyof typeof paymentTone; paymentMethod: keyof typeof t.paymentMethod; status: keyof typeof statusTone } }) {
  return (
    <>
      <td className={table.td}>
        <PaymentStateBadge state={order.paymentState} method={order.paymentMethod} />
      </td>
      <td className={table.td}>
        <OrderStatusBadge status={order.status} />
      </td>
    </>
  );
}
