import { expect, it } from 'vitest';
import { describeEachDatabase } from '~/db/test-db.ts';
import { getSettings } from '~/lib/settings.server.ts';
import { isStorefrontLocale } from '~/lib/settings.ts';

describeEachDatabase('settings object', (ctx) => {
  it('has every field of SPEC §3', async () => {
    const s = await getSettings(ctx().db, 'nl');
    expect(Object.keys(s).sort()).toEqual(
      ['carrier_info', 'categories', 'locale', 'logo_alt', 'payment_options', 'post_categories', 'product_filters', 'region', 'region_countries', 'region_default_currency'].sort(),
    );
    expect(s.region).toMatchObject({ code: 'nl', locale: 'nl' });
    expect(s.region_default_currency).toEqual({ sign: '€', iso_code: 'EUR' });
    expect(s.region_countries.map((c) => c.iso).sort()).toEqual(['BE', 'NL']);
    expect(s.carrier_info[0]).toEqual(expect.objectContaining({ id: expect.any(Number), iso: expect.any(String), min: expect.any(Number), max: expect.any(Number), delay: expect.any(Number), free_from: expect.any(Number) }));
    expect(s.categories).toHaveLength(8);
    expect(s.categories[0]).toEqual({ name: 'Hoog THC', url: '/collecties/hoog-thc', icon: 'flame' });
    expect(s.product_filters.filterGroups[0]!.filters.length).toBeGreaterThan(0);
    expect(s.product_filters.filterGroups.flatMap((g) => g.filters).every((f) => typeof f.public === 'boolean')).toBe(true);
    expect(s.payment_options.map((p) => p.id)).toContain('bank_transfer');
    expect(s.post_categories.length).toBeGreaterThan(0);
    expect(s.logo_alt).toMatch(/Kiemkracht/);
  });

  it('serves each region in its own currency and falls back to nl for an unknown one', async () => {
    expect((await getSettings(ctx().db, 'uk')).region_default_currency.iso_code).toBe('GBP');
    expect((await getSettings(ctx().db, 'ch')).region_default_currency.iso_code).toBe('CHF');
    expect((await getSettings(ctx().db, 'en')).region.locale).toBe('en');
    expect((await getSettings(ctx().db, 'xx')).region.code).toBe('nl');
  });
});

it('accepts the storefront locale by iso or language only', () => {
  expect(['nl-nl', 'nl-NL', 'nl'].every(isStorefrontLocale)).toBe(true);
  expect(['de', 'en-gb', ''].some(isStorefrontLocale)).toBe(false);
});
