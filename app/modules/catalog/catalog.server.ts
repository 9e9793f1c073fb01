import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached, peekCached } from '~/lib/cache.server.ts';
import { CATALOGUE_KEY as KEY, invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
import { readCookie } from '~/lib/cookies.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { selectCarrierInfo } from '~/lib/regions.ts';
import { getShopData } from '~/lib/settings.server.ts';
import type { ProductFilters } from '~/lib/settings.ts';
import { type CatalogueQuery, listProducts, type Product, type ProductCardData, shownFilterGroups, shownStock, STOCK_SHOWN_BELOW, stockCap, toCard } from './catalog.ts';
import { PARAMS } from './catalog-params.ts';
import { parseCatalogueQuery } from './catalog.schemas.ts';
import { searchProductIds } from './search.server.ts';

/**
 * The whole catalogue as one in-memory snapshot (seven queries, no N+1). Reads are served from it;
 * writers call invalidateCatalogue(). It also expires after a minute for writes by other processes.
 * Only published strains are in it: a draft is on no shop page, in no search, sitemap or feed, and a
 * counterpart or related strain that is a draft is left out.
 */
export function loadCatalogue(db: Db): Promise<{ products: Product[]; bySlug: Map<string, Product>; byId: Map<number, Product> }> {
  return cached(db, KEY, 60_000, async () => {
    const [rows, packs, prices, memberships, collections, related, images] = await Promise.all([
      db.select().from(s.products).where(eq(s.products.status, 'published')).orderBy(asc(s.products.id)),
      db.select().from(s.productPacks).orderBy(asc(s.productPacks.seeds)),
      db.select().from(s.packPrices),
      db.select().from(s.productCollections),
      db.select({ id: s.collections.id, slug: s.collections.slug }).from(s.collections),
      db.select().from(s.relatedProducts).orderBy(asc(s.relatedProducts.position)),
      db.select({ productId: s.productImages.productId, version: s.productImages.version }).from(s.productImages),
    ]);
    const imageBy = new Map(images.map((i) => [i.productId, i.version]));
    const slugById = new Map(rows.map((r) => [r.id, r.slug]));
    const collectionSlug = new Map(collections.map((c) => [c.id, c.slug]));
    const priceMap = new Map<number, Record<string, number>>();
    for (const p of prices) priceMap.set(p.packId, { ...priceMap.get(p.packId), [p.currency]: p.priceMinor });
    const group = <T, K>(items: T[], key: (t: T) => K) => {
      const m = new Map<K, T[]>();
      for (const it of items) m.set(key(it), [...(m.get(key(it)) ?? []), it]);
      return m;
    };
    const packsBy = group(packs, (p) => p.productId);
    const collectionsBy = group(memberships, (m) => m.productId);
    const relatedBy = group(related, (r) => r.productId);

    const products: Product[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      breeder: r.breeder,
      genetics: r.genetics,
      lineage: r.lineage,
      flowering: r.flowering,
      sex: r.sex,
      type: r.type,
      indicaPercent: r.indicaPercent,
      thc: r.thc,
      cbd: r.cbd,
      cbg: r.cbg,
      yieldIndoor: r.yieldIndoor,
      yieldOutdoor: r.yieldOutdoor,
      heightIndoor: r.heightIndoor,
      heightOutdoor: r.heightOutdoor,
      climates: r.climates,
      floweringDaysMin: r.floweringDaysMin,
      floweringDaysMax: r.floweringDaysMax,
      flavours: r.flavours,
      terpenes: r.terpenes,
      effects: r.effects,
      difficulty: r.difficulty,
      genotype: r.genotype,
      growSettings: r.growSettings,
      summary: r.summary,
      description: r.description,
      popularity: r.popularity,
      ratingAvg: r.ratingAvg,
      reviewCount: r.reviewCount,
      publishedAt: r.publishedAt.toISOString(),
      image: imageBy.get(r.id) ?? null,
      counterpartSlug: r.counterpartId ? (slugById.get(r.counterpartId) ?? null) : null,
      relatedSlugs: (relatedBy.get(r.id) ?? []).map((x) => slugById.get(x.relatedId)).filter((x): x is string => !!x),
      collections: (collectionsBy.get(r.id) ?? []).map((m) => collectionSlug.get(m.collectionId)).filter((x): x is string => !!x),
      packs: (packsBy.get(r.id) ?? []).map((p) => ({
        id: p.id,
        seeds: p.seeds,
        isFree: p.isFree,
        stock: shownStock(p.stock, p.lowStockThreshold),
        lowStock: p.lowStockThreshold,
        prices: priceMap.get(p.id) ?? {},
      })),
    }));
    return { products, bySlug: new Map(products.map((p) => [p.slug, p])), byId: new Map(products.map((p) => [p.id, p])) };
  });
}

/** A cache key dropped with the catalogue (whatever holds stock, prices or ratings). */
export { catalogueKey, invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';

type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/**
 * After stock moved (an order placed, cancelled or expired, a payment failed or retried): drops the catalogue
 * and the cached pages only when what they show changed. The catalogue keeps stock capped (shownStock), so a
 * sale that leaves a pack at its cap (stockCap of its threshold) or more changes no page, and with orders flowing the page cache
 * stays warm. Compared against this process's copy; without one (or when the read fails) it invalidates, which
 * also reaches the other processes.
 */
export async function stockChanged(db: Db): Promise<void> {
  const mine = peekCached<Catalogue>(db, KEY);
  const [catalogue, low] = await Promise.all([
    mine?.catch(() => null),
    db
      .select({ id: s.productPacks.id, stock: s.productPacks.stock, lowStock: s.productPacks.lowStockThreshold })
      .from(s.productPacks)
      .where(sql`${s.productPacks.stock} < greatest(${STOCK_SHOWN_BELOW}, ${s.productPacks.lowStockThreshold} + 1)`)
      .catch(() => null),
  ]);
  if (!catalogue || !low || !sameLowStock(catalogue, low)) invalidateCatalogue(db);
}

function sameLowStock(catalogue: Catalogue, low: { id: number; stock: number; lowStock: number }[]): boolean {
  const shown = new Map<number, number>();
  for (const p of catalogue.products) for (const k of p.packs) if (k.stock < stockCap(k.lowStock)) shown.set(k.id, k.stock);
  // Every pack low in the database is low by the same count in the copy, and the copy has no other low pack.
  return low.length === shown.size && low.every((r) => shown.get(r.id) === shownStock(r.stock, r.lowStock));
}

// The filter panel's groups as JSON, made once per version of the shop's settings (getShopData's object is new after
// every change to them).
const filterGroupsJson = new WeakMap<ProductFilters, string>();

/**
 * Everything a listing page (/product, a collection) needs; null when the page is out of range.
 * The filter panel's groups travel as one JSON string (ListingData in product-listing.tsx): the same on every page,
 * and as a string the loader data's serialiser (turbo-stream, per value) writes it in one step, not its ~150 values.
 */
export async function productListing(db: Db, request: Request, overrides: Partial<CatalogueQuery> = {}) {
  const url = new URL(request.url);
  const query = parseCatalogueQuery(url.searchParams, overrides);
  const [{ products }, region, shop] = await Promise.all([loadCatalogue(db), regionForRequest(db, request), getShopData(db)]);
  // A search narrows the catalogue to the matches and, unless the visitor sorts, keeps their rank order.
  const q = url.searchParams.get('q')?.trim() ?? '';
  let pool = products;
  if (q) {
    const ids = await searchProductIds(db, q);
    const rank = new Map(ids.map((id, i) => [id, i]));
    pool = products.filter((p) => rank.has(p.id));
    if (!url.searchParams.has(PARAMS.sort)) pool.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  }
  const result = listProducts(pool, q && !url.searchParams.has(PARAMS.sort) ? { ...query, sort: 'relevantie' } : query, region.currency);
  if (!result) return null;
  let filterGroups = filterGroupsJson.get(shop.productFilters);
  if (filterGroups === undefined) filterGroupsJson.set(shop.productFilters, (filterGroups = JSON.stringify(shownFilterGroups(shop.productFilters))));
  return {
    q,
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    items: result.items.map((p) => toCard(p, region.currency)),
    filterGroups,
  };
}

export type CollectionSummary = { slug: string; name: string; description: string; icon: string | null; count: number };

/** The collections with how many strains each holds, in menu order. */
export async function listCollections(db: Db): Promise<CollectionSummary[]> {
  const [rows, { products }] = await Promise.all([
    cached(db, 'collections', 60_000, () => db.select().from(s.collections).orderBy(asc(s.collections.position))),
    loadCatalogue(db),
  ]);
  return rows.map((c) => ({
    slug: c.slug,
    name: c.name,
    description: c.description,
    icon: c.icon,
    count: products.filter((p) => p.collections.includes(c.slug)).length,
  }));
}

export async function getCollection(db: Db, slug: string) {
  return (await listCollections(db)).find((c) => c.slug === slug) ?? null;
}

/** The product page's data in the visitor's currency; null when the strain does not exist. */
export async function productPage(db: Db, request: Request, slug: string) {
  const [{ bySlug }, region, shop, collections] = await Promise.all([loadCatalogue(db), regionForRequest(db, request), getShopData(db), listCollections(db)]);
  const p = bySlug.get(slug);
  if (!p) return null;
  const currency = region.currency;
  const info = selectCarrierInfo(
    region.countries.map((c) => c.carrier),
    { default_country_id: region.defaultCountryId, locale: region.locale },
    readCookie(request, 'country'),
  );
  const country = region.countries.find((c) => c.id === info.id);
  const twin = p.counterpartSlug ? bySlug.get(p.counterpartSlug) : undefined;
  const { packs, relatedSlugs, counterpartSlug: _c, collections: memberOf, ...strain } = p;
  return {
    strain,
    currency,
    packs: packs
      .filter((k) => !k.isFree && k.prices[currency] !== undefined)
      .map((k) => ({ id: k.id, seeds: k.seeds, stock: k.stock, lowStock: k.lowStock, price: k.prices[currency]! })),
    collections: collections.filter((c) => memberOf.includes(c.slug)).map(({ slug, name }) => ({ slug, name })),
    counterpart: twin ? { slug: twin.slug, name: twin.name, flowering: twin.flowering } : null,
    related: relatedSlugs.map((r) => bySlug.get(r)).filter((r): r is Product => !!r).map((r) => toCard(r, currency)),
    shipping: country ? { country: country.name, min: info.min + info.delay, max: info.max + info.delay, freeFrom: info.free_from } : null,
    paymentOptions: shop.paymentOptions,
  };
}

export async function searchSuggestions(db: Db, request: Request, q: string) {
  if (q.trim().length < 2) return [];
  return productCards(db, request, (await searchProductIds(db, q)).slice(0, 6));
}

/** Cards for these product ids, in the given order and the visitor's currency; ids not in the catalogue are left out. */
export async function productCards(db: Db, request: Request, ids: readonly number[]): Promise<ProductCardData[]> {
  const [{ byId }, region] = await Promise.all([loadCatalogue(db), regionForRequest(db, request)]);
  return ids
    .map((id) => byId.get(id))
    .filter((p): p is Product => !!p)
    .map((p) => toCard(p, region.currency));
}

/** Home page shelves: best sellers and the newest strains, as cards in the visitor's currency. */
export async function homeShelves(db: Db, request: Request) {
  const [{ products }, region] = await Promise.all([loadCatalogue(db), regionForRequest(db, request)]);
  const card = (p: Product) => toCard(p, region.currency);
  return {
    bestSellers: products
      .filter((p) => p.collections.includes('bestsellers'))
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 8)
      .map(card),
    newest: [...products]
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .slice(0, 4)
      .map(card),
  };
}
