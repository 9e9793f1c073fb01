-- Staff's search words per FAQ entry (ADR 070): read by the chat bot's index only, never shown. A column of an
-- existing table: the serving role's table grants already cover it.
ALTER TABLE "faq_items" ADD COLUMN "search_words" text DEFAULT '' NOT NULL;
