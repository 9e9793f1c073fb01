import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

// The eight collections of SPEC §3; `categories` in the settings object is derived from them.
export const collections = pgTable('collections', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon'),
  position: integer('position').notNull().default(0),
});
