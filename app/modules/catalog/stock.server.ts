// Stock and prices in the back office (ADR 034): the list, a stock change as a recorded movement, a pack's
// threshold and prices, a bulk price change by percentage, and CSV export and import. Stock only ever moves by
// `stock = stock + delta` in one UPDATE (the row lock it takes serialises it with checkouts' decrements), so no
// staff edit overwrites a sale. Every write is audited in its own transaction and drops the cached catalogue.
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { CSV_BOM, CsvTooLongError, csvLine, type CsvValue, splitCsv } from '~/lib/csv.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { invalidateCatalogue, stockChanged } from './catalog.server.ts';
import { CURRENCIES, type Currency } from './pack-pricing.ts';
import {
  changedPrice,
  CSV_COLUMNS,
  type ImportPlan,
  IMPORT_MAX_LINES,
  MAX_STOCK,
  type PackState,
  planImport,
  type Rounding,
  STOCK_PAGE_SIZE,
  type StockQuery,
  type StockReason,
} from './stock.ts';

export type StockErrorCode = 'not_found' | 'negative' | 'too_much' | 'no_change' | 'free_price' | 'stale' | 'nothing_selected' | 'import_errors';

/** A refused change; an import's refusal carries its plan (each line's errors). */
export class StockError extends Error {
  constructor(
    readonly code: StockErrorCode,
    readonly plan?: ImportPlan,
  ) {
    super(code);
  }
}

/** `done: false`: this form was handled before (a double submit), nothing changed now. */
export type Outcome = { done: boolean };

async function claimKey(tx: Db, key: string, action: string, actor: Actor): Promise<boolean> {
  const claimed = await tx.insert(s.catalogueActionKeys).values({ key, action, staffId: actor.staffId }).onConflictDoNothing().returning({ key: s.catalogueActionKeys.key });
  return claimed.length > 0;
}

// ---- the list ---------------------------------------------------------------------------------

export type StockFilter = StockQuery;

function filterConditions(f: StockFilter): SQL[] {
  const parts: SQL[] = [];
  const q = f.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(s.products.name, like), ilike(s.productPacks.sku, like))!);
  }
  if (f.flowering) parts.push(eq(s.products.flowering, f.flowering));
  if (f.sex) parts.push(eq(s.products.sex, f.sex));
  if (f.seeds) parts.push(eq(s.productPacks.seeds, f.seeds));
  if (f.low) parts.push(sql`${s.productPacks.stock} <= ${s.productPacks.lowStockThreshold}`);
  return parts;
}

export type StockRow = {
  packId: number;
  sku: string;
  strain: string;
  slug: string;
  seeds: number;
  isFree: boolean;
  stock: number;
  threshold: number;
  prices: Partial<Record<Currency, number>>;
};

async function pricesOf(db: Db, packIds: number[]): Promise<Map<number, Partial<Record<Currency, number>>>> {
  const map = new Map<number, Partial<Record<Currency, number>>>();
  if (packIds.length === 0) return map;
  const rows = await db.select().from(s.packPrices).where(inArray(s.packPrices.packId, packIds));
  for (const r of rows) map.set(r.packId, { ...map.get(r.packId), [r.currency]: r.priceMinor });
  return map;
}

const packColumns = {
  packId: s.productPacks.id,
  sku: s.productPacks.sku,
  strain: s.products.name,
  slug: s.products.slug,
  ...columns(s.productPacks, 'seeds', 'isFree', 'stock'),
  threshold: s.productPacks.lowStockThreshold,
};

/** One page of packs (strain name, then pack size), the total, and how many packs are low across the shop. */
export async function listStock(db: Db, filter: StockFilter, page = 1): Promise<{ rows: StockRow[]; total: number; lowTotal: number }> {
  const where = and(...filterConditions(filter));
  const [rows, [total], [low]] = await Promise.all([
    db
      .select(packColumns)
      .from(s.productPacks)
      .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
      .where(where)
      .orderBy(asc(s.products.name), asc(s.productPacks.isFree), asc(s.productPacks.seeds))
      .limit(STOCK_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * STOCK_PAGE_SIZE),
    db.select({ n: count() }).from(s.productPacks).innerJoin(s.products, eq(s.products.id, s.productPacks.productId)).where(where),
    db.select({ n: count() }).from(s.productPacks).where(sql`${s.productPacks.stock} <= ${s.productPacks.lowStockThreshold}`),
  ]);
  const prices = await pricesOf(
    db,
    rows.map((r) => r.packId),
  );
  return { rows: rows.map((r) => ({ ...r, prices: prices.get(r.packId) ?? {} })), total: total?.n ?? 0, lowTotal: low?.n ?? 0 };
}

export type MovementRow = { id: number; delta: number; reason: StockReason; note: string | null; actor: string; resultingStock: number; createdAt: Date };

/** A pack with its prices and its latest movements; null when there is no such pack. */
export async function packDetail(db: Db, packId: number): Promise<{ pack: StockRow; movements: MovementRow[] } | null> {
  const [row] = await db.select(packColumns).from(s.productPacks).innerJoin(s.products, eq(s.products.id, s.productPacks.productId)).where(eq(s.productPacks.id, packId));
  if (!row) return null;
  const [prices, movements] = await Promise.all([
    pricesOf(db, [packId]),
    db
      .select({
        ...columns(s.stockMovements, 'id', 'delta', 'reason', 'note'),
        // Staff know each other by name; the stored label (an e-mail, or the import's) when the member has none.
        actor: sql<string>`coalesce(nullif(${s.staffUsers.name}, ''), ${s.stockMovements.actor})`,
        resultingStock: s.stockMovements.resultingStock,
        createdAt: s.stockMovements.createdAt,
      })
      .from(s.stockMovements)
      .leftJoin(s.staffUsers, eq(s.staffUsers.id, s.stockMovements.staffId))
      .where(eq(s.stockMovements.packId, packId))
      .orderBy(desc(s.stockMovements.createdAt), desc(s.stockMovements.id))
      .limit(50),
  ]);
  return { pack: { ...row, prices: prices.get(packId) ?? {} }, movements };
}

// ---- a stock change ---------------------------------------------------------------------------

/**
 * Staff give either a new count (a stocktake: `basis` is the stock the form showed, so sales since then are
 * kept) or a difference (goods received, damage). Either becomes one delta, added in one statement.
 */
export type StockChange = { key: string; packId: number; mode: 'count' | 'delta'; amount: number; basis: number; reason: StockReason; note: string | null };

/** Moves stock by `delta` under the row lock of the UPDATE itself and records the movement; inside a transaction. */
async function moveStock(tx: Db, actor: Actor, packId: number, delta: number, reason: StockReason, note: string | null, now: Date): Promise<number> {
  const [moved] = await tx
    .update(s.productPacks)
    .set({ stock: sql`${s.productPacks.stock} + ${delta}` })
    .where(and(eq(s.productPacks.id, packId), sql`${s.productPacks.stock} + ${delta} >= 0`, sql`${s.productPacks.stock} + ${delta} <= ${MAX_STOCK}`))
    .returning({ stock: s.productPacks.stock });
  if (!moved) {
    const [exists] = await tx.select({ stock: s.productPacks.stock }).from(s.productPacks).where(eq(s.productPacks.id, packId));
    if (!exists) throw new StockError('not_found');
    throw new StockError(exists.stock + delta < 0 ? 'negative' : 'too_much');
  }
  await tx.insert(s.stockMovements).values({ packId, delta, reason, note, staffId: actor.staffId, actor: actor.label, resultingStock: moved.stock, createdAt: now });
  return moved.stock;
}

export async function changeStock(db: Db, actor: Actor, input: StockChange, now = new Date()): Promise<Outcome & { stock?: number; delta?: number }> {
  const delta = input.mode === 'count' ? input.amount - input.basis : input.amount;
  if (delta === 0) throw new StockError('no_change');
  const outcome = await db.transaction(async (tx) => {
    if (!(await claimKey(tx, input.key, 'stock.change', actor))) return { done: false };
    const stock = await moveStock(tx, actor, input.packId, delta, input.reason, input.note, now);
    await recordAudit(
      tx,
      actor,
      { action: 'stock.change', entity: 'pack', entityId: input.packId, before: { stock: stock - delta }, after: { stock, delta, reason: input.reason, note: input.note, mode: input.mode } },
      now,
    );
    return { done: true, stock, delta };
  });
  if (outcome.done) await stockChanged(db);
  return outcome;
}

// ---- threshold and prices of one pack ----------------------------------------------------------

export type PackSettings = { packId: number; threshold: number; prices: Partial<Record<Currency, number>> };

/** Sets a pack's low-stock threshold and prices (absolute values: submitting twice changes nothing more). */
export async function updatePackSettings(db: Db, actor: Actor, input: PackSettings, now = new Date()): Promise<{ changed: boolean }> {
  const changed = await db.transaction(async (tx) => {
    const [pack] = await tx.select().from(s.productPacks).where(eq(s.productPacks.id, input.packId)).for('update');
    if (!pack) throw new StockError('not_found');
    const current = (await pricesOf(tx, [pack.id])).get(pack.id) ?? {};
    const priceChanges = CURRENCIES.filter((c) => input.prices[c] !== undefined && input.prices[c] !== current[c]);
    if (pack.isFree && priceChanges.length > 0) throw new StockError('free_price');
    if (priceChanges.length === 0 && input.threshold === pack.lowStockThreshold) return false;
    if (input.threshold !== pack.lowStockThreshold) await tx.update(s.productPacks).set({ lowStockThreshold: input.threshold }).where(eq(s.productPacks.id, pack.id));
    for (const c of priceChanges) {
      await tx
        .insert(s.packPrices)
        .values({ packId: pack.id, currency: c, priceMinor: input.prices[c]! })
        .onConflictDoUpdate({ target: [s.packPrices.packId, s.packPrices.currency], set: { priceMinor: input.prices[c]! } });
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'pack.update',
        entity: 'pack',
        entityId: pack.id,
        before: { threshold: pack.lowStockThreshold, prices: Object.fromEntries(priceChanges.map((c) => [c, current[c] ?? null])) },
        after: { threshold: input.threshold, prices: Object.fromEntries(priceChanges.map((c) => [c, input.prices[c]])) },
      },
      now,
    );
    return true;
  });
  if (changed) invalidateCatalogue(db);
  return { changed };
}

// ---- bulk price change --------------------------------------------------------------------------

export type BulkInput = { filter: StockFilter; percentBp: number; rounding: Rounding; currencies: Currency[] };
export type BulkLine = { packId: number; sku: string; strain: string; seeds: number; currency: Currency; from: number; to: number };
export type BulkPreview = { lines: BulkLine[]; packs: number; fingerprint: string };

/** The prices a bulk change touches (free packs never: they are gifts at 0), in pack and currency order. */
function bulkSelection(db: Db, input: BulkInput, lock: boolean) {
  const query = db
    .select({ packId: s.productPacks.id, sku: s.productPacks.sku, strain: s.products.name, seeds: s.productPacks.seeds, currency: s.packPrices.currency, from: s.packPrices.priceMinor })
    .from(s.packPrices)
    .innerJoin(s.productPacks, eq(s.productPacks.id, s.packPrices.packId))
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(and(...filterConditions(input.filter), eq(s.productPacks.isFree, false), inArray(s.packPrices.currency, input.currencies)))
    .orderBy(asc(s.products.name), asc(s.productPacks.seeds), asc(s.packPrices.packId), asc(s.packPrices.currency));
  return lock ? query.for('update', { of: s.packPrices }) : query;
}

/** What the prices now are: applying refuses when they moved since the preview staff looked at. */
const fingerprintOf = (rows: { packId: number; currency: string; from: number }[]) =>
  crypto
    .createHash('sha256')
    .update(rows.map((r) => `${r.packId}:${r.currency}:${r.from}`).join(','))
    .digest('hex');

function withNewPrices(rows: Awaited<ReturnType<typeof bulkSelection>>, input: BulkInput): BulkPreview {
  const lines = rows.map((r) => ({ ...r, currency: r.currency as Currency, to: changedPrice(r.from, input.percentBp, input.rounding) }));
  return { lines, packs: new Set(lines.map((l) => l.packId)).size, fingerprint: fingerprintOf(rows) };
}

export async function previewBulkPrices(db: Db, input: BulkInput): Promise<BulkPreview> {
  return withNewPrices(await bulkSelection(db, input, false), input);
}

/** Applies a previewed bulk change in one transaction, once per form key; refuses when prices moved since the preview. */
export async function applyBulkPrices(db: Db, actor: Actor, input: BulkInput & { key: string; fingerprint: string }, now = new Date()): Promise<Outcome & { changed?: number }> {
  const outcome = await db.transaction(async (tx) => {
    if (!(await claimKey(tx, input.key, 'prices.bulk', actor))) return { done: false };
    const preview = withNewPrices(await bulkSelection(tx, input, true), input);
    if (preview.lines.length === 0) throw new StockError('nothing_selected');
    if (preview.fingerprint !== input.fingerprint) throw new StockError('stale');
    const changes = preview.lines.filter((l) => l.to !== l.from);
    if (changes.length > 0) {
      const json = JSON.stringify(changes.map((c) => ({ p: c.packId, c: c.currency, v: c.to })));
      await tx.execute(sql`update pack_prices pp set price_minor = (x->>'v')::int
        from jsonb_array_elements(${json}::jsonb) x
        where pp.pack_id = (x->>'p')::int and pp.currency = x->>'c'`);
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'prices.bulk',
        entity: 'prices',
        entityId: `${input.percentBp}bp`,
        before: changes.map((c) => ({ sku: c.sku, currency: c.currency, price: c.from })),
        after: { filter: input.filter, percentBp: input.percentBp, rounding: input.rounding, currencies: input.currencies, changes: changes.map((c) => ({ sku: c.sku, currency: c.currency, price: c.to })) },
      },
      now,
    );
    return { done: true, changed: changes.length };
  });
  if (outcome.done) invalidateCatalogue(db);
  return outcome;
}

// ---- CSV export ---------------------------------------------------------------------------------

const exportHeader = (): CsvValue[] => [CSV_COLUMNS.sku, CSV_COLUMNS.strain, CSV_COLUMNS.seeds, CSV_COLUMNS.free, CSV_COLUMNS.stock, CSV_COLUMNS.newStock, CSV_COLUMNS.threshold, ...CURRENCIES];

/**
 * Every pack with its stock, threshold and prices, as a CSV for a spreadsheet (lib/csv.ts: BOM, ';', decimal
 * comma, text that would run as a formula neutralised). "nieuwe voorraad" is left empty for a count to fill in.
 */
export async function stockCsv(db: Db, actor: Actor, now = new Date()): Promise<string> {
  const rows = await db
    .select(packColumns)
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .orderBy(asc(s.products.name), asc(s.productPacks.isFree), asc(s.productPacks.seeds));
  const prices = await pricesOf(
    db,
    rows.map((r) => r.packId),
  );
  await db.transaction((tx) => recordAudit(tx, actor, { action: 'export.stock', entity: 'export', entityId: 'voorraad', after: { packs: rows.length } }, now));
  const lines = rows.map((r) => {
    const p = prices.get(r.packId) ?? {};
    return csvLine([r.sku, r.strain, r.seeds, r.isFree ? 'ja' : 'nee', r.stock, '', r.threshold, ...CURRENCIES.map((c) => (p[c] === undefined ? '' : { minor: p[c] }))]);
  });
  return CSV_BOM + csvLine(exportHeader()) + lines.join('');
}

// ---- CSV import ---------------------------------------------------------------------------------

/** The file's text: UTF-8 (a BOM is fine), or Windows-1252 from an older spreadsheet program. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function rowsOf(text: string): string[][] | ImportPlan {
  try {
    return splitCsv(text);
  } catch (e) {
    if (e instanceof CsvTooLongError) return { changes: [], errors: [{ line: 1, code: 'too_many_lines', detail: String(IMPORT_MAX_LINES) }], unchanged: 0 };
    throw e;
  }
}

async function packStates(db: Db, lock: boolean): Promise<PackState[]> {
  const query = db
    .select({ id: s.productPacks.id, sku: s.productPacks.sku, name: s.products.name, seeds: s.productPacks.seeds, isFree: s.productPacks.isFree, stock: s.productPacks.stock, threshold: s.productPacks.lowStockThreshold })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .orderBy(asc(s.productPacks.id));
  const packs = await (lock ? query.for('update', { of: s.productPacks }) : query);
  const prices = await queryRows<{ pack_id: number; currency: string; price_minor: number }>(db, sql`select pack_id, currency, price_minor from pack_prices`);
  const map = new Map<number, Partial<Record<Currency, number>>>();
  for (const r of prices) map.set(r.pack_id, { ...map.get(r.pack_id), [r.currency]: r.price_minor });
  return packs.map((p) => ({ ...p, prices: map.get(p.id) ?? {} }));
}

/** The dry run: what the file would change and what is wrong with it, per line. Writes nothing. */
export async function importPreview(db: Db, text: string): Promise<ImportPlan> {
  const rows = rowsOf(text);
  if (!Array.isArray(rows)) return rows;
  return planImport(rows, await packStates(db, false));
}

/**
 * Applies a file all or nothing: under the row locks of every pack (taken in id order, like checkouts take
 * theirs) the plan is made again from the same text; any error refuses the whole file. Stock moves by each
 * line's difference (new count minus the file's stock), so sales since the export are kept.
 */
export async function importApply(db: Db, actor: Actor, input: { key: string; text: string; fileName: string }, now = new Date()): Promise<Outcome & { plan?: ImportPlan }> {
  const rows = rowsOf(input.text);
  if (!Array.isArray(rows)) throw new StockError('import_errors', rows);
  const outcome = await db.transaction(async (tx) => {
    if (!(await claimKey(tx, input.key, 'stock.import', actor))) return { done: false };
    const plan = planImport(rows, await packStates(tx, true));
    if (plan.errors.length > 0) throw new StockError('import_errors', plan);
    if (plan.changes.length === 0) throw new StockError('no_change');
    const note = `CSV-import ${input.fileName}`.slice(0, 200);
    for (const c of [...plan.changes].sort((a, b) => a.packId - b.packId)) {
      if (c.stockDelta !== null) await moveStock(tx, actor, c.packId, c.stockDelta, 'import', `${note}, regel ${c.line}`, now);
      if (c.threshold) await tx.update(s.productPacks).set({ lowStockThreshold: c.threshold.to }).where(eq(s.productPacks.id, c.packId));
      for (const p of c.prices) {
        await tx
          .insert(s.packPrices)
          .values({ packId: c.packId, currency: p.currency, priceMinor: p.to })
          .onConflictDoUpdate({ target: [s.packPrices.packId, s.packPrices.currency], set: { priceMinor: p.to } });
      }
    }
    await recordAudit(
      tx,
      actor,
      {
        action: 'stock.import',
        entity: 'import',
        entityId: input.fileName.slice(0, 100),
        before: plan.changes.map((c) => ({ sku: c.sku, stock: c.stockNow, threshold: c.threshold?.from, prices: Object.fromEntries(c.prices.map((p) => [p.currency, p.from])) })),
        after: plan.changes.map((c) => ({ sku: c.sku, stockDelta: c.stockDelta, threshold: c.threshold?.to, prices: Object.fromEntries(c.prices.map((p) => [p.currency, p.to])) })),
      },
      now,
    );
    return { done: true, plan };
  });
  if (outcome.done) invalidateCatalogue(db);
  return outcome;
}
