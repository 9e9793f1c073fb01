// Pure region logic: which region a visitor is in and which carrier info applies (SPEC §4).

export type CarrierInfoEntry = { id: number; iso: string; min: number; max: number; delay: number; free_from: number };
export type CarrierInfo = Omit<CarrierInfoEntry, 'id' | 'iso'> & { id: number | null; iso: string | null };

export type RegionCountry = {
  id: number;
  iso: string;
  name: string;
  currency: string;
  requiresState: boolean;
  carrier: CarrierInfoEntry;
  rates: { carrier: 'tracked_parcel' | 'regular_post'; priceMinor: number; minDays: number; maxDays: number }[];
};

export type Region = {
  code: string;
  name: string;
  locale: string;
  currency: string;
  currencySign: string;
  defaultCountryId: number;
  countries: RegionCountry[];
};

const DEFAULT_REGION = 'nl';
export const EMPTY_CARRIER_INFO: CarrierInfo = { id: null, iso: null, min: 0, max: 0, delay: 0, free_from: 0 };

/** SPEC §4: start empty, take the region's default country, and in the 'en' region the country cookie's. */
export function selectCarrierInfo(
  entries: CarrierInfoEntry[],
  region: { default_country_id: number; locale: string },
  countryCookie: string | undefined,
): CarrierInfo {
  let info: CarrierInfo = EMPTY_CARRIER_INFO;
  const byDefault = entries.find((e) => e.id === region.default_country_id);
  if (byDefault) info = byDefault;
  if (region.locale === 'en' && countryCookie) {
    const wanted = countryCookie.toLowerCase();
    const byCookie = entries.find((e) => e.iso.toLowerCase() === wanted);
    if (byCookie) info = byCookie;
  }
  return info;
}

export function pickRegion(regions: Region[], code: string | undefined): Region {
  const found = code ? regions.find((r) => r.code === code.toLowerCase()) : undefined;
  const region = found ?? regions.find((r) => r.code === DEFAULT_REGION) ?? regions[0];
  if (!region) throw new Error('Er zijn geen regio’s ingericht.');
  return region;
}
