// What the order page shows besides its forms: which action buttons the role and the order's state allow, which
// one is open (`?actie=…`), and the order's money in the customer's own words (money-history.ts).
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { ORDER_ACTIONS, type OrderActionSlug } from '~/components/backoffice/order-action-bar.tsx';
import type { orderDetail } from '~/modules/orders/order-admin.server.ts';
import { moneyHistory } from '~/modules/payments/money-history.ts';

type Detail = NonNullable<Awaited<ReturnType<typeof orderDetail>>>;
type ActionState = { refundable: { leftMinor: number; currency: string; asCredit?: boolean } | null } | null;

/**
 * The buttons to show: "Betaling ontvangen" when payments may be booked and money is due; the others for
 * 'orders.manage' only, each when the order allows it (shipping once paid and while something is left; a new
 * address and cancelling while nothing is sent). The hint says why "Verzenden" is missing on an open order.
 */
export function allowedActions(d: Detail, { canReceive, actions }: { canReceive: boolean; actions: ActionState }): { slugs: OrderActionSlug[]; hint: string | null } {
  const o = d.order;
  const open = o.status !== 'cancelled';
  const paid = o.paymentState === 'complete';
  const sent = d.shipments.some((sh) => sh.sentAt);
  const left = d.lines.some((l) => l.quantity - (d.shippedByLine[l.id] ?? 0) > 0);
  const allowed: Record<OrderActionSlug, boolean> = {
    betaling: canReceive,
    verzenden: !!actions && open && paid && left,
    terugbetalen: !!actions?.refundable && actions.refundable.leftMinor > 0,
    mail: !!actions,
    adres: !!actions && open && !sent,
    annuleren: !!actions && open && !sent,
  };
  const hint = actions && open ? (!paid ? t.actions.ship.notPaid : !left ? t.actions.ship.nothingLeft : null) : null;
  return { slugs: ORDER_ACTIONS.filter((slug) => allowed[slug]), hint };
}

/** The action whose form is open: `?actie=verzenden`, only when that button is shown (else none). */
export function openAction(url: URL, slugs: OrderActionSlug[]): OrderActionSlug | null {
  const asked = url.searchParams.get('actie');
  return slugs.find((slug) => slug === asked) ?? null;
}

/** The money as it moved (received, refunded, due), as the customer's order page tells it. */
export function moneyOf(d: Detail) {
  const iso = (at: Date | string) => new Date(at).toISOString();
  return moneyHistory(
    {
      totalMinor: d.order.totalMinor,
      currency: d.order.currency,
      cancelled: d.order.status === 'cancelled',
      creditMinor: d.order.creditMinor,
      pointsMinor: d.order.pointsMinor,
      placedAt: iso(d.order.createdAt),
      cancelledAt: d.order.cancelledAt ? iso(d.order.cancelledAt) : null,
    },
    d.payments.map((p) => ({ method: p.method, state: p.state, amountMinor: p.amountMinor, receivedAt: p.receivedAt ? iso(p.receivedAt) : null, updatedAt: iso(p.updatedAt) })),
    d.refunds.map((r) => ({ state: r.state, amountMinor: r.amountMinor, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
  );
}
