// The grower profile (SPEC §3): its values and labels. What it recommends is in app/flows/recommend-strains.ts,
// apart, so the pages that show a profile do not load the seedfinder's scoring and texts.
import type { CultivationMethod } from '~/db/schema/accounts.ts';
import { account } from '~/i18n/nl/account.ts';
import type { Product } from '~/modules/catalog/catalog.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

export const GROWING_SINCE_MIN = 1950;
export const FAVOURITES_MAX = 5;

// The value lists of the form; `satisfies` keeps them in step with the database enums.
export const CULTIVATION_METHODS = ['indoor', 'outdoor', 'greenhouse', 'hydroponics'] as const satisfies readonly CultivationMethod[];
export const FLOWERING_PREFERENCES = ['photoperiod', 'autoflower'] as const satisfies readonly Product['flowering'][];
/** From indica to sativa: neighbours in this list are related types. */
export const STRAIN_TYPES = ['indica', 'mostly_indica', 'hybrid', 'mostly_sativa', 'sativa'] as const satisfies readonly Product['type'][];

export type FloweringPreference = (typeof FLOWERING_PREFERENCES)[number];
export type StrainType = (typeof STRAIN_TYPES)[number];

/** Every field optional: null (or no favourites) means "not told". */
export type GrowerProfile = {
  growingSince: number | null;
  cultivationMethod: CultivationMethod | null;
  floweringPreference: FloweringPreference | null;
  favouriteType: StrainType | null;
  favouriteIds: number[];
};

export const emptyGrowerProfile = (): GrowerProfile => ({
  growingSince: null,
  cultivationMethod: null,
  floweringPreference: null,
  favouriteType: null,
  favouriteIds: [],
});

export const hasGrowerProfile = (p: GrowerProfile) =>
  p.growingSince !== null || p.cultivationMethod !== null || p.floweringPreference !== null || p.favouriteType !== null || p.favouriteIds.length > 0;

/** Dutch labels, the catalogue's own words for flowering and type. */
export const profileLabels = {
  cultivationMethod: (m: CultivationMethod) => account.details.profile.methods[m],
  floweringPreference: (f: FloweringPreference) => catalogText.identity[f],
  favouriteType: (t: StrainType) => catalogText.types[t],
};
