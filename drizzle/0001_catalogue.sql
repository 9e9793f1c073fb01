CREATE TABLE "pack_prices" (
	"pack_id" integer NOT NULL,
	"currency" text NOT NULL,
	"price_minor" integer NOT NULL,
	CONSTRAINT "pack_prices_pack_id_currency_pk" PRIMARY KEY("pack_id","currency")
);
--> statement-breakpoint
CREATE TABLE "product_collections" (
	"product_id" integer NOT NULL,
	"collection_id" integer NOT NULL,
	CONSTRAINT "product_collections_product_id_collection_id_pk" PRIMARY KEY("product_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "product_packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"seeds" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	CONSTRAINT "product_packs_sku_unique" UNIQUE("sku")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"breeder" text NOT NULL,
	"genetics" text NOT NULL,
	"lineage" text[] NOT NULL,
	"flowering" text NOT NULL,
	"sex" text NOT NULL,
	"type" text NOT NULL,
	"indica_percent" integer NOT NULL,
	"thc" integer NOT NULL,
	"cbd" integer NOT NULL,
	"cbg" integer NOT NULL,
	"yield_indoor" integer NOT NULL,
	"yield_outdoor" integer NOT NULL,
	"height_indoor" integer NOT NULL,
	"height_outdoor" integer NOT NULL,
	"climates" text[] NOT NULL,
	"flowering_days_min" integer NOT NULL,
	"flowering_days_max" integer NOT NULL,
	"flavours" text[] NOT NULL,
	"terpenes" text[] NOT NULL,
	"effects" text[] NOT NULL,
	"difficulty" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"rating_avg" integer DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"counterpart_id" integer,
	"search_document" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "related_products" (
	"product_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "related_products_product_id_related_id_pk" PRIMARY KEY("product_id","related_id")
);
--> statement-breakpoint
ALTER TABLE "pack_prices" ADD CONSTRAINT "pack_prices_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_collections" ADD CONSTRAINT "product_collections_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_packs" ADD CONSTRAINT "product_packs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_related_id_products_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_collections_collection_idx" ON "product_collections" USING btree ("collection_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_packs_product_seeds_free" ON "product_packs" USING btree ("product_id","seeds","is_free");--> statement-breakpoint
CREATE INDEX "products_popularity_idx" ON "products" USING btree ("popularity");