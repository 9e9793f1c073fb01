import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { peekCached } from '~/lib/cache.server.ts';
import { loadCatalogue } from './catalog.server.ts';
import { searchPath, searchPathCount } from '../../../bench/page-paths.ts';
import { searchProductIds, searchProductIdsSql, tsqueryOf } from './search.server.ts';

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

  it('parses plain words one at a time into what the database makes of the whole query', async () => {
    const db = ctx().db;
    const whole = async (q: string) => (await queryRows<{ q: string }>(db, sql`select websearch_to_tsquery('dutch'::regconfig, ${q})::text as q`))[0]!.q;
    // Stop words first, last and alone, a word twice, capitals, "or" as websearch's operator and inside words.
    const queries = ['amnsia haze', 'de haze', 'haze de', 'de het een', 'Haze HAZE', 'haze or kush', 'or haze', 'haze OR', 'orange kush', 'kush orange', 'a b c d', 'zaadjes ontspannend'];
    const count = searchPathCount();
    for (let i = 0; i < 120; i++) queries.push(new URLSearchParams(searchPath((i * 7907) % count).split('?')[1]).get('q')!);
    for (const q of queries) expect(await tsqueryOf(db, q), q).toBe(await whole(q));
    // Words seen before make a new query without asking the database for it.
    await tsqueryOf(db, 'gelato widow');
    expect(peekCached(db, 'tsquery:gelato widow')).toBeUndefined();
    expect(await peekCached(db, 'tsquery:gelato')).toBe("'gelato'");
  });
});
