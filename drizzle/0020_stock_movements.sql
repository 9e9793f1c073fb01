ALTER TABLE "product_packs" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_packs" ADD CONSTRAINT "product_packs_low_stock_range" CHECK ("product_packs"."low_stock_threshold" >= 0 and "product_packs"."low_stock_threshold" <= 10000);--> statement-breakpoint
ALTER TABLE "pack_prices" ADD CONSTRAINT "pack_prices_nonnegative" CHECK ("pack_prices"."price_minor" >= 0);--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"staff_id" integer,
	"actor" text NOT NULL,
	"resulting_stock" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_delta_nonzero" CHECK ("stock_movements"."delta" <> 0),
	CONSTRAINT "stock_movements_resulting_nonnegative" CHECK ("stock_movements"."resulting_stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_pack_idx" ON "stock_movements" USING btree ("pack_id","created_at");--> statement-breakpoint
CREATE TABLE "catalogue_action_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
