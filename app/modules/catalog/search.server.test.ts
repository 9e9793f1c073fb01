import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { loadCatalogue } from './catalog.server.ts';
import { searchProductIds } from './search.server.ts';

describeEachDatabase('search', (ctx) => {
  const names = async (q: string) => {
    const { products } = await loadCatalogue(ctx().db);
    const byId = new Map(products.map((p) => [p.id, p.name]));
    return (await searchProductIds(ctx().db, q)).map((id) => byId.get(id));
  };

  it('finds a strain by name, best match first', async () => {
    expect((await names('Northern Lights'))[0]).toBe('Northern Lights');
  });

  it('forgives typos', async () => {
    expect(await names('amnsia haze')).toContain('Amnesia Haze');
    expect(await names('nothern lihgts')).toContain('Northern Lights');
  });

  it('stems Dutch words and searches flavours and effects', async () => {
    const citrus = await names('citroen');
    expect(citrus.length).toBeGreaterThan(0);
    const { products } = await loadCatalogue(ctx().db);
    const first = products.find((p) => p.name === citrus[0])!;
    expect([...first.flavours, first.summary.toLowerCase()].join(' ')).toMatch(/citr/);
  });

  it('answers nothing for an empty or nonsense query, and survives odd input', async () => {
    expect(await names('   ')).toEqual([]);
    expect(await names('qqqxxzzv')).toEqual([]);
    await expect(searchProductIds(ctx().db, `'"); drop table products; --`)).resolves.toBeInstanceOf(Array);
    await expect(searchProductIds(ctx().db, '!!! & | :*')).resolves.toBeInstanceOf(Array);
  });
});
