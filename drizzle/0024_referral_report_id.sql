-- The browser's id for one referral report (ADR 057): the report sent at a page change and again from the
-- next page counts as one visit.
ALTER TABLE "referral_visits" ADD COLUMN "report_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_visits_report_idx" ON "referral_visits" USING btree ("report_id");