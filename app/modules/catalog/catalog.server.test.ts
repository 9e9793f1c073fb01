import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { CURRENCIES, PACK_SIZES } from './pack-pricing.ts';
import { eq } from 'drizzle-orm';
import * as s from '~/db/schema/index.ts';
import { onInvalidate } from '~/lib/cache.server.ts';
import { STOCK_SHOWN_BELOW } from './catalog.ts';
import { invalidateCatalogue, loadCatalogue, stockChanged } from './catalog.server.ts';

describeEachDatabase('seeded catalogue', (ctx) => {
  it('has at least 80 strains with every SPEC §3 field filled', async () => {
    const { products } = await loadCatalogue(ctx().db);
    expect(products.length).toBeGreaterThanOrEqual(80);
    for (const p of products) {
      expect(p.description.split('\n\n').length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.flavours.length * p.terpenes.length * p.effects.length * p.climates.length, p.slug).toBeGreaterThan(0);
      expect(p.thc + p.cbd, p.slug).toBeGreaterThan(0);
      expect(p.floweringDaysMin, p.slug).toBeLessThanOrEqual(p.floweringDaysMax);
    }
  });

  it('sells 1/3/5/10 packs of every strain in every region currency', async () => {
    const { products } = await loadCatalogue(ctx().db);
    for (const p of products) {
      const sold = p.packs.filter((k) => !k.isFree);
      expect(sold.map((k) => k.seeds), p.slug).toEqual([...PACK_SIZES]);
      for (const k of sold) for (const c of CURRENCIES) expect(Number.isInteger(k.prices[c]) && k.prices[c]! > 0, `${p.slug} ${c}`).toBe(true);
    }
    expect(products.some((p) => p.packs.some((k) => k.isFree))).toBe(true);
  });

  it('links counterparts both ways, related strains, and fills all eight collections', async () => {
    const { products, bySlug } = await loadCatalogue(ctx().db);
    const withTwin = products.filter((p) => p.counterpartSlug);
    expect(withTwin.length).toBeGreaterThanOrEqual(20);
    for (const p of withTwin) {
      const twin = bySlug.get(p.counterpartSlug!)!;
      expect(twin.counterpartSlug).toBe(p.slug);
      expect(twin.flowering).not.toBe(p.flowering);
    }
    expect(products.every((p) => p.relatedSlugs.length === 4)).toBe(true);
    const counts = new Map<string, number>();
    for (const p of products) for (const c of p.collections) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(8);
    for (const [c, n] of counts) expect(n, c).toBeGreaterThanOrEqual(6);
  });
});

describeEachDatabase('stock changes and the cached catalogue', (ctx) => {
  const setStock = (packId: number, stock: number) => ctx().db.update(s.productPacks).set({ stock }).where(eq(s.productPacks.id, packId));

  it('keeps the catalogue (and so the page cache) when a sale changes no shown stock, drops it when one does', async () => {
    const db = ctx().db;
    const first = await loadCatalogue(db);
    const pack = first.products[0]!.packs.find((k) => !k.isFree)!;
    await setStock(pack.id, 40);
    invalidateCatalogue(db);
    const before = await loadCatalogue(db);
    expect(before.byId.get(first.products[0]!.id)!.packs.find((k) => k.id === pack.id)!.stock).toBe(STOCK_SHOWN_BELOW);

    // 40 → 12: still "op voorraad" everywhere.
    await setStock(pack.id, 12);
    await stockChanged(db);
    expect(await loadCatalogue(db)).toBe(before);

    // 12 → 4: the product page now says "nog 4".
    await setStock(pack.id, 4);
    await stockChanged(db);
    const after = await loadCatalogue(db);
    expect(after).not.toBe(before);
    expect(after.byId.get(first.products[0]!.id)!.packs.find((k) => k.id === pack.id)!.stock).toBe(4);

    // 4 → 3 changes the count shown; 3 → 3 changes nothing.
    await setStock(pack.id, 3);
    await stockChanged(db);
    const third = await loadCatalogue(db);
    expect(third).not.toBe(after);
    await stockChanged(db);
    expect(await loadCatalogue(db)).toBe(third);

    // Without a copy in this process it cannot compare: it invalidates (which also reaches the other processes).
    let dropped = 0;
    const stop = onInvalidate(db, () => dropped++);
    invalidateCatalogue(db);
    dropped = 0;
    await stockChanged(db);
    expect(dropped).toBe(1);
    stop();
  });
});
