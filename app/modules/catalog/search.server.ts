import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached } from '~/lib/cache.server.ts';
import { catalogueKey } from '~/lib/catalogue-cache.server.ts';
import { buildSearchIndex, parseTsQuery, type SearchIndex, searchIndex } from './search-index.ts';

/**
 * Ranked product ids for a search: Dutch full-text (stemmed, so "zaadjes" finds "zaad") plus
 * trigram similarity on the name and genetics, which forgives typos ("amnsia" finds Amnesia).
 * Ranked in memory over the published strains (ADR 071, search-index.ts), as searchProductIdsSql ranks them;
 * only the query's parse (websearch_to_tsquery, Dutch stemming and stop words) is asked of the database.
 * The index and the answers are dropped with the catalogue, so a published or changed strain is found at once.
 */
export function searchProductIds(db: Db, rawQuery: string): Promise<number[]> {
  const q = rawQuery.trim().slice(0, 100);
  if (!q) return Promise.resolve([]);
  return cached(db, catalogueKey(`search:${q}`), 60_000, async () => {
    const [index, tsquery] = await Promise.all([searchIndexOf(db), tsqueryOf(db, q)]);
    const parsed = parseTsQuery(tsquery);
    // What the port does not evaluate (a stored vector with weights, a query it cannot parse) goes to SQL.
    if (!index || !parsed) return searchProductIdsSql(db, q);
    return searchIndex(index, q, parsed);
  });
}

function searchIndexOf(db: Db): Promise<SearchIndex | null> {
  return cached(db, catalogueKey('search-index'), 60_000, async () => {
    const rows = await db
      .select({ id: s.products.id, name: s.products.name, searchDocument: s.products.searchDocument, searchVector: sql<string | null>`${s.products.searchVector}::text` })
      .from(s.products)
      .where(eq(s.products.status, 'published'));
    return buildSearchIndex(rows);
  });
}

// Words of plain letters one space apart: websearch_to_tsquery reads each as one token of its own (stemmed, or
// dropped as a stop word) and joins them with &, unless one is its operator "or".
const PLAIN_WORDS = /^[a-z]+(?: [a-z]+)*$/i;
const OR = /(?:^| )or(?: |$)/i;

/**
 * websearch_to_tsquery's answer as text; it depends only on the words, so it is kept longer (bounded by the LRU).
 * Plain words are parsed one by one and their answers joined as websearch_to_tsquery joins them, so a word is asked
 * of the database once and a new query of words already seen ("amnsia haze" after "amnsia" and "haze") asks nothing.
 */
export function tsqueryOf(db: Db, q: string): Promise<string> {
  if (PLAIN_WORDS.test(q) && !OR.test(q)) {
    const words = q.toLowerCase().split(' ');
    if (words.length === 1) return tsqueryOfText(db, words[0]!);
    return Promise.all(words.map((w) => tsqueryOfText(db, w))).then((parts) => parts.filter((p) => p !== '').join(' & '));
  }
  return tsqueryOfText(db, q);
}

function tsqueryOfText(db: Db, q: string): Promise<string> {
  return cached(db, `tsquery:${q}`, 3_600_000, async () => {
    const [row] = await queryRows<{ q: string }>(db, sql`select websearch_to_tsquery('dutch'::regconfig, ${q})::text as q`);
    return row?.q ?? '';
  });
}

/** The ranking in SQL over the published strains (the reference the in-memory search is tested against). */
export async function searchProductIdsSql(db: Db, q: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      with query as (select websearch_to_tsquery('dutch'::regconfig, ${q}) as tsq)
      select id from (
        select id,
               ts_rank(search_vector, query.tsq) * 4
               + word_similarity(${q}, name) + similarity(${q}, name) * 2
               + word_similarity(${q}, search_document)
               + case when lower(name) = lower(${q}) then 10 else 0 end as score,
               search_vector @@ query.tsq as fts,
               greatest(word_similarity(${q}, name), similarity(${q}, name)) as name_sim,
               word_similarity(${q}, search_document) as doc_sim
        from products, query
        where status = 'published'
      ) ranked
      where fts or name_sim >= 0.3 or doc_sim >= 0.5
      order by score desc, id
      limit 60`,
  );
  return rows.map((r) => Number(r.id));
}
