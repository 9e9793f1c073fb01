import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached } from '~/lib/cache.server.ts';
import { isSafeRedirectTarget } from './routing.ts';

export type RedirectRule = { target: string; status: number };

/**
 * The redirect table as a map; external targets are allowed because staff put them there explicitly. A
 * rule whose target is not protocol-safe is left out (and logged), so its path answers as if it had none:
 * the same on a full page load and on a client-side navigation.
 */
export function getRedirectRules(db: Db): Promise<Map<string, RedirectRule>> {
  return cached(db, 'redirects', 60_000, async () => {
    const rows = await db.select().from(s.redirects);
    const rules = new Map<string, RedirectRule>();
    for (const r of rows) {
      if (isSafeRedirectTarget(r.target)) rules.set(r.fromPath, { target: r.target, status: r.status });
      else console.warn(JSON.stringify({ msg: 'redirect rule ignored: its target is not a safe address', from: r.fromPath }));
    }
    return rules;
  });
}
