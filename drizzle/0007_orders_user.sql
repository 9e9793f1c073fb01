ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
-- Until now an account found its orders by its confirmed e-mail address: link those orders to it.
UPDATE "orders" SET "user_id" = "users"."id" FROM "users" WHERE "orders"."user_id" IS NULL AND "orders"."email" = "users"."email" AND "users"."email_verified_at" IS NOT NULL AND "users"."deleted_at" IS NULL;
