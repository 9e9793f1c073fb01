import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.server.ts';
import * as s from '../schema/index.ts';
import { strainSearchDocument } from '../../modules/catalog/catalog.ts';
import { basePricePerSeed, CURRENCIES, PACK_SIZES, packPrice } from '../../modules/catalog/pack-pricing.ts';
import type { StrainSeed } from './strain-types.ts';

// Deterministic pseudo-random numbers per strain, so every seeded database is the same.
function rng(seedText: string) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

function stockFor(slug: string, seeds: number) {
  const r = rng(`${slug}:${seeds}`)();
  if (r < 0.06) return 0; // sold out
  if (r < 0.16) return 1 + (Math.floor(r * 30) % 4); // almost gone
  return 20 + Math.floor(r * 180);
}

/** Strains sharing type and effects come first; deterministic, four per strain. */
export function relatedSlugs(strain: StrainSeed, all: StrainSeed[]): string[] {
  return all
    .filter((o) => o.slug !== strain.slug && o.slug !== strain.counterpart)
    .map((o) => ({
      slug: o.slug,
      score:
        (o.type === strain.type ? 3 : 0) +
        o.effects.filter((e) => strain.effects.includes(e)).length +
        o.flavours.filter((f) => strain.flavours.includes(f)).length +
        (o.identity.flowering === strain.identity.flowering ? 1 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.slug.localeCompare(b.slug))
    .slice(0, 4)
    .map((o) => o.slug);
}

/** What search matches on: the same text the back office stores when staff save a strain. */
export const searchDocument = (st: StrainSeed) => strainSearchDocument(st);

const DAY = 86_400_000;
// Fixed reference date so "newest strains" do not drift between seeded databases.
const CATALOGUE_DATE = Date.UTC(2026, 10, 1);

export async function seedCatalogue(tx: Db, strains: StrainSeed[]) {
  const ids = new Map<string, number>();
  for (const st of strains) {
    const values = {
      name: st.name,
      breeder: st.breeder,
      genetics: st.genetics,
      lineage: st.lineage,
      flowering: st.identity.flowering,
      sex: st.identity.sex,
      type: st.type,
      indicaPercent: st.indica,
      thc: st.thc,
      cbd: st.cbd,
      cbg: st.cbg,
      yieldIndoor: st.yieldIndoor,
      yieldOutdoor: st.yieldOutdoor,
      heightIndoor: st.heightIndoor,
      heightOutdoor: st.heightOutdoor,
      climates: st.climates,
      floweringDaysMin: st.floweringDays[0],
      floweringDaysMax: st.floweringDays[1],
      flavours: st.flavours,
      terpenes: st.terpenes,
      effects: st.effects,
      difficulty: st.difficulty,
      genotype: st.genotype,
      growSettings: st.growSettings,
      summary: st.summary,
      description: st.description,
      popularity: st.popularity,
      publishedAt: new Date(CATALOGUE_DATE - st.addedDaysAgo * DAY),
      searchDocument: searchDocument(st),
    };
    const [row] = await tx
      .insert(s.products)
      .values({ slug: st.slug, ...values })
      .onConflictDoUpdate({ target: s.products.slug, set: values })
      .returning({ id: s.products.id });
    ids.set(st.slug, row!.id);
  }

  const collectionIds = new Map((await tx.select().from(s.collections)).map((c) => [c.slug, c.id]));
  const productIds = [...ids.values()];
  await tx.delete(s.productCollections).where(inArray(s.productCollections.productId, productIds));
  await tx.delete(s.relatedProducts).where(inArray(s.relatedProducts.productId, productIds));

  for (const [i, st] of strains.entries()) {
    const productId = ids.get(st.slug)!;
    if (st.counterpart && ids.has(st.counterpart)) {
      await tx
        .update(s.products)
        .set({ counterpartId: ids.get(st.counterpart)! })
        .where(eq(s.products.id, productId));
    }
    const memberships = st.collections.map((slug) => collectionIds.get(slug)).filter((id): id is number => id !== undefined);
    if (memberships.length) await tx.insert(s.productCollections).values(memberships.map((collectionId) => ({ productId, collectionId })));
    const related = relatedSlugs(st, strains).map((slug, position) => ({ productId, relatedId: ids.get(slug)!, position }));
    if (related.length) await tx.insert(s.relatedProducts).values(related);

    const base = basePricePerSeed({ ...st.identity, popularity: st.popularity, thc: st.thc });
    // Every 7th strain also has a free single seed that promotions can add to an order.
    const packs = [...PACK_SIZES.map((seeds) => ({ seeds, isFree: false })), ...(i % 7 === 0 ? [{ seeds: 1, isFree: true }] : [])];
    for (const p of packs) {
      const sku = `${st.slug}-${p.seeds}${p.isFree ? '-gratis' : ''}`;
      const stock = p.isFree ? 250 : stockFor(st.slug, p.seeds);
      const [pack] = await tx
        .insert(s.productPacks)
        .values({ productId, seeds: p.seeds, isFree: p.isFree, stock, sku })
        // Re-seeding keeps live stock: only new packs get the seeded amount.
        .onConflictDoUpdate({ target: s.productPacks.sku, set: { seeds: p.seeds, isFree: p.isFree } })
        .returning({ id: s.productPacks.id });
      const prices = CURRENCIES.map((currency) => ({ packId: pack!.id, currency, priceMinor: p.isFree ? 0 : packPrice(base, p.seeds, currency) }));
      await tx
        .insert(s.packPrices)
        .values(prices)
        .onConflictDoUpdate({ target: [s.packPrices.packId, s.packPrices.currency], set: { priceMinor: sql`excluded.price_minor` } });
    }
  }
}
