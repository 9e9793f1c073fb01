-- Staff can block a customer account (back office /beheer/klanten, ADR 037): a blocked customer cannot
-- log in and has no sessions. The reason is for staff only.
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;
