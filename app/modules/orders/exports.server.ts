// Bookkeeping exports (orders, payments) as CSV: recorded in the audit log when asked for, then streamed in
// batches of BATCH rows (keyset paging, so a year of orders never sits in memory at once).
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import type { OrderStatus, PaymentState } from '~/db/schema/commerce.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { CSV_BOM, csvLine, type CsvValue } from '~/lib/csv.ts';
import { clockTime, shopDay } from '~/lib/format.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { ExportKind } from './exports.schemas.ts';
import { shopDayRange } from '~/lib/periods.ts';

export type ExportFilter = { kind: ExportKind; from: string; to: string; status?: OrderStatus; payment?: PaymentState };

const BATCH = 1000;
/** How long the download link made by the export form works (the browser fetches it at once). */
const DOWNLOAD_VALID_MS = 10 * 60_000;

/** Records the export in the audit log; the entry's id is the download's handle. */
export async function recordExport(db: Db, actor: Actor, filter: ExportFilter, now = new Date()): Promise<number> {
  return db.transaction((tx) => recordAudit(tx, actor, { action: `export.${filter.kind}`, entity: 'export', entityId: `${filter.from}..${filter.to}`, after: filter }, now));
}

/** The export behind a download link: only the staff member who asked for it, only shortly after. */
export async function findExport(db: Db, staffId: number, id: number, now = new Date()): Promise<ExportFilter | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.id, id), eq(s.auditLog.staffId, staffId), eq(s.auditLog.entity, 'export'), gte(s.auditLog.at, new Date(now.getTime() - DOWNLOAD_VALID_MS))));
  const f = row?.after as ExportFilter | undefined;
  return f && (f.kind === 'orders' || f.kind === 'payments') ? f : null;
}

export const exportFileName = (f: ExportFilter) => `kiemkracht-${t.exports.kinds[f.kind]}-${f.from}-${f.to}.csv`;

/** "2026-11-25 14:05" in the shop's time zone: a form spreadsheet programs read as a date and time. */
const stamp = (d: Date | string | null) => (d ? `${shopDay(d)} ${clockTime(d)}` : '');

type Cursor = { at: string; id: number; kind?: number } | null;

function orderConditions(f: ExportFilter, createdAt: boolean): SQL[] {
  const { start, end } = shopDayRange(f.from, f.to);
  const parts: SQL[] = [];
  if (createdAt) parts.push(gte(s.orders.createdAt, start), lt(s.orders.createdAt, end));
  if (f.status) parts.push(eq(s.orders.status, f.status));
  if (f.payment) parts.push(eq(s.orders.paymentState, f.payment));
  return parts;
}

function orderBatch(db: Db, f: ExportFilter, cursor: Cursor, batch: number) {
  return db
    .select({
      id: s.orders.id,
      // The timestamp as text keeps its microseconds for the next page's cursor.
      cursorAt: sql<string>`${s.orders.createdAt}::text`,
      number: s.orders.number,
      createdAt: s.orders.createdAt,
      billing: s.orders.billingAddress,
      countryIso: sql<string>`${s.orders.shippingAddress}->>'countryIso'`,
      ...columns(s.orders, 'email', 'regionCode', 'currency'),
      subtotal: s.orders.subtotalMinor,
      discount: s.orders.discountMinor,
      shipping: s.orders.shippingMinor,
      total: s.orders.totalMinor,
      method: s.orders.paymentMethod,
      paymentState: s.orders.paymentState,
      status: s.orders.status,
      coupon: s.orders.couponCode,
      paidAt: s.orders.paidAt,
    })
    .from(s.orders)
    .where(and(...orderConditions(f, true), cursor ? sql`(${s.orders.createdAt}, ${s.orders.id}) > (${cursor.at}::timestamptz, ${cursor.id}::int)` : undefined))
    .orderBy(s.orders.createdAt, s.orders.id)
    .limit(batch);
}

async function* orderLines(db: Db, f: ExportFilter, batch: number): AsyncGenerator<string> {
  yield csvLine(t.exports.ordersColumns);
  let cursor: Cursor = null;
  for (;;) {
    const rows = await orderBatch(db, f, cursor, batch);
    if (rows.length === 0) return;
    yield rows
      .map((o) =>
        csvLine([
          o.number,
          stamp(o.createdAt),
          `${o.billing.firstName} ${o.billing.lastName}`.trim(),
          o.email,
          o.countryIso,
          o.regionCode,
          o.currency,
          { minor: o.subtotal },
          { minor: o.discount },
          { minor: o.shipping },
          { minor: o.total },
          t.paymentMethod[o.method],
          t.paymentState[o.paymentState],
          t.orderStatus[o.status],
          o.coupon,
          stamp(o.paidAt),
        ]),
      )
      .join('');
    const last = rows[rows.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
    if (rows.length < batch) return;
  }
}

type Movement = {
  kind: number;
  id: number;
  cursor_at: string;
  at: string;
  number: string;
  method: keyof typeof t.paymentMethod;
  provider: string;
  reference: string;
  state: string;
  amount: number;
  currency: string;
  refunded: number | string | null;
  reason: string | null;
};

/**
 * Money that moved: each amount received (a confirmed payment, or one staff must review because it differs
 * from the order) on the day it came in, and each refund (not a failed one) on the day it was made.
 */
async function* paymentLines(db: Db, f: ExportFilter, batch: number): AsyncGenerator<string> {
  yield csvLine(t.exports.paymentsColumns);
  const { start, end } = shopDayRange(f.from, f.to);
  const filters = orderConditions(f, false);
  const orderFilter = filters.length ? sql` and ${and(...filters)}` : sql``;
  let cursor: Cursor = null;
  for (;;) {
    const after: SQL = cursor ? sql`where (m.at, m.kind, m.id) > (${cursor.at}::timestamptz, ${cursor.kind}::int, ${cursor.id}::int)` : sql``;
    const rows: Movement[] = await queryRows<Movement>(
      db,
      sql`select m.*, m.at::text as cursor_at from (
        select 0 as kind, p.id, p.updated_at as at, ${s.orders.number} as number, p.method, p.provider, p.reference, p.state,
          case when p.state = 'needs_review' then p.received_amount_minor else p.amount_minor end as amount,
          case when p.state = 'needs_review' then coalesce(p.received_currency, p.currency) else p.currency end as currency,
          (select coalesce(sum(r.amount_minor), 0) from refunds r where r.payment_id = p.id and r.state in ('refunded', 'manual')) as refunded,
          null::text as reason
        from payments p join ${s.orders} on ${s.orders.id} = p.order_id
        where (p.state = 'complete' or (p.state = 'needs_review' and p.received_amount_minor is not null))
          and p.updated_at >= ${start.toISOString()}::timestamptz and p.updated_at < ${end.toISOString()}::timestamptz${orderFilter}
        union all
        select 1 as kind, r.id, r.updated_at as at, ${s.orders.number} as number, p.method, p.provider, coalesce(r.provider_reference, p.reference) as reference, r.state,
          -r.amount_minor as amount, r.currency, null as refunded, r.reason
        from refunds r join payments p on p.id = r.payment_id join ${s.orders} on ${s.orders.id} = p.order_id
        where r.state <> 'failed' and r.updated_at >= ${start.toISOString()}::timestamptz and r.updated_at < ${end.toISOString()}::timestamptz${orderFilter}
      ) m ${after} order by m.at, m.kind, m.id limit ${batch}`,
    );
    if (rows.length === 0) return;
    yield rows
      .map((m) => {
        const receipt = Number(m.kind) === 0;
        const state = receipt ? t.order.attemptState[m.state as keyof typeof t.order.attemptState] : t.order.refundState[m.state as keyof typeof t.order.refundState];
        const cells: CsvValue[] = [
          m.number,
          stamp(new Date(m.at)),
          receipt ? t.exports.movement.receipt : t.exports.movement.refund,
          t.paymentMethod[m.method] ?? m.method,
          m.provider,
          m.reference,
          state ?? m.state,
          { minor: Number(m.amount) },
          m.currency,
          receipt ? { minor: Number(m.refunded ?? 0) } : null,
          m.reason,
        ];
        return csvLine(cells);
      })
      .join('');
    const last: Movement = rows[rows.length - 1]!;
    cursor = { at: last.cursor_at, kind: Number(last.kind), id: Number(last.id) };
    if (rows.length < batch) return;
  }
}

/** The file's text in pieces: the header line, then one piece per batch of rows. */
export function exportChunks(db: Db, f: ExportFilter, batch = BATCH): AsyncGenerator<string> {
  return f.kind === 'orders' ? orderLines(db, f, batch) : paymentLines(db, f, batch);
}

/** The whole file as a stream: UTF-8 with a byte-order mark, read from the database as the client takes it. */
export function exportStream(db: Db, f: ExportFilter): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks = exportChunks(db, f);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(started ? next.value : CSV_BOM + next.value));
        started = true;
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}
