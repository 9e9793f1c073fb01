CREATE TABLE "germination_claim_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"position" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	CONSTRAINT "germination_claim_photos_position" CHECK ("germination_claim_photos"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "germination_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"state" text DEFAULT 'submitted' NOT NULL,
	"outcome" text,
	"seeds_sown" integer NOT NULL,
	"seeds_failed" integer NOT NULL,
	"method" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reason" text,
	"replacement_order_id" integer,
	"credit_minor" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "germination_claims_seeds" CHECK ("germination_claims"."seeds_failed" >= 1 and "germination_claims"."seeds_failed" <= "germination_claims"."seeds_sown"),
	CONSTRAINT "germination_claims_state" CHECK ("germination_claims"."state" in ('submitted', 'approved', 'rejected')),
	CONSTRAINT "germination_claims_outcome" CHECK (("germination_claims"."state" = 'approved') = ("germination_claims"."outcome" is not null))
);
--> statement-breakpoint
ALTER TABLE "germination_claim_photos" ADD CONSTRAINT "germination_claim_photos_claim_id_germination_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."germination_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germination_claims" ADD CONSTRAINT "germination_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germination_claims" ADD CONSTRAINT "germination_claims_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germination_claims" ADD CONSTRAINT "germination_claims_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "germination_claims" ADD CONSTRAINT "germination_claims_decided_by_staff_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "germination_claim_photos_uq" ON "germination_claim_photos" USING btree ("claim_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "germination_claims_line_uq" ON "germination_claims" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "germination_claims_order_idx" ON "germination_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "germination_claims_state_idx" ON "germination_claims" USING btree ("state","created_at");