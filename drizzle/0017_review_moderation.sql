ALTER TABLE "reviews" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "checked_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "shop_reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "shop_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_checked_by_staff_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Reviews that were there before moderation existed (the seeded ones, and those already live) count as checked.
UPDATE "reviews" SET "checked_at" = "created_at";--> statement-breakpoint
CREATE INDEX "reviews_unchecked_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."checked_at" is null;
