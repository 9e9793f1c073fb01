// Regions of SPEC §3 and the countries each one ships to. Shipping prices are
// in the country's currency, which is the currency of its region(s).

type CountrySeed = {
  iso: string;
  name: string;
  currency: string;
  requiresState?: boolean;
  /** business days in transit, handling delay, free shipping from (minor units) */
  carrier: { min: number; max: number; delay: number; freeFrom: number };
  rates: { tracked: number; regular: number };
};

type Zone = Pick<CountrySeed, 'carrier' | 'rates'>;
const zone = (min: number, max: number, delay: number, freeFrom: number, tracked: number, regular: number): Zone => ({
  carrier: { min, max, delay, freeFrom },
  rates: { tracked, regular },
});

const eur = (iso: string, name: string, z: Zone): CountrySeed => ({ iso, name, currency: 'EUR', ...z });
const EU_NEAR = zone(2, 4, 0, 5000, 995, 595);
const EU_FAR = zone(3, 7, 1, 5000, 1295, 695);

export const countrySeeds: CountrySeed[] = [
  eur('NL', 'Nederland', zone(1, 2, 0, 5000, 695, 395)),
  eur('BE', 'België', zone(1, 3, 0, 5000, 795, 495)),
  eur('LU', 'Luxemburg', EU_NEAR),
  eur('DE', 'Duitsland', EU_NEAR),
  eur('FR', 'Frankrijk', zone(2, 5, 0, 5000, 995, 595)),
  eur('MC', 'Monaco', zone(3, 6, 0, 5000, 1095, 695)),
  eur('AT', 'Oostenrijk', zone(2, 5, 0, 5000, 995, 595)),
  eur('DK', 'Denemarken', EU_NEAR),
  eur('IE', 'Ierland', EU_FAR),
  eur('ES', 'Spanje', EU_FAR),
  eur('PT', 'Portugal', EU_FAR),
  eur('IT', 'Italië', EU_FAR),
  eur('GR', 'Griekenland', EU_FAR),
  eur('FI', 'Finland', EU_FAR),
  eur('SE', 'Zweden', EU_FAR),
  eur('PL', 'Polen', EU_FAR),
  eur('CZ', 'Tsjechië', EU_FAR),
  eur('SK', 'Slowakije', EU_FAR),
  eur('SI', 'Slovenië', EU_FAR),
  eur('HR', 'Kroatië', EU_FAR),
  eur('EE', 'Estland', EU_FAR),
  eur('LV', 'Letland', EU_FAR),
  eur('LT', 'Litouwen', EU_FAR),
  eur('MT', 'Malta', EU_FAR),
  eur('CY', 'Cyprus', EU_FAR),
  { iso: 'CH', name: 'Zwitserland', currency: 'CHF', ...zone(3, 6, 1, 5000, 1490, 890) },
  { iso: 'LI', name: 'Liechtenstein', currency: 'CHF', ...zone(3, 6, 1, 5000, 1490, 890) },
  { iso: 'GB', name: 'Verenigd Koninkrijk', currency: 'GBP', ...zone(4, 8, 1, 4500, 1195, 695) },
  { iso: 'US', name: 'Verenigde Staten', currency: 'USD', requiresState: true, ...zone(7, 14, 1, 6000, 1995, 1195) },
  { iso: 'CA', name: 'Canada', currency: 'CAD', requiresState: true, ...zone(8, 15, 1, 8000, 2495, 1495) },
  { iso: 'AU', name: 'Australië', currency: 'AUD', requiresState: true, ...zone(10, 20, 2, 9000, 2995, 1795) },
  { iso: 'NZ', name: 'Nieuw-Zeeland', currency: 'NZD', ...zone(10, 20, 2, 9500, 3195, 1895) },
];

type RegionSeed = {
  code: string;
  name: string;
  locale: string;
  currency: string;
  currencySign: string;
  defaultCountry: string;
  countries: string[];
};

const EUROPE = ['BE', 'LU', 'DK', 'IE', 'ES', 'PT', 'IT', 'GR', 'FI', 'SE', 'PL', 'CZ', 'SK', 'SI', 'HR', 'EE', 'LV', 'LT', 'MT', 'CY', 'NL', 'DE', 'FR', 'AT'];

// Order is the order of the region-change modal.
export const regionSeeds: RegionSeed[] = [
  { code: 'nl', name: 'Nederland & België', locale: 'nl', currency: 'EUR', currencySign: '€', defaultCountry: 'NL', countries: ['NL', 'BE'] },
  { code: 'de', name: 'Duitsland', locale: 'de', currency: 'EUR', currencySign: '€', defaultCountry: 'DE', countries: ['DE'] },
  { code: 'fr', name: 'Frankrijk', locale: 'fr', currency: 'EUR', currencySign: '€', defaultCountry: 'FR', countries: ['FR', 'MC'] },
  { code: 'at', name: 'Oostenrijk', locale: 'at', currency: 'EUR', currencySign: '€', defaultCountry: 'AT', countries: ['AT'] },
  { code: 'en', name: 'Europa', locale: 'en', currency: 'EUR', currencySign: '€', defaultCountry: 'BE', countries: EUROPE },
  { code: 'ch', name: 'Zwitserland', locale: 'ch', currency: 'CHF', currencySign: 'CHF', defaultCountry: 'CH', countries: ['CH', 'LI'] },
  { code: 'uk', name: 'Verenigd Koninkrijk', locale: 'uk', currency: 'GBP', currencySign: '£', defaultCountry: 'GB', countries: ['GB'] },
  { code: 'us', name: 'Verenigde Staten', locale: 'us', currency: 'USD', currencySign: '$', defaultCountry: 'US', countries: ['US'] },
  { code: 'ca', name: 'Canada', locale: 'ca', currency: 'CAD', currencySign: 'CA$', defaultCountry: 'CA', countries: ['CA'] },
  { code: 'au', name: 'Australië', locale: 'au', currency: 'AUD', currencySign: 'A$', defaultCountry: 'AU', countries: ['AU'] },
  { code: 'nz', name: 'Nieuw-Zeeland', locale: 'nz', currency: 'NZD', currencySign: 'NZ$', defaultCountry: 'NZ', countries: ['NZ'] },
];
