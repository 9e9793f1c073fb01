import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Long-form pages (policies, our story) live in the database so staff can edit them (ADR 036).
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  /** Markdown subset (app/modules/blog/markdown.ts), the same as blog posts. */
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const faqItems = pgTable('faq_items', {
  id: serial('id').primaryKey(),
  category: text('category').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  position: integer('position').notNull().default(0),
  /** Staff's words for how customers ask about the entry, comma separated: only the chat bot reads them (ADR 070). */
  searchWords: text('search_words').notNull().default(''),
});

export const postCategories = pgTable('post_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** One sentence for the category's blog page and its meta description. */
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AuthorLink = { label: string; url: string };

// Blog (SPEC §2 /blog, /auteurs; §3 "Blog post, category and author"): bodies are Markdown (ADR 014).
export const authors = pgTable('authors', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  /** Paragraphs separated by a blank line, shown as text. */
  bio: text('bio').notNull(),
  expertise: text('expertise').array().notNull().default(sql`'{}'::text[]`),
  links: jsonb('links').$type<AuthorLink[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const postStatuses = ['draft', 'published'] as const;

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown subset (app/modules/blog/markdown.ts). */
    body: text('body').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => postCategories.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => authors.id),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    /** A published post is visible from this moment on (a later date schedules it). */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Strain whose artwork is the cover; related strains are linked below the post. */
    coverStrain: text('cover_strain'),
    relatedStrains: text('related_strains').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_visible_idx').on(t.status, t.publishedAt),
    index('posts_category_idx').on(t.categoryId),
    index('posts_author_idx').on(t.authorId),
    check('posts_published_has_date', sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
  ],
);
