// What a back-office form was rendered on (ADR 054). Money and stock actions carry the order's version in their
// form and compare it under the order's row lock: a form rendered before someone else booked, refunded, shipped,
// cancelled or changed the address is refused instead of acting a second time.
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';

/**
 * The order's version as one SQL expression: a digest of everything the money and stock actions depend on, the
 * order's own state and its payments, refunds and parcels. Derived, not stored, so no writer (checkout, webhook,
 * bank booking, deadline job, command line) can forget to bump it, and writes cost nothing extra. Timestamps are
 * left out on purpose: a change that matters changes a state, an amount or a row.
 */
export function orderVersionSql(orderId: SQL | number): SQL<string> {
  return sql<string>`(select md5(concat_ws('|',
      row(o.status, o.payment_state, o.payment_method, o.total_minor, o.currency, o.carrier, o.shipping_address, o.stock_reserved)::text,
      (select string_agg(row(p.id, p.state, p.amount_minor, p.currency, p.received_amount_minor, p.received_currency, p.reviewed_at is null)::text, ',' order by p.id)
         from payments p where p.order_id = o.id),
      (select string_agg(row(r.id, r.state, r.amount_minor)::text, ',' order by r.id)
         from refunds r join payments p on p.id = r.payment_id where p.order_id = o.id),
      (select string_agg(row(sh.id, sh.status, sh.carrier, sh.sent_at is null, (select sum(sl.quantity) from shipment_lines sl where sl.shipment_id = sh.id))::text, ',' order by sh.id)
         from shipments sh where sh.order_id = o.id)))
    from orders o where o.id = ${orderId})`;
}

export async function orderVersion(db: Db, orderId: number): Promise<string | null> {
  const [row] = await queryRows<{ version: string | null }>(db, sql`select ${orderVersionSql(orderId)} as version`);
  return row?.version ?? null;
}

/** The order changed after the form was rendered: nothing was done; the page shows the order as it is now. */
export class OrderChangedError extends Error {
  constructor(readonly orderNumber: string) {
    super(`order ${orderNumber} changed since the form was rendered`);
  }
}

/**
 * Refuses a form rendered on another version of the order. Call it holding the order's row lock, after the
 * form's own key was checked (a repeated submit answers "already done", not "changed"). `expected` undefined:
 * the caller acts on the order as it is now (command line, staff API).
 */
export async function assertOrderUnchanged(tx: Db, order: { id: number; number: string }, expected: string | undefined): Promise<void> {
  if (expected === undefined) return;
  if ((await orderVersion(tx, order.id)) !== expected) throw new OrderChangedError(order.number);
}
