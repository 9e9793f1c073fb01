import { sql } from 'drizzle-orm';
import type { Db } from '../client.server.ts';
import * as s from '../schema/index.ts';
import { seedBlog } from './blog.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCommerce } from './commerce.ts';
import { seedReviews } from './reviews.ts';
import { faqItems } from './faq.ts';
import { contentPages, pageMarkdown } from './pages.ts';
import { countrySeeds, regionSeeds } from './regions.ts';
import { collectionSeeds, postCategorySeeds, redirectSeeds, settingSeeds } from './shop.ts';
import { strainSeeds } from './strains.ts';

/** Loads the reference data. Idempotent: existing rows are updated, nothing is duplicated. */
export async function seed(db: Db) {
  await db.transaction(async (tx) => {
    // Two processes starting on one empty PostgreSQL seed one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    for (const c of countrySeeds) {
      const [row] = await tx
        .insert(s.countries)
        .values({ iso: c.iso, name: c.name, currency: c.currency, requiresState: c.requiresState ?? false })
        .onConflictDoUpdate({
          target: s.countries.iso,
          set: { name: c.name, currency: c.currency, requiresState: c.requiresState ?? false },
        })
        .returning({ id: s.countries.id });
      const countryId = row!.id;
      const info = { minDays: c.carrier.min, maxDays: c.carrier.max, delayDays: c.carrier.delay, freeFromMinor: c.carrier.freeFrom };
      await tx
        .insert(s.carrierInfo)
        .values({ countryId, ...info })
        .onConflictDoUpdate({ target: s.carrierInfo.countryId, set: info });
      const rates = [
        { carrier: 'tracked_parcel' as const, priceMinor: c.rates.tracked, minDays: c.carrier.min, maxDays: c.carrier.max },
        // Regular post is cheaper and takes a few days longer.
        { carrier: 'regular_post' as const, priceMinor: c.rates.regular, minDays: c.carrier.min + 1, maxDays: c.carrier.max + 3 },
      ];
      for (const r of rates) {
        await tx
          .insert(s.shippingRates)
          .values({ countryId, ...r })
          .onConflictDoUpdate({ target: [s.shippingRates.countryId, s.shippingRates.carrier], set: r });
      }
    }
    const countryIds = new Map((await tx.select().from(s.countries)).map((c) => [c.iso, c.id]));
    const idOf = (iso: string) => {
      const id = countryIds.get(iso);
      if (!id) throw new Error(`Onbekend land in seed: ${iso}`);
      return id;
    };
    for (const [position, r] of regionSeeds.entries()) {
      const values = {
        name: r.name,
        locale: r.locale,
        currency: r.currency,
        currencySign: r.currencySign,
        defaultCountryId: idOf(r.defaultCountry),
        position,
      };
      await tx
        .insert(s.regions)
        .values({ code: r.code, ...values })
        .onConflictDoUpdate({ target: s.regions.code, set: values });
      await tx.delete(s.regionCountries).where(sql`${s.regionCountries.regionCode} = ${r.code}`);
      await tx.insert(s.regionCountries).values(r.countries.map((iso) => ({ regionCode: r.code, countryId: idOf(iso) })));
    }
    for (const [position, c] of collectionSeeds.entries()) {
      const values = { ...c, position };
      await tx.insert(s.collections).values(values).onConflictDoUpdate({ target: s.collections.slug, set: values });
    }
    await seedCatalogue(tx, strainSeeds);
    await seedReviews(tx, strainSeeds);
    await seedCommerce(tx);
    for (const [position, c] of postCategorySeeds.entries()) {
      const values = { ...c, position };
      await tx.insert(s.postCategories).values(values).onConflictDoUpdate({ target: s.postCategories.slug, set: values });
    }
    await seedBlog(tx);
    for (const [key, value] of Object.entries(settingSeeds)) {
      await tx.insert(s.settings).values({ key, value }).onConflictDoUpdate({ target: s.settings.key, set: { value } });
    }
    for (const r of redirectSeeds) {
      await tx.insert(s.redirects).values(r).onConflictDoUpdate({ target: s.redirects.fromPath, set: r });
    }
    for (const p of contentPages) {
      const values = { title: p.title, description: p.description, body: pageMarkdown(p.blocks) };
      await tx
        .insert(s.contentPages)
        .values({ slug: p.slug, ...values })
        .onConflictDoUpdate({ target: s.contentPages.slug, set: values });
    }
    // FAQ items have no natural key: replace the set.
    await tx.delete(s.faqItems);
    await tx.insert(s.faqItems).values(faqItems.map((f, position) => ({ ...f, position })));
  });
}

/** Seeds an empty database (first start); leaves a seeded one alone. */
export async function ensureSeeded(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(s.regions);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db);
  return true;
}
