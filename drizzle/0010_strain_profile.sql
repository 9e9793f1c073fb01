ALTER TABLE "products" ADD COLUMN "genotype" text DEFAULT 'f1_hybrid' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "grow_settings" text[] DEFAULT '{}'::text[] NOT NULL;