import { boolean, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

// A country we ship to. Shipping prices and free_from are in `currency`, which
// equals the currency of every region that ships there (checked by a test).
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  iso: text('iso').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull(),
  requiresState: boolean('requires_state').notNull().default(false),
});

export const regions = pgTable('regions', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  locale: text('locale').notNull(),
  currency: text('currency').notNull(),
  currencySign: text('currency_sign').notNull(),
  defaultCountryId: integer('default_country_id')
    .notNull()
    .references(() => countries.id),
  position: integer('position').notNull().default(0),
});

export const regionCountries = pgTable(
  'region_countries',
  {
    regionCode: text('region_code')
      .notNull()
      .references(() => regions.code, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.regionCode, t.countryId] })],
);

// SPEC §3 carrier_info: delivery window in business days, handling delay, free-shipping threshold.
export const carrierInfo = pgTable('carrier_info', {
  countryId: integer('country_id')
    .primaryKey()
    .references(() => countries.id, { onDelete: 'cascade' }),
  minDays: integer('min_days').notNull(),
  maxDays: integer('max_days').notNull(),
  delayDays: integer('delay_days').notNull(),
  freeFromMinor: integer('free_from_minor').notNull(),
});

export const carrierLabels = ['tracked_parcel', 'regular_post'] as const;
export type CarrierLabel = (typeof carrierLabels)[number];

export const shippingRates = pgTable(
  'shipping_rates',
  {
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: carrierLabels }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.carrier] })],
);
