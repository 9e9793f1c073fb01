-- A bank credit staff marked "not for an order" (ADR 029), by the line's stable key, so a later statement shows the
-- decision. The serving role gets its rights from the grants at start (README "Database roles").
CREATE TABLE "bank_ignored_lines" (
	"key" text PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_ignored_lines" ADD CONSTRAINT "bank_ignored_lines_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;