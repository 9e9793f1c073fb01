ALTER TABLE "payments" ADD COLUMN "received_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" text;