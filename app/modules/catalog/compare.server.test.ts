import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { loadCatalogue } from './catalog.server.ts';
import { comparePage } from './compare.server.ts';
import { strainProfileRows } from './strain-profile.ts';

describeEachDatabase('strain comparison', (ctx) => {
  const request = (cookie = '') => new Request('http://shop.test/vergelijken', { headers: cookie ? { cookie } : {} });

  it('shows every field of the chosen strains side by side, differences marked', async () => {
    const { products } = await loadCatalogue(ctx().db);
    const [a, b] = [products[0]!, products.find((p) => p.type !== products[0]!.type)!];
    const page = await comparePage(ctx().db, request(), `${a.slug},${b.slug}`);
    expect(page.strains.map((s) => s.slug)).toEqual([a.slug, b.slug]);
    expect(page.rows.length).toBe(strainProfileRows(a).length + 5);
    const type = page.rows.find((r) => r.label === 'Type')!;
    expect(type.differs).toBe(true);
    for (const v of page.rows.find((r) => r.label === 'Zakjes')!.values) expect(v).toMatch(/^1, 3, 5, 10 zaadjes/);
    expect(page.rows.find((r) => r.label === 'Veredelaar')!.values).toEqual([a.breeder, b.breeder]);
  });

  it('shows prices in the region of the visitor', async () => {
    const { products } = await loadCatalogue(ctx().db);
    const slug = products[0]!.slug;
    const eur = await comparePage(ctx().db, request(), slug);
    const gbp = await comparePage(ctx().db, request('locale=uk'), slug);
    const price = (p: typeof eur) => p.rows.find((r) => r.label === 'Prijs vanaf')!.values[0]!;
    expect(price(eur)).toContain('€');
    expect(price(gbp)).toContain('£');
  });

  it('ignores unknown and malformed slugs and keeps at most four, telling which', async () => {
    const { products } = await loadCatalogue(ctx().db);
    const five = products.slice(0, 5);
    const page = await comparePage(ctx().db, request(), `bestaat-niet,${five.map((p) => p.slug).join(',')},<script>`, five[4]!.slug);
    expect(page.slugs).toEqual(five.slice(0, 4).map((p) => p.slug));
    expect(page.ignored).toEqual(['<script>', 'bestaat-niet']);
    expect(page.overflow).toEqual([five[4]!.name]);
    expect(page.refused).toBe(five[4]!.name);
  });

  it('answers an empty choice with no rows', async () => {
    const page = await comparePage(ctx().db, request(), null);
    expect(page).toMatchObject({ slugs: [], strains: [], rows: [], ignored: [], overflow: [], refused: null });
  });
});
