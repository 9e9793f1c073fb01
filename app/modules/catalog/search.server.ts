import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import { cached } from '~/lib/cache.server.ts';

/**
 * Ranked product ids for a search: Dutch full-text (stemmed, so "zaadjes" finds "zaad") plus
 * trigram similarity on the name and genetics, which forgives typos ("amnsia" finds Amnesia).
 * Same SQL on PGlite and PostgreSQL; results are cached briefly per query.
 */
export function searchProductIds(db: Db, rawQuery: string): Promise<number[]> {
  const q = rawQuery.trim().slice(0, 100);
  if (!q) return Promise.resolve([]);
  return cached(db, `search:${q.toLowerCase()}`, 30_000, async () => {
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
        ) ranked
        where fts or name_sim >= 0.3 or doc_sim >= 0.5
        order by score desc, id
        limit 60`,
    );
    return rows.map((r) => Number(r.id));
  });
}
