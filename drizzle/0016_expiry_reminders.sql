-- One payment reminder per unpaid bank-transfer or cash order: set in the transaction that queues the mail.
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;
