CREATE TABLE "restock_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"confirm_nonce" text,
	"confirm_sent_at" timestamp with time zone,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "restock_subscriptions_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "restock_subscriptions" ADD CONSTRAINT "restock_subscriptions_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restock_subscriptions" ADD CONSTRAINT "restock_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_subscriptions_pack_email" ON "restock_subscriptions" USING btree ("pack_id","email");--> statement-breakpoint
CREATE INDEX "restock_subscriptions_email_idx" ON "restock_subscriptions" USING btree ("email");--> statement-breakpoint
CREATE INDEX "restock_subscriptions_user_idx" ON "restock_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- Back-in-stock mails (ADR 068): when a pack's stock goes from 0 to above 0, every waiting subscription of that
-- pack gets one mail in the outbox and becomes mailed, in the transaction of the stock change and under its row
-- lock, whichever code changed the stock. Two racing increases: the second sees the first's stock as OLD, so
-- only one of them fires; a rolled-back one leaves neither mail nor change.
CREATE FUNCTION restock_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH mailed AS (
    UPDATE restock_subscriptions SET status = 'mailed', mailed_at = now(), confirm_nonce = NULL
    WHERE pack_id = NEW.id AND status = 'waiting'
    RETURNING email, origin, unsubscribe_token
  )
  INSERT INTO outbox (kind, payload)
  SELECT 'mail', jsonb_build_object(
    'template', 'back_in_stock',
    'to', m.email,
    'data', jsonb_build_object(
      'name', p.name,
      'seeds', NEW.seeds,
      'productUrl', m.origin || '/product/' || p.slug,
      'unsubscribeUrl', m.origin || '/weer-op-voorraad/afmelden?t=' || m.unsubscribe_token))
  FROM mailed m JOIN products p ON p.id = NEW.product_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER product_packs_restock AFTER UPDATE OF stock ON product_packs FOR EACH ROW WHEN (OLD.stock <= 0 AND NEW.stock > 0) EXECUTE FUNCTION restock_notify();
