import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { CURRENCIES, PACK_SIZES } from './pack-pricing.ts';
import { loadCatalogue } from './catalog.server.ts';

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
