CREATE TABLE "secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_amount_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" text;