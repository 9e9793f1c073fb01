import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached } from '~/lib/cache.server.ts';
import { listRegions } from '~/lib/regions.server.ts';
import { buildSettings, type PaymentOption, type ProductFilters, type Settings, type ShopData } from '~/lib/settings.ts';

export const SETTINGS_CACHE_KEY = 'shop-settings';
const KEY = SETTINGS_CACHE_KEY;
/** When the settings name no support inbox. */
const DEFAULT_SUPPORT_EMAIL = 'klantenservice@kiemkracht.nl';

export function getShopData(db: Db): Promise<ShopData> {
  return cached(db, KEY, 60_000, async () => {
    const [rows, collections, postCategories] = await Promise.all([
      db.select().from(s.settings),
      db.select().from(s.collections).orderBy(asc(s.collections.position)),
      db.select().from(s.postCategories).orderBy(asc(s.postCategories.position)),
    ]);
    const kv = new Map(rows.map((r) => [r.key, r.value]));
    return {
      logoAlt: String(kv.get('logo_alt') ?? 'Kiemkracht'),
      maxSeedsPerCart: Number(kv.get('max_seeds_per_cart') ?? 100),
      paymentOptions: (kv.get('payment_options') as PaymentOption[] | undefined) ?? [],
      bankAccount: (kv.get('bank_account') as ShopData['bankAccount'] | undefined) ?? { name: 'Kiemkracht', iban: '', bic: '' },
      cashAddress: (kv.get('cash_address') as string[] | undefined) ?? [],
      supportEmail: String(kv.get('support_email') ?? DEFAULT_SUPPORT_EMAIL),
      productFilters: (kv.get('product_filters') as ProductFilters | undefined) ?? { filterGroups: [] },
      postCategories: postCategories.map(({ id, slug, name }) => ({ id, slug, name })),
      categories: collections.map((c) => ({ name: c.name, url: `/collecties/${c.slug}`, icon: c.icon })),
    };
  });
}

/** The owner's list of other sites content staff may redirect to (ADR 055): exact host names, lower case. */
export const REDIRECT_HOSTS_KEY = 'redirect_hosts';
export const redirectHostsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The list, read where it is needed (inside the transaction that adds a rule): not cached. */
export async function redirectHosts(db: Db): Promise<string[]> {
  const [row] = await db.select().from(s.settings).where(eq(s.settings.key, REDIRECT_HOSTS_KEY));
  return redirectHostsOf(row?.value);
}

export async function getSettings(db: Db, regionCode: string | undefined): Promise<Settings> {
  const [shop, regions] = await Promise.all([getShopData(db), listRegions(db)]);
  return buildSettings(shop, regions, regionCode);
}

/** Bank account and postal address for payment instructions; one query, usable inside a transaction. */
export async function paymentDetails(db: Db): Promise<Pick<ShopData, 'bankAccount' | 'cashAddress'>> {
  const rows = await db.select().from(s.settings).where(inArray(s.settings.key, ['bank_account', 'cash_address']));
  const kv = new Map(rows.map((r) => [r.key, r.value]));
  return {
    bankAccount: (kv.get('bank_account') as ShopData['bankAccount'] | undefined) ?? { name: 'Kiemkracht', iban: '', bic: '' },
    cashAddress: (kv.get('cash_address') as string[] | undefined) ?? [],
  };
}
