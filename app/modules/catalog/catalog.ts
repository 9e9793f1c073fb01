// Pure catalogue logic: the in-memory read model, filters, sort and pagination.
// The whole catalogue (hundreds of strains) fits in memory, so listing never waits on the database.

import { LOW_STOCK } from '~/lib/db-enums.ts';
import type { Filter, FilterGroup, ProductFilters } from '~/lib/settings.ts';

export { LOW_STOCK };

/**
 * Pages show stock only as sold out, a count up to the pack's threshold, or available, so the cached catalogue keeps
 * it capped here and a sale that leaves a pack at or above the cap changes no page (catalog.server.ts stockChanged).
 * The cap is above the threshold so the low counts stay exact; free-pack promotions give fewer packs than
 * STOCK_SHOWN_BELOW per order, so their `stock >= quantity` check has the same outcome on a capped or stale count.
 */
export const STOCK_SHOWN_BELOW = 10;
export const stockCap = (lowStock: number = LOW_STOCK) => Math.max(STOCK_SHOWN_BELOW, lowStock + 1);
export const shownStock = (stock: number, lowStock: number = LOW_STOCK) => Math.min(stock, stockCap(lowStock));

export type Pack = { id: number; seeds: number; isFree: boolean; stock: number; lowStock: number; prices: Record<string, number> };

export type Product = {
  id: number;
  slug: string;
  name: string;
  breeder: string;
  genetics: string;
  lineage: string[];
  flowering: 'photoperiod' | 'autoflower';
  sex: 'feminized' | 'regular';
  type: 'indica' | 'mostly_indica' | 'hybrid' | 'mostly_sativa' | 'sativa';
  indicaPercent: number;
  thc: number;
  cbd: number;
  cbg: number;
  yieldIndoor: number;
  yieldOutdoor: number;
  heightIndoor: number;
  heightOutdoor: number;
  climates: string[];
  floweringDaysMin: number;
  floweringDaysMax: number;
  flavours: string[];
  terpenes: string[];
  effects: string[];
  difficulty: 'beginner' | 'advanced' | 'expert';
  genotype: 'landrace' | 'ibl' | 'f1_hybrid' | 'polyhybrid' | 'auto_hybrid';
  growSettings: ('indoor' | 'outdoor' | 'greenhouse')[];
  summary: string;
  description: string;
  popularity: number;
  ratingAvg: number;
  reviewCount: number;
  publishedAt: string;
  /** Version of the photo staff uploaded; none: the generated artwork is shown. */
  image?: string | null;
  counterpartSlug: string | null;
  relatedSlugs: string[];
  collections: string[];
  packs: Pack[];
};

/** What search matches on, most important first (stored in products.search_document). */
export function strainSearchDocument(st: Pick<Product, 'name' | 'genetics' | 'lineage' | 'breeder' | 'flavours' | 'effects' | 'terpenes'>): string {
  return [st.name, st.genetics, st.lineage.join(' '), st.breeder, st.flavours.join(' '), st.effects.join(' '), st.terpenes.join(' ')].join(' ');
}

export const SORTS = ['populariteit', 'beoordeling', 'aantal-beoordelingen', 'naam', 'prijs', 'thc', 'cbd', 'opbrengst-binnen', 'opbrengst-buiten'] as const;
/** 'relevantie' keeps the given order (search results); it is not offered in the sort menu. */
export type Sort = (typeof SORTS)[number] | 'relevantie';

export type Range = { min?: number; max?: number };
export type CatalogueQuery = {
  identity: string[]; // feminized | regular | autoflower | photoperiod
  type: string[];
  difficulty: string[];
  climate: string[];
  effect: string[];
  flavour: string[];
  thc: Range; // percent
  cbd: Range; // percent
  floweringMax?: number; // days
  yieldIndoorMin?: number; // g/m²
  heightIndoorMax?: number; // cm
  collection?: string;
  sort: Sort;
  page: number;
};

export const PAGE_SIZE = 24;

export const emptyQuery = (): CatalogueQuery => ({
  identity: [],
  type: [],
  difficulty: [],
  climate: [],
  effect: [],
  flavour: [],
  thc: {},
  cbd: {},
  sort: 'populariteit',
  page: 1,
});

/** Cheapest sellable pack price in a currency (null when nothing is for sale). */
export function fromPrice(p: Product, currency: string): number | null {
  let best: number | null = null;
  for (const pack of p.packs) {
    const price = pack.prices[currency];
    if (pack.isFree || price === undefined || pack.stock <= 0) continue;
    if (best === null || price < best) best = price;
  }
  return best;
}

const inRange = (value: number, r: Range) => (r.min === undefined || value >= r.min) && (r.max === undefined || value <= r.max);
const anyOf = (wanted: string[], has: string[]) => wanted.length === 0 || wanted.some((w) => has.includes(w));

export function matches(p: Product, q: CatalogueQuery): boolean {
  // Within a group the options are alternatives (OR), between groups they narrow (AND);
  // identity combines the two independent axes: flowering and sex.
  const flowering = q.identity.filter((i) => i === 'autoflower' || i === 'photoperiod');
  const sex = q.identity.filter((i) => i === 'feminized' || i === 'regular');
  return (
    anyOf(flowering, [p.flowering]) &&
    anyOf(sex, [p.sex]) &&
    anyOf(q.type, [p.type]) &&
    anyOf(q.difficulty, [p.difficulty]) &&
    anyOf(q.climate, p.climates) &&
    anyOf(q.effect, p.effects) &&
    anyOf(q.flavour, p.flavours) &&
    inRange(p.thc / 10, q.thc) &&
    inRange(p.cbd / 10, q.cbd) &&
    (q.floweringMax === undefined || p.floweringDaysMax <= q.floweringMax) &&
    (q.yieldIndoorMin === undefined || p.yieldIndoor >= q.yieldIndoorMin) &&
    (q.heightIndoorMax === undefined || p.heightIndoor <= q.heightIndoorMax) &&
    (q.collection === undefined || p.collections.includes(q.collection))
  );
}

export function compare(sort: Sort, currency: string): (a: Product, b: Product) => number {
  const desc = (f: (p: Product) => number) => (a: Product, b: Product) => f(b) - f(a);
  const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'nl');
  if (sort === 'relevantie') return () => 0;
  const primary: Record<Exclude<Sort, 'relevantie'>, (a: Product, b: Product) => number> = {
    populariteit: desc((p) => p.popularity),
    beoordeling: desc((p) => p.ratingAvg * 10_000 + p.reviewCount),
    'aantal-beoordelingen': desc((p) => p.reviewCount),
    naam: byName,
    // Cheapest first; strains with nothing for sale go last.
    prijs: (a, b) => (fromPrice(a, currency) ?? Number.MAX_SAFE_INTEGER) - (fromPrice(b, currency) ?? Number.MAX_SAFE_INTEGER),
    thc: desc((p) => p.thc),
    cbd: desc((p) => p.cbd),
    'opbrengst-binnen': desc((p) => p.yieldIndoor),
    'opbrengst-buiten': desc((p) => p.yieldOutdoor),
  };
  return (a, b) => primary[sort](a, b) || byName(a, b);
}

/** A group of the filter panel as the listing shows it: its public filters only, without the flag. */
export type ShownFilterGroup = Omit<FilterGroup, 'filters'> & { filters: Pick<Filter, 'id' | 'name'>[] };

/** The filter panel's groups: only public filters are shown (SPEC §3), and a group without one is left out. */
export function shownFilterGroups({ filterGroups }: ProductFilters): ShownFilterGroup[] {
  return filterGroups
    .map((g) => ({ ...g, filters: g.filters.filter((f) => f.public).map(({ id, name }) => ({ id, name })) }))
    .filter((g) => g.filters.length > 0);
}

export type ListResult = { items: Product[]; total: number; page: number; pageCount: number };

/** Filters, sorts and pages; `null` when the page is out of range (the route answers 404). */
export function listProducts(all: Product[], q: CatalogueQuery, currency: string): ListResult | null {
  const found = all.filter((p) => matches(p, q)).sort(compare(q.sort, currency));
  const pageCount = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  if (q.page < 1 || q.page > pageCount) return null;
  return { items: found.slice((q.page - 1) * PAGE_SIZE, q.page * PAGE_SIZE), total: found.length, page: q.page, pageCount };
}

/** What a product card needs; small, so listing pages send little data. */
export type ProductCardData = {
  id: number;
  slug: string;
  name: string;
  type: Product['type'];
  flowering: Product['flowering'];
  sex: Product['sex'];
  thc: number;
  cbd: number;
  floweringDaysMax: number;
  ratingAvg: number;
  reviewCount: number;
  summary: string;
  fromPrice: number | null;
  currency: string;
  image?: string | null;
};

export function toCard(p: Product, currency: string): ProductCardData {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    type: p.type,
    flowering: p.flowering,
    sex: p.sex,
    thc: p.thc,
    cbd: p.cbd,
    floweringDaysMax: p.floweringDaysMax,
    ratingAvg: p.ratingAvg,
    reviewCount: p.reviewCount,
    summary: p.summary,
    fromPrice: fromPrice(p, currency),
    currency,
    image: p.image ?? null,
  };
}

export const PRICE_LIST_SORTS = ['naam', 'prijs', 'thc', 'type'] as const;
export type PriceListSort = (typeof PRICE_LIST_SORTS)[number];

/** One row per strain with the price of each pack size (null when that pack is not sold). */
export function priceListRows(all: Product[], currency: string, sort: PriceListSort) {
  const rows = all.map((p) => ({
    slug: p.slug,
    name: p.name,
    type: p.type,
    thc: p.thc,
    prices: [1, 3, 5, 10].map((seeds) => {
      const pack = p.packs.find((k) => k.seeds === seeds && !k.isFree);
      const price = pack?.prices[currency];
      return pack && price !== undefined ? { price, soldOut: pack.stock <= 0 } : null;
    }),
  }));
  const byName = (a: (typeof rows)[number], b: (typeof rows)[number]) => a.name.localeCompare(b.name, 'nl');
  const order: Record<PriceListSort, (a: (typeof rows)[number], b: (typeof rows)[number]) => number> = {
    naam: byName,
    prijs: (a, b) => (a.prices[0]?.price ?? Infinity) - (b.prices[0]?.price ?? Infinity),
    thc: (a, b) => b.thc - a.thc,
    type: (a, b) => a.type.localeCompare(b.type),
  };
  return rows.sort((a, b) => order[sort](a, b) || byName(a, b));
}
