import { eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached, invalidate } from '~/lib/cache.server.ts';
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

/**
 * An address moved (a strain's slug changed): `from` answers 301 to `to`, inside the caller's transaction.
 * No chains: rules that pointed at `from` now point at `to` directly. No loops: `to` is a live page again,
 * so a rule from it goes (renaming back A→B→A leaves only B→A), and a rule that would point at itself goes.
 * The caller drops the cached rules (dropRedirectCache) after its transaction.
 */
export async function recordMovedAddress(tx: Db, from: string, to: string): Promise<void> {
  if (from === to) return;
  await tx.update(s.redirects).set({ target: to }).where(eq(s.redirects.target, from));
  await freeAddress(tx, to);
  await tx.insert(s.redirects).values({ fromPath: from, target: to, status: 301 }).onConflictDoUpdate({ target: s.redirects.fromPath, set: { target: to, status: 301 } });
  await tx.delete(s.redirects).where(eq(s.redirects.fromPath, s.redirects.target));
}

/** A page now lives at `path`: a rule from it would hide the page, so it goes. */
export async function freeAddress(tx: Db, path: string): Promise<void> {
  await tx.delete(s.redirects).where(eq(s.redirects.fromPath, path));
}

/** Drops the cached rules here and in every other process. */
export function dropRedirectCache(db: Db) {
  invalidate(db, 'redirects');
}
