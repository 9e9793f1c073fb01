// Bank reconciliation (ADR 029): an uploaded statement is parsed and stored by its hash (the only write of
// the preview) and matched against the orders on every view. Booking its lines is a flow
// (book-bank-line.server.ts): each line once, by its stable key.
import crypto from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { orderVersionSql } from '~/db/order-version.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { type LineMatch, matchLines, type MatchOrder, referencedNumbers } from './bank-matching.ts';
import { CSV_PRESETS, type CsvMapping, parseAmount, parseStatement } from './bank-statement.ts';

const MAPPING_KEY = 'bank_csv_mapping';

/** The CSV column mapping staff saved last, or the ING preset. */
export async function savedCsvMapping(db: Db): Promise<CsvMapping> {
  const [row] = await db.select().from(s.settings).where(eq(s.settings.key, MAPPING_KEY));
  return row ? { ...CSV_PRESETS.ing, ...(row.value as Partial<CsvMapping>) } : CSV_PRESETS.ing;
}

/**
 * Parses a statement (StatementError when it cannot) and keeps its lines under the file's hash; the same
 * file again finds the same row. The mapping used is kept for next time. Returns the hash.
 */
export async function uploadStatement(db: Db, actor: Actor, file: { name: string; bytes: Uint8Array }, mapping: CsvMapping, now = new Date()): Promise<string> {
  const parsed = parseStatement(file.bytes, mapping);
  const hash = crypto.createHash('sha256').update(file.bytes).digest('hex');
  await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(s.bankStatements)
      .values({ hash, fileName: file.name.slice(0, 200), format: parsed.format, account: parsed.account, lines: parsed.lines, staffId: actor.staffId, createdAt: now })
      .onConflictDoNothing()
      .returning({ hash: s.bankStatements.hash });
    if (stored) await recordAudit(tx, actor, { action: 'bank.statement', entity: 'bank_statement', entityId: hash, after: { fileName: file.name, format: parsed.format, lines: parsed.lines.length } }, now);
    if (parsed.format === 'csv') {
      const [before] = await tx.select().from(s.settings).where(eq(s.settings.key, MAPPING_KEY));
      if (JSON.stringify(before?.value) !== JSON.stringify(mapping)) {
        await tx.insert(s.settings).values({ key: MAPPING_KEY, value: mapping }).onConflictDoUpdate({ target: s.settings.key, set: { value: mapping } });
        await recordAudit(tx, actor, { action: 'settings.bank_csv_mapping', entity: 'settings', entityId: MAPPING_KEY, before: before?.value ?? null, after: mapping }, now);
      }
    }
  });
  return hash;
}

/** The statements uploaded last, newest first, to open their preview again. */
export async function recentStatements(db: Db, limit = 10) {
  return db
    .select({ hash: s.bankStatements.hash, fileName: s.bankStatements.fileName, createdAt: s.bankStatements.createdAt, lines: sql<number>`jsonb_array_length(${s.bankStatements.lines})::int` })
    .from(s.bankStatements)
    .orderBy(desc(s.bankStatements.createdAt))
    .limit(limit);
}

export type PreviewRow = { index: number; line: (typeof s.bankStatements.$inferSelect)['lines'][number]; match: LineMatch };
export type StatementPreview = NonNullable<Awaited<ReturnType<typeof statementPreview>>>;

const name = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;

export type OpenOrder = MatchOrder & { version: string };

/**
 * The orders a statement's lines may be matched to: all open ones, and those the descriptions name exactly; each
 * with its version (ADR 054), which a line assigned by hand carries so booking refuses an order that changed since.
 */
async function matchOrders(db: Db, descriptions: string[]): Promise<OpenOrder[]> {
  const bodies = [...new Set(descriptions.flatMap(referencedNumbers))].map((b) => `KK${b}`);
  // Spelled out with an alias: in a select list Drizzle leaves columns unqualified, and "id" inside the subquery
  // would be the payment's own id.
  const received = sql<number>`coalesce((select sum(p.amount_minor) from ${s.payments} p where p.order_id = "orders"."id" and p.state = 'complete'), 0)::int`;
  const open = and(ne(s.orders.paymentState, 'complete'), ne(s.orders.status, 'cancelled'));
  const rows = await db
    .select({
      ...columns(s.orders, 'number', 'currency', 'totalMinor', 'paymentState', 'status', 'shippingAddress', 'billingAddress'),
      received,
      version: orderVersionSql(sql`"orders"."id"`),
    })
    .from(s.orders)
    .where(bodies.length ? sql`(${open}) or upper(replace(${s.orders.number}, '-', '')) in ${bodies}` : open);
  return rows.map((o) => ({
    number: o.number,
    currency: o.currency,
    totalMinor: o.totalMinor,
    dueMinor: Math.max(0, o.totalMinor - Number(o.received)),
    open: o.paymentState !== 'complete' && o.status !== 'cancelled',
    names: [...new Set([name(o.billingAddress), name(o.shippingAddress)])],
    version: o.version,
  }));
}

/**
 * The open orders staff may assign a credit to, for the search on the bank page: by order number, customer name
 * or amount ("12,50"); all of them without a query.
 */
export function searchOpenOrders(orders: OpenOrder[], query: string): OpenOrder[] {
  const q = query.trim().toLowerCase();
  const open = orders.filter((o) => o.open);
  if (!q) return open;
  const amount = /^[0-9.,]+$/.test(q) ? parseAmount(q, q.includes(',') ? ',' : '.') : null;
  const compact = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  return open.filter(
    (o) =>
      (compact(q).length >= 2 && compact(o.number).includes(compact(q))) ||
      o.names.some((n) => n.toLowerCase().includes(q)) ||
      (amount !== null && (o.dueMinor === amount.minor || o.totalMinor === amount.minor)),
  );
}

/**
 * Marks a credit "not for an order" with staff's note, by its stable key; a line already booked stays booked.
 * Returns whether it was marked now (false: booked or marked before).
 */
export async function ignoreLine(db: Db, actor: Actor, key: string, note: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select({ id: s.payments.id }).from(s.payments).where(and(eq(s.payments.provider, 'bank'), eq(s.payments.reference, key)));
    if (payment) return false;
    const [row] = await tx.insert(s.bankIgnoredLines).values({ key, note, staffId: actor.staffId, createdAt: now }).onConflictDoNothing().returning({ key: s.bankIgnoredLines.key });
    if (row) await recordAudit(tx, actor, { action: 'bank.line_ignored', entity: 'bank_line', entityId: key, after: { note } }, now);
    return !!row;
  });
}

/** A stored statement with each line's match; null for an unknown hash. Reads only. */
export async function statementPreview(db: Db, hash: string) {
  const [statement] = await db.select().from(s.bankStatements).where(eq(s.bankStatements.hash, hash));
  if (!statement) return null;
  const credits = statement.lines.filter((l) => l.credit);
  const keys = credits.map((l) => l.key);
  // Lines booked before keys left out the position were booked under their legacy key.
  const bookedKeys = [...keys, ...credits.flatMap((l) => (l.legacyKey ? [l.legacyKey] : []))];
  const [orders, bookedRows, ignoredRows] = await Promise.all([
    matchOrders(
      db,
      credits.map((l) => l.description),
    ),
    credits.length
      ? db
          .select({ key: s.payments.reference, number: s.orders.number })
          .from(s.payments)
          .innerJoin(s.orders, eq(s.orders.id, s.payments.orderId))
          .where(and(eq(s.payments.provider, 'bank'), inArray(s.payments.reference, bookedKeys)))
      : Promise.resolve([]),
    keys.length ? db.select({ key: s.bankIgnoredLines.key, note: s.bankIgnoredLines.note }).from(s.bankIgnoredLines).where(inArray(s.bankIgnoredLines.key, keys)) : Promise.resolve([]),
  ]);
  const booked = new Map(bookedRows.map((r) => [r.key, r.number]));
  for (const l of credits) if (l.legacyKey && booked.has(l.legacyKey) && !booked.has(l.key)) booked.set(l.key, booked.get(l.legacyKey)!);
  const ignored = new Map(ignoredRows.map((r) => [r.key, r.note]));
  const rows: PreviewRow[] = matchLines(statement.lines, orders, booked, ignored).map((r, index) => ({ index, ...r }));
  const counts = { matched: 0, ambiguous: 0, unmatched: 0, ignored: 0, booked: 0, debit: 0 };
  for (const r of rows) counts[r.match.kind]++;
  return { hash, fileName: statement.fileName, format: statement.format, account: statement.account, createdAt: statement.createdAt, rows, counts, orders };
}

