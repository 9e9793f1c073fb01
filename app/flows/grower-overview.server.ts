// The account overview's grower card (/account): the accounts module's profile, the catalogue's strains,
// and the seedfinder's scoring (recommend-strains.ts) for what to grow next.
import type { Db } from '~/db/client.server.ts';
import { shopToday } from '~/lib/password.ts';
import { getGrowerProfile } from '~/modules/accounts/details.server.ts';
import { type GrowerProfile, hasGrowerProfile, type StrainType } from '~/modules/accounts/grower-profile.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { fromPrice, type Product, type ProductCardData, toCard } from '~/modules/catalog/catalog.ts';
import { recommendStrains } from './recommend-strains.ts';

/** The strains a favourite can be chosen from, by name. */
export async function strainChoices(db: Db): Promise<{ id: number; name: string; type: StrainType }[]> {
  const { products } = await loadCatalogue(db);
  return products.map((p) => ({ id: p.id, name: p.name, type: p.type })).sort((a, b) => a.name.localeCompare(b.name, 'nl'));
}

export type GrowerOverview = {
  profile: GrowerProfile;
  filled: boolean;
  favourites: { slug: string; name: string }[];
  recommendations: { card: ProductCardData; reason: string }[];
};

/** The overview's profile card and its recommendations: strains for sale in this currency, favourites left out. */
export async function growerOverview(db: Db, userId: number, currency: string, now = new Date()): Promise<GrowerOverview> {
  const [profile, { products }] = await Promise.all([getGrowerProfile(db, userId), loadCatalogue(db)]);
  return growerOverviewOf(profile, products, currency, now);
}

/** growerOverview for a profile already read (the account overview reads it with the rest of its page). */
export function growerOverviewOf(profile: GrowerProfile, products: Product[], currency: string, now = new Date()): GrowerOverview {
  const filled = hasGrowerProfile(profile);
  const favouriteIds = new Set(profile.favouriteIds);
  const favourites = products
    .filter((p) => favouriteIds.has(p.id))
    .map((p) => ({ slug: p.slug, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  const recommendations = filled
    ? recommendStrains(products, profile, { year: Number(shopToday(now).slice(0, 4)), include: (p) => fromPrice(p, currency) !== null }).map((r) => ({
        card: toCard(r.product, currency),
        reason: r.reason,
      }))
    : [];
  return { profile, filled, favourites, recommendations };
}
