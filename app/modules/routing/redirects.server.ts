import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached } from '~/lib/cache.server.ts';

export type RedirectRule = { target: string; status: number };

/** The redirect table as a map; external targets are allowed because staff put them there explicitly. */
export function getRedirectRules(db: Db): Promise<Map<string, RedirectRule>> {
  return cached(db, 'redirects', 60_000, async () => {
    const rows = await db.select().from(s.redirects);
    return new Map(rows.map((r) => [r.fromPath, { target: r.target, status: r.status }]));
  });
}
