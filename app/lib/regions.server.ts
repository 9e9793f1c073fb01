import { asc } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached } from '~/lib/cache.server.ts';
import { readCookie } from '~/lib/cookies.server.ts';
import { pickRegion, type Region, type RegionCountry } from '~/lib/regions.ts';

const KEY = 'regions';

/** All regions with their countries, carrier info and rates; cached, the data changes rarely. */
export function listRegions(db: Db): Promise<Region[]> {
  return cached(db, KEY, 60_000, async () => {
    const [regions, countries, infos, rates, links] = await Promise.all([
      db.select().from(s.regions).orderBy(asc(s.regions.position)),
      db.select().from(s.countries).orderBy(asc(s.countries.name)),
      db.select().from(s.carrierInfo),
      db.select().from(s.shippingRates),
      db.select().from(s.regionCountries),
    ]);
    const infoBy = new Map(infos.map((i) => [i.countryId, i]));
    const byCountry = new Map<number, RegionCountry>();
    for (const c of countries) {
      const info = infoBy.get(c.id);
      if (!info) continue; // a country without carrier info cannot be shipped to
      byCountry.set(c.id, {
        id: c.id,
        iso: c.iso,
        name: c.name,
        currency: c.currency,
        requiresState: c.requiresState,
        carrier: { id: c.id, iso: c.iso, min: info.minDays, max: info.maxDays, delay: info.delayDays, free_from: info.freeFromMinor },
        rates: rates
          .filter((r) => r.countryId === c.id)
          .map(({ carrier, priceMinor, minDays, maxDays }) => ({ carrier, priceMinor, minDays, maxDays }))
          .sort((a, b) => a.priceMinor - b.priceMinor),
      });
    }
    return regions.map((r) => ({
      code: r.code,
      name: r.name,
      locale: r.locale,
      currency: r.currency,
      currencySign: r.currencySign,
      defaultCountryId: r.defaultCountryId,
      countries: links
        .filter((l) => l.regionCode === r.code)
        .map((l) => byCountry.get(l.countryId))
        .filter((c): c is RegionCountry => !!c)
        .sort((a, b) => a.name.localeCompare(b.name, 'nl')),
    }));
  });
}

/** The visitor's region from the region cookie (the shop's default region otherwise). */
export async function regionForRequest(db: Db, request: Request): Promise<Region> {
  return pickRegion(await listRegions(db), readCookie(request, 'region'));
}
