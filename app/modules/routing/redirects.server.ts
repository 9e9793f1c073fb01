import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached, invalidate } from '~/lib/cache.server.ts';
import { redirectHosts } from '~/lib/settings.server.ts';
 
import { type Actor, deleteAudited, recordAudit } from '~/lib/audit.server.ts';
import { can, type StaffRole } from '~/lib/permissions.ts';
import { isReservedPath, type RedirectProblem, redirectProblem } from './redirect-rules.ts';
import { isSafeRedirectTarget } from '~/lib/routing.ts';

const REDIRECTS_KEY = 'redirects';

export type RedirectRule = { target: string; status: number };

/**
 * The redirect table as a map; external targets are allowed because staff put them there explicitly. A
 * rule whose target is not protocol-safe, or whose path is reserved (a rule stored before the check, or
 * written around it), is left out (and logged), so its path answers as if it had none: the same on a full
 * page load and on a client-side navigation.
 */
export function getRedirectRules(db: Db): Promise<Map<string, RedirectRule>> {
  return cached(db, REDIRECTS_KEY, 60_000, async () => {
    const rows = await db.select().from(s.redirects);
    const rules = new Map<string, RedirectRule>();
    for (const r of rows) {
      if (isReservedPath(r.fromPath)) console.warn(JSON.stringify({ msg: 'redirect rule ignored: its path is reserved', from: r.fromPath }));
      else if (isSafeRedirectTarget(r.target)) rules.set(r.fromPath, { target: r.target, status: r.status });
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
  invalidate(db, REDIRECTS_KEY);
}

// ——— The back office (role content, ADR 036) ———

/** The rules, each with whether the shop follows it (a stored rule on a reserved path is not followed). */
export async function listRedirectsForStaff(db: Db) {
  const rows = await db.select().from(s.redirects).orderBy(asc(s.redirects.fromPath));
  return rows.map((r) => ({ ...r, followed: !isReservedPath(r.fromPath) && isSafeRedirectTarget(r.target) }));
}

export type RedirectSaveResult = { ok: true } | { ok: false; problem: RedirectProblem | { field: 'fromPath'; problem: 'exists' } };

/**
 * Adds a rule after checking it against all others (redirectProblem: no loops, chains or self-redirects) and
 * against what `role` may do: no reserved path for anyone; the shop's working pages and other sites only with
 * redirects.manage (the owner), except the sites on the owner's list (read in this transaction). The
 * table is locked for writes meanwhile, so two staff members adding A→B and B→A at once cannot both pass.
 * The very same rule added twice is answered as done.
 */
export async function addRedirect(db: Db, actor: Actor, role: StaffRole, rule: { fromPath: string; target: string; status: 301 | 302 }, now = new Date()): Promise<RedirectSaveResult> {
  const result = await db.transaction(async (tx): Promise<RedirectSaveResult & { changed?: boolean }> => {
    await tx.execute(sql`lock table ${s.redirects} in share row exclusive mode`);
    const rules = await tx.select().from(s.redirects);
    const scope = { everything: can(role, 'redirects.manage'), allowedHosts: await redirectHosts(tx) };
    // Checked before "already there", so a rule stored before these checks is not confirmed as allowed.
    const problem = redirectProblem(
      rules.filter((r) => r.fromPath !== rule.fromPath),
      rule,
      scope,
    );
    if (problem) return { ok: false, problem };
    const existing = rules.find((r) => r.fromPath === rule.fromPath);
    if (existing) return existing.target === rule.target && existing.status === rule.status ? { ok: true } : { ok: false, problem: { field: 'fromPath', problem: 'exists' } };
    await tx.insert(s.redirects).values(rule);
    await recordAudit(tx, actor, { action: 'redirect.create', entity: 'redirect', entityId: rule.fromPath, after: rule }, now);
    return { ok: true, changed: true };
  });
  if (result.ok && result.changed) invalidate(db, REDIRECTS_KEY);
  return result.ok ? { ok: true } : result;
}

/** Removes a rule; one that is already gone is answered as done. */
export async function deleteRedirect(db: Db, actor: Actor, fromPath: string, now = new Date()): Promise<void> {
  const entry = { action: 'redirect.delete', entity: 'redirect', entityId: fromPath };
  const changed = await deleteAudited(db, actor, entry, (tx) => tx.delete(s.redirects).where(eq(s.redirects.fromPath, fromPath)).returning(), now);
  if (changed) invalidate(db, REDIRECTS_KEY);
}
