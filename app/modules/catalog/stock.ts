// Stock and prices in the back office (ADR 034): pure rules shared by the pages, the server and the tests.
import { dutchNumber } from '~/lib/format.ts';
import { CURRENCIES, type Currency } from './pack-pricing.ts';

import type { StockReason } from '~/lib/db-enums.ts';

export { stockReasons, type StockReason } from '~/lib/db-enums.ts';
export const formReasons = ['stocktake', 'received', 'correction', 'damaged', 'returned'] as const satisfies readonly StockReason[];

/** The low-stock threshold a pack starts with (the shop's former fixed LOW_STOCK). */
export const DEFAULT_LOW_STOCK = 5;
export const MAX_LOW_STOCK = 10_000;
/** The most one pack can hold; keeps every sum far from integer overflow. */
export const MAX_STOCK = 1_000_000;
/** A price above this (in minor units) is a typo, not a seed pack. */
export const MAX_PRICE_MINOR = 10_000_000;
export const STOCK_NOTE_MAX = 200;
export const STOCK_PAGE_SIZE = 50;

export const isLow = (stock: number, threshold: number) => stock <= threshold;

// ---- bulk price change -------------------------------------------------------------------------

/** How a changed price is rounded: to the cent, or to the nearest price ending in ,95 (like the price list). */
export const roundings = ['cent', 'x95'] as const;
export type Rounding = (typeof roundings)[number];
/** The percentage is given in hundredths (basis points): -90 % … +300 %. */
export const MIN_PERCENT_BP = -9000;
export const MAX_PERCENT_BP = 30000;

/**
 * The new price for a percentage change. The exact amount is rounded half up to the cent; 'x95' then takes
 * the nearest whole amount minus 5 cents (22,75 → 22,95; 22,40 → 21,95), at least 0,95. Integer arithmetic
 * only: old × (10000 + bp) stays far below 2^53.
 */
export function changedPrice(oldMinor: number, percentBp: number, rounding: Rounding): number {
  const exact = Math.floor((oldMinor * (10000 + percentBp) + 5000) / 10000);
  if (rounding === 'cent') return Math.max(1, exact);
  return Math.max(95, Math.round((exact + 5) / 100) * 100 - 5);
}

/** "12,5" or "-10" or "+7.25" (a percentage) to basis points; null when it is not one. */
export function parsePercent(raw: string): number | null {
  const m = /^([+-]?)(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(raw.trim().replace(/\s|%/g, ''));
  if (!m) return null;
  const bp = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -bp : bp;
}

export const formatPercent = (bp: number) => `${bp > 0 ? '+' : bp < 0 ? '−' : ''}${dutchNumber(Math.abs(bp) / 100, 0, 2)}%`;

// ---- money in forms and files ------------------------------------------------------------------

/** "12,34", "12.34", "12" or "€ 12,34" to minor units; null when it is not an amount (no thousands separators). */
export function parsePrice(raw: string): number | null {
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(raw.trim().replace(/^[€£$]|^(CHF|EUR|GBP|USD|CAD|AUD|NZD)/i, '').trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** Minor units as a form value: 1234 → "12,34". */
export const priceInput = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

// ---- CSV import ---------------------------------------------------------------------------------

/** The export's columns; the import reads them by name (any order, unknown columns ignored). */
export const CSV_COLUMNS = {
  sku: 'sku',
  strain: 'soort',
  seeds: 'zaden',
  free: 'gratis',
  stock: 'voorraad',
  newStock: 'nieuwe voorraad',
  threshold: 'drempel laag',
} as const;

export type PackState = { id: number; sku: string; name: string; seeds: number; isFree: boolean; stock: number; threshold: number; prices: Partial<Record<Currency, number>> };

export type ImportChange = {
  line: number;
  packId: number;
  sku: string;
  name: string;
  seeds: number;
  /** The file's stock column and its new count: the difference is what moves (sales since the export are kept). */
  stockDelta: number | null;
  stockNow: number;
  threshold: { from: number; to: number } | null;
  prices: { currency: Currency; from: number | null; to: number }[];
};
export type ImportError = { line: number; code: ImportErrorCode; detail?: string };
export type ImportErrorCode =
  | 'no_sku_column'
  | 'unknown_sku'
  | 'duplicate_sku'
  | 'stock'
  | 'stock_basis'
  | 'negative'
  | 'threshold'
  | 'price'
  | 'free_price'
  | 'too_many_lines'
  | 'empty';
export type ImportPlan = { changes: ImportChange[]; errors: ImportError[]; unchanged: number };

export const IMPORT_MAX_LINES = 5000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const cellNorm = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase();
/** The export puts a ' before text that a spreadsheet would run as a formula; read it back without. */
const unguard = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);
const wholeNumber = (raw: string, max: number): number | null => {
  const t = raw.trim();
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n <= max ? n : null;
};

/**
 * What importing these rows (header first, as split by splitCsv) would change, against the packs as they are.
 * Nothing is written here: the dry run shows this plan and the confirmation applies the same plan again, under
 * row locks, all or nothing. Empty cells leave a value as it is. Line numbers count the header as line 1.
 */
export function planImport(rows: string[][], packs: PackState[]): ImportPlan {
  const errors: ImportError[] = [];
  const changes: ImportChange[] = [];
  if (rows.length < 2) return { changes, errors: [{ line: 1, code: 'empty' }], unchanged: 0 };
  if (rows.length - 1 > IMPORT_MAX_LINES) return { changes, errors: [{ line: 1, code: 'too_many_lines', detail: String(IMPORT_MAX_LINES) }], unchanged: 0 };
  const header = rows[0]!.map(cellNorm);
  const col = (name: string) => header.indexOf(name);
  const at = {
    sku: col(CSV_COLUMNS.sku),
    stock: col(CSV_COLUMNS.stock),
    newStock: col(CSV_COLUMNS.newStock),
    threshold: col(CSV_COLUMNS.threshold),
  };
  if (at.sku < 0) return { changes, errors: [{ line: 1, code: 'no_sku_column' }], unchanged: 0 };
  const currencyAt = CURRENCIES.map((c) => [c, col(c.toLowerCase())] as const).filter(([, i]) => i >= 0);
  const bySku = new Map(packs.map((p) => [p.sku, p]));
  const seen = new Set<string>();
  let unchanged = 0;
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const cell = (index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');
    const sku = unguard(cell(at.sku));
    const pack = bySku.get(sku);
    if (!pack) return void errors.push({ line, code: 'unknown_sku', detail: sku });
    if (seen.has(sku)) return void errors.push({ line, code: 'duplicate_sku', detail: sku });
    seen.add(sku);
    const before = errors.length;
    let stockDelta: number | null = null;
    const newStockRaw = cell(at.newStock);
    if (newStockRaw !== '') {
      const next = wholeNumber(newStockRaw, MAX_STOCK);
      const basis = wholeNumber(cell(at.stock), MAX_STOCK);
      if (next === null) errors.push({ line, code: 'stock', detail: newStockRaw });
      else if (basis === null) errors.push({ line, code: 'stock_basis', detail: cell(at.stock) });
      else if (next !== basis) {
        stockDelta = next - basis;
        if (pack.stock + stockDelta < 0) errors.push({ line, code: 'negative', detail: String(pack.stock + stockDelta) });
        else if (pack.stock + stockDelta > MAX_STOCK) errors.push({ line, code: 'stock', detail: newStockRaw });
      }
    }
    let threshold: ImportChange['threshold'] = null;
    const thresholdRaw = cell(at.threshold);
    if (thresholdRaw !== '') {
      const to = wholeNumber(thresholdRaw, MAX_LOW_STOCK);
      if (to === null) errors.push({ line, code: 'threshold', detail: thresholdRaw });
      else if (to !== pack.threshold) threshold = { from: pack.threshold, to };
    }
    const prices: ImportChange['prices'] = [];
    for (const [currency, index] of currencyAt) {
      const raw = cell(index);
      if (raw === '') continue;
      const to = parsePrice(raw);
      const from = pack.prices[currency] ?? null;
      if (to === null || to > MAX_PRICE_MINOR || (to === 0 && !pack.isFree)) errors.push({ line, code: 'price', detail: `${currency} ${raw}` });
      else if (to !== from) {
        if (pack.isFree) errors.push({ line, code: 'free_price', detail: currency });
        else prices.push({ currency, from, to });
      }
    }
    if (errors.length > before) return;
    if (stockDelta === null && !threshold && prices.length === 0) unchanged++;
    else changes.push({ line, packId: pack.id, sku, name: pack.name, seeds: pack.seeds, stockDelta, stockNow: pack.stock, threshold, prices });
  });
  return { changes, errors, unchanged };
}

// ---- the list's filter (query string, also carried by the bulk form) ------------------------------

export type StockQuery = { q?: string; flowering?: 'photoperiod' | 'autoflower'; sex?: 'feminized' | 'regular'; seeds?: number; low?: boolean };
export const FILTER_PARAMS = { q: 'zoek', flowering: 'bloei', sex: 'geslacht', seeds: 'zaden', low: 'laag', page: 'pagina' } as const;

/** The filter from a query string or form; values it does not know are ignored rather than refused. */
export function readStockQuery(params: URLSearchParams | FormData): StockQuery & { page: number } {
  const get = (k: string) => {
    const v = params.get(k);
    return typeof v === 'string' ? v.trim() : '';
  };
  const flowering = get(FILTER_PARAMS.flowering);
  const sex = get(FILTER_PARAMS.sex);
  const seeds = Number(get(FILTER_PARAMS.seeds));
  const page = Math.floor(Number(get(FILTER_PARAMS.page)) || 1);
  return {
    q: get(FILTER_PARAMS.q).slice(0, 100) || undefined,
    flowering: flowering === 'photoperiod' || flowering === 'autoflower' ? flowering : undefined,
    sex: sex === 'feminized' || sex === 'regular' ? sex : undefined,
    seeds: Number.isInteger(seeds) && seeds > 0 && seeds <= 1000 ? seeds : undefined,
    low: get(FILTER_PARAMS.low) === '1' || undefined,
    page: Math.min(10_000, Math.max(1, page)),
  };
}

/** The filter back as query parameters (only what is set). */
export function stockQueryParams(q: StockQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.q) out.set(FILTER_PARAMS.q, q.q);
  if (q.flowering) out.set(FILTER_PARAMS.flowering, q.flowering);
  if (q.sex) out.set(FILTER_PARAMS.sex, q.sex);
  if (q.seeds) out.set(FILTER_PARAMS.seeds, String(q.seeds));
  if (q.low) out.set(FILTER_PARAMS.low, '1');
  return out;
}
