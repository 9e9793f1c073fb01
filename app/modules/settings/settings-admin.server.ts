// The settings object's editable parts in the back office (role content, ADR 036): the logo's alt text, which
// product filters visitors see, and the categories (collections) with their name and icon. Each save is one
// transaction with its audit entry and drops the settings, collections and catalogue caches on every process.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { invalidate } from '~/lib/cache.server.ts';
import { invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { CategoriesInput } from './settings-admin.schemas.ts';
import { REDIRECT_HOSTS_KEY, redirectHostsOf, SETTINGS_CACHE_KEY } from '~/lib/settings.server.ts';
import type { ProductFilters } from '~/lib/settings.ts';

export async function settingsForStaff(db: Db) {
  const [rows, collections] = await Promise.all([
    db.select().from(s.settings),
    db.select({ slug: s.collections.slug, name: s.collections.name, icon: s.collections.icon }).from(s.collections).orderBy(asc(s.collections.position)),
  ]);
  const kv = new Map(rows.map((r) => [r.key, r.value]));
  return {
    logoAlt: String(kv.get('logo_alt') ?? ''),
    productFilters: (kv.get('product_filters') as ProductFilters | undefined) ?? { filterGroups: [] },
    categories: collections,
    redirectHosts: redirectHostsOf(kv.get(REDIRECT_HOSTS_KEY)),
  };
}

export type SettingsSaveResult = { ok: true } | { ok: false; error: 'unknownFilter' | 'unknownCategory' };

function changed(db: Db) {
  invalidate(db, SETTINGS_CACHE_KEY);
  invalidate(db, 'collections');
  // Listing pages read the filters and collection names through the catalogue.
  invalidateCatalogue(db);
}

async function setValue(tx: Db, key: string, value: unknown) {
  await tx.insert(s.settings).values({ key, value }).onConflictDoUpdate({ target: s.settings.key, set: { value } });
}

export async function saveLogoAlt(db: Db, actor: Actor, logoAlt: string, now = new Date()): Promise<SettingsSaveResult> {
  const did = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(s.settings).where(eq(s.settings.key, 'logo_alt')).for('update');
    if (current?.value === logoAlt) return false;
    await setValue(tx, 'logo_alt', logoAlt);
    await recordAudit(tx, actor, { action: 'settings.logo_alt', entity: 'settings', entityId: 'logo_alt', before: current?.value ?? null, after: logoAlt }, now);
    return true;
  });
  if (did) changed(db);
  return { ok: true };
}

/** Sets each filter's public flag: ticked ("group:filter") is shown. Names staff cannot see are refused, nothing changes. */
export async function saveFilterVisibility(db: Db, actor: Actor, visible: string[], now = new Date()): Promise<SettingsSaveResult> {
  const result = await db.transaction(async (tx): Promise<SettingsSaveResult & { did?: boolean }> => {
    const [current] = await tx.select().from(s.settings).where(eq(s.settings.key, 'product_filters')).for('update');
    const filters = (current?.value as ProductFilters | undefined) ?? { filterGroups: [] };
    const known = new Set(filters.filterGroups.flatMap((g) => g.filters.map((f) => `${g.id}:${f.id}`)));
    if (visible.some((v) => !known.has(v))) return { ok: false, error: 'unknownFilter' };
    const shown = new Set(visible);
    const next: ProductFilters = {
      ...filters,
      filterGroups: filters.filterGroups.map((g) => ({ ...g, filters: g.filters.map((f) => ({ ...f, public: shown.has(`${g.id}:${f.id}`) })) })),
    };
    const flags = (pf: ProductFilters) => pf.filterGroups.flatMap((g) => g.filters.filter((f) => f.public).map((f) => `${g.id}:${f.id}`));
    if (JSON.stringify(flags(filters)) === JSON.stringify(flags(next))) return { ok: true };
    await setValue(tx, 'product_filters', next);
    await recordAudit(tx, actor, { action: 'settings.product_filters', entity: 'settings', entityId: 'product_filters', before: { shown: flags(filters) }, after: { shown: flags(next) } }, now);
    return { ok: true, did: true };
  });
  if (result.ok && result.did) changed(db);
  return result.ok ? { ok: true } : result;
}

/** Renames categories and sets their icons; every collection must be in the form (a stale form is refused). */
export async function saveCategories(db: Db, actor: Actor, input: CategoriesInput, now = new Date()): Promise<SettingsSaveResult> {
  const result = await db.transaction(async (tx): Promise<SettingsSaveResult & { did?: boolean }> => {
    const rows = await tx.select({ id: s.collections.id, slug: s.collections.slug, name: s.collections.name, icon: s.collections.icon }).from(s.collections).for('update');
    const slugs = Object.keys(input);
    if (slugs.length !== rows.length || slugs.some((slug) => !rows.some((r) => r.slug === slug))) return { ok: false, error: 'unknownCategory' };
    let did = false;
    for (const r of rows) {
      const want = input[r.slug]!;
      const icon = want.icon === 'none' ? null : want.icon;
      if (r.name === want.name && r.icon === icon) continue;
      await tx.update(s.collections).set({ name: want.name, icon }).where(eq(s.collections.id, r.id));
      await recordAudit(tx, actor, { action: 'settings.category', entity: 'collection', entityId: r.slug, before: { name: r.name, icon: r.icon }, after: { name: want.name, icon } }, now);
      did = true;
    }
    return { ok: true, did };
  });
  if (result.ok && result.did) changed(db);
  return result.ok ? { ok: true } : result;
}

// ——— Other sites content staff may redirect to (ADR 055): the owner's list ———

/** Replaces the list (owner only: the route checks redirects.manage); audited with the list before and after. */
export async function saveRedirectHosts(db: Db, actor: Actor, hosts: string[], now = new Date()): Promise<SettingsSaveResult> {
  const next = [...new Set(hosts)].sort();
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(s.settings).where(eq(s.settings.key, REDIRECT_HOSTS_KEY)).for('update');
    const before = redirectHostsOf(current?.value);
    if (JSON.stringify(before) === JSON.stringify(next)) return;
    await setValue(tx, REDIRECT_HOSTS_KEY, next);
    await recordAudit(tx, actor, { action: 'settings.redirect_hosts', entity: 'settings', entityId: REDIRECT_HOSTS_KEY, before, after: next }, now);
  });
  return { ok: true };
}
