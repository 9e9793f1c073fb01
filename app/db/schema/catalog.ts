import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

// The eight collections of SPEC §3; `categories` in the settings object is derived from them.
export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon'),
  position: integer('position').notNull().default(0),
});

export const strainTypes = ['indica', 'mostly_indica', 'hybrid', 'mostly_sativa', 'sativa'] as const;
export const difficulties = ['beginner', 'advanced', 'expert'] as const;
/** How the line was bred (SPEC §3 "genotype"): a landrace, a stable inbred line, a first cross, a cross of crosses, or with ruderalis. */
export const genotypes = ['landrace', 'ibl', 'f1_hybrid', 'polyhybrid', 'auto_hybrid'] as const;
/** Where the strain grows well (part of its grower profile, SPEC §3). */
export const growSettings = ['indoor', 'outdoor', 'greenhouse'] as const;
/** A draft is seen only in the back office; the shop reads published strains only (loadCatalogue). */
export const productStatuses = ['draft', 'published'] as const;

// A seed strain (SPEC §3). Percentages are stored in tenths (215 = 21.5 %), like money in minor units.
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    breeder: text('breeder').notNull(),
    genetics: text('genetics').notNull(),
    lineage: text('lineage').array().notNull(),
    flowering: text('flowering', { enum: ['photoperiod', 'autoflower'] }).notNull(),
    sex: text('sex', { enum: ['feminized', 'regular'] }).notNull(),
    type: text('type', { enum: strainTypes }).notNull(),
    indicaPercent: integer('indica_percent').notNull(),
    thc: integer('thc').notNull(),
    cbd: integer('cbd').notNull(),
    cbg: integer('cbg').notNull(),
    yieldIndoor: integer('yield_indoor').notNull(),
    yieldOutdoor: integer('yield_outdoor').notNull(),
    heightIndoor: integer('height_indoor').notNull(),
    heightOutdoor: integer('height_outdoor').notNull(),
    climates: text('climates').array().notNull(),
    floweringDaysMin: integer('flowering_days_min').notNull(),
    floweringDaysMax: integer('flowering_days_max').notNull(),
    flavours: text('flavours').array().notNull(),
    terpenes: text('terpenes').array().notNull(),
    effects: text('effects').array().notNull(),
    difficulty: text('difficulty', { enum: difficulties }).notNull(),
    genotype: text('genotype', { enum: genotypes }).notNull().default('f1_hybrid'),
    /** The grower profile: the difficulty above, these settings and the indoor height. */
    growSettings: text('grow_settings', { enum: growSettings }).array().notNull().default(sql`'{}'::text[]`),
    summary: text('summary').notNull(),
    description: text('description').notNull(),
    popularity: integer('popularity').notNull().default(0),
    /** average × 10 */
    ratingAvg: integer('rating_avg').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    counterpartId: integer('counterpart_id'),
    /** Text that search matches: name, genetics, flavours, effects… (indexed in the migration). */
    searchDocument: text('search_document').notNull().default(''),
    // Stored so a search never re-stems every product; Dutch stemming, summary included.
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('dutch'::regconfig, search_document || ' ' || summary)`),
    /** When the strain was first published ("newest strains"); for a draft, when it was made. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    status: text('status', { enum: productStatuses }).notNull().default('published'),
    /** Raised by every back-office save: a form made from an older revision cannot overwrite a newer one. */
    revision: integer('revision').notNull().default(0),
    /** The back office's new-strain form key: a second submit of the same form finds the strain it made. */
    createKey: text('create_key').unique(),
  },
  (t) => [
    index('products_popularity_idx').on(t.popularity),
    index('products_search_vector_idx').using('gin', t.searchVector),
    check('products_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

// A photo staff uploaded for a strain (instead of its generated artwork): sniffed, checked and re-encoded
// before it is stored, kept in the database so every machine serves the same file (ARCHITECTURE.md).
export const productImages = pgTable('product_images', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  format: text('format').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Hash of the stored bytes: part of the image URLs and of the disk-cache key. */
  version: text('version').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// Seed packs (1/3/5/10 seeds); stock lives on the pack. A free pack is a promotional gift, never sold.
export const productPacks = pgTable(
  'product_packs',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    seeds: integer('seeds').notNull(),
    isFree: boolean('is_free').notNull().default(false),
    stock: integer('stock').notNull().default(0),
    sku: text('sku').notNull().unique(),
    /** At or below this the shop names the count and the back office flags the pack (ADR 034). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  },
  // Stock never goes below zero, whatever the code above it does.
  (t) => [
    uniqueIndex('product_packs_product_seeds_free').on(t.productId, t.seeds, t.isFree),
    check('product_packs_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_packs_low_stock_range', sql`${t.lowStockThreshold} >= 0 and ${t.lowStockThreshold} <= 10000`),
  ],
);

export const packPrices = pgTable(
  'pack_prices',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    priceMinor: integer('price_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.packId, t.currency] }), check('pack_prices_nonnegative', sql`${t.priceMinor} >= 0`)],
);

export const productCollections = pgTable(
  'product_collections',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    collectionId: integer('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.collectionId] }), index('product_collections_collection_idx').on(t.collectionId)],
);

export const relatedProducts = pgTable(
  'related_products',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] })],
);
