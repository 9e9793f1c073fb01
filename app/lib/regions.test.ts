import { describe, expect, it } from 'vitest';
import { EMPTY_CARRIER_INFO, selectCarrierInfo } from '~/lib/regions.ts';

const entries = [
  { id: 1, iso: 'NL', min: 1, max: 2, delay: 0, free_from: 5000 },
  { id: 2, iso: 'BE', min: 1, max: 3, delay: 0, free_from: 5000 },
  { id: 3, iso: 'ES', min: 3, max: 7, delay: 1, free_from: 5000 },
];

describe('selectCarrierInfo (SPEC §4)', () => {
  it('starts at zero when nothing matches', () => {
    expect(selectCarrierInfo(entries, { default_country_id: 99, locale: 'nl' }, undefined)).toEqual(EMPTY_CARRIER_INFO);
    expect(EMPTY_CARRIER_INFO).toMatchObject({ min: 0, max: 0, delay: 0, free_from: 0 });
  });
  it("takes the region's default country", () => {
    expect(selectCarrierInfo(entries, { default_country_id: 2, locale: 'nl' }, undefined).iso).toBe('BE');
  });
  it("ignores the country cookie outside the 'en' region", () => {
    expect(selectCarrierInfo(entries, { default_country_id: 1, locale: 'nl' }, 'es').iso).toBe('NL');
  });
  it("in the 'en' region follows the country cookie, case-insensitively", () => {
    expect(selectCarrierInfo(entries, { default_country_id: 2, locale: 'en' }, 'es').iso).toBe('ES');
    expect(selectCarrierInfo(entries, { default_country_id: 2, locale: 'en' }, 'Es').iso).toBe('ES');
  });
  it("keeps the default when the cookie's country is not in the region", () => {
    expect(selectCarrierInfo(entries, { default_country_id: 2, locale: 'en' }, 'us').iso).toBe('BE');
  });
});
