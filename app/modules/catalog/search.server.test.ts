import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { loadCatalogue } from './catalog.server.ts';
import { searchPath, searchPathCount } from '../../../bench/page-paths.ts';
import { searchProductIds, searchProductIdsSql } from './search.server.ts';

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

  it('ranks in memory exactly as the SQL ranks: the same strains in the same order (ADR 071)', async () => {
    // Shoppers' words with typos (the bench's queries, a spread of them) and the odd query forms websearch knows.
    const queries = ['Northern Lights', 'amnsia haze', 'nothern lihgts', 'citroen', 'zaadjes', 'qqqxxzzv', '"blue dream"', 'kush -haze', 'haze or kush', 'de het een', 'blue-berry', 'ë', `'"); drop`, '!!! & | :*'];
    const count = searchPathCount();
    for (let i = 0; i < 120; i++) queries.push(new URLSearchParams(searchPath((i * 7919) % count).split('?')[1]).get('q')!);
    for (const q of queries) expect(await searchProductIds(ctx().db, q), q).toEqual(await searchProductIdsSql(ctx().db, q.trim()));
  });
});
