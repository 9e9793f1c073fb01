// Blog data access: published posts, categories and authors. Visibility is decided by the database clock:
// a post shows once it is published and its publication moment has passed (a later date schedules it).
import { and, asc, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';
import { type BlogQuery, pageWindow, POSTS_PER_PAGE } from './blog.ts';
import { parseMarkdown, readingMinutes } from '~/lib/markdown.ts';

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  category: { slug: string; name: string };
  author: { slug: string; name: string };
  publishedAt: string;
  updatedAt: string;
  readingMinutes: number;
  coverStrain: string | null;
};

export type CategoryCount = { id: number; slug: string; name: string; description: string; count: number };

const visible = () => and(eq(s.posts.status, 'published'), lte(s.posts.publishedAt, sql`now()`))!;

const cardColumns = {
  ...columns(s.posts, 'slug', 'title', 'excerpt', 'body', 'publishedAt', 'updatedAt', 'coverStrain'),
  categorySlug: s.postCategories.slug,
  categoryName: s.postCategories.name,
  authorSlug: s.authors.slug,
  authorName: s.authors.name,
};

type CardRow = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  publishedAt: Date | null;
  updatedAt: Date;
  coverStrain: string | null;
  categorySlug: string;
  categoryName: string;
  authorSlug: string;
  authorName: string;
};

function toCard(r: CardRow): PostCardData {
  return {
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    category: { slug: r.categorySlug, name: r.categoryName },
    author: { slug: r.authorSlug, name: r.authorName },
    // Visible posts always have a publication date (check constraint + the visibility filter).
    publishedAt: r.publishedAt!.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    readingMinutes: readingMinutes(r.body),
    coverStrain: r.coverStrain,
  };
}

/** Joins a select from posts to the post's category and author: every post list and page of the blog reads them. */
export const withPeople = <T extends PgSelect>(query: T) =>
  query.innerJoin(s.postCategories, eq(s.postCategories.id, s.posts.categoryId)).innerJoin(s.authors, eq(s.authors.id, s.posts.authorId));

/** Visible posts, newest first, with their total; `where` narrows them (category, author, not this post). */
async function listPosts(db: Db, opts: { where?: SQL; offset?: number; limit: number }) {
  const where = opts.where ? and(visible(), opts.where) : visible();
  const [rows, [count]] = await Promise.all([
    withPeople(db.select(cardColumns).from(s.posts).$dynamic())
      .where(where)
      .orderBy(desc(s.posts.publishedAt), desc(s.posts.id))
      .limit(opts.limit)
      .offset(opts.offset ?? 0),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.posts)
      .where(where),
  ]);
  return { total: count?.n ?? 0, items: rows.map(toCard) };
}

/** Every category in menu order, with how many visible posts it holds. */
export async function listPostCategories(db: Db): Promise<CategoryCount[]> {
  const rows = await db
    .select({
      ...columns(s.postCategories, 'id', 'slug', 'name', 'description'),
      count: sql<number>`count(${s.posts.id})::int`,
    })
    .from(s.postCategories)
    .leftJoin(s.posts, and(eq(s.posts.categoryId, s.postCategories.id), visible()))
    .groupBy(s.postCategories.id)
    .orderBy(asc(s.postCategories.position), asc(s.postCategories.id));
  return rows;
}

/** /blog: the categories, the chosen one, the page's posts and paging; null when the category or page does not exist. */
export async function blogIndex(db: Db, query: BlogQuery) {
  const categories = await listPostCategories(db);
  const category = query.category ? categories.find((c) => c.slug === query.category) : null;
  if (category === undefined) return null;
  const where = category ? eq(s.posts.categoryId, category.id) : undefined;
  const total = category ? category.count : categories.reduce((n, c) => n + c.count, 0);
  const window = pageWindow(total, query.page, !category);
  if (!window) return null;
  const { items } = await listPosts(db, { where, offset: window.offset, limit: window.limit });
  const featured = window.featured && window.page === 1 ? (items[0] ?? null) : null;
  return {
    categories,
    category,
    featured,
    posts: featured ? items.slice(1) : items,
    total,
    page: window.page,
    pageCount: window.pageCount,
  };
}

/** Product cards for strain slugs, in order, unknown slugs left out: the catalogue's, passed in by app/flows/show-post.server.ts. */
export type StrainCards = (slugs: string[]) => Promise<ProductCardData[]>;

/** A visible post with its author, rendered body, related posts and strains; null when it is not (yet) published. */
export async function getPostWith(db: Db, slug: string, strainCards: StrainCards) {
  const author = { slug: s.authors.slug, name: s.authors.name, role: s.authors.role, bio: s.authors.bio, expertise: s.authors.expertise, links: s.authors.links };
  const category = { slug: s.postCategories.slug, name: s.postCategories.name };
  const [row] = await withPeople(db.select({ id: s.posts.id, post: s.posts, category, author }).from(s.posts).$dynamic()).where(and(visible(), eq(s.posts.slug, slug)));
  if (!row) return null;
  const { post } = row;
  const [sameCategory, latest, strains] = await Promise.all([
    listPosts(db, { where: and(ne(s.posts.id, post.id), eq(s.posts.categoryId, post.categoryId)), limit: 3 }),
    listPosts(db, { where: ne(s.posts.id, post.id), limit: 3 }),
    post.relatedStrains.length === 0 ? [] : strainCards(post.relatedStrains),
  ]);
  // Related: the same category first, topped up with the newest other posts.
  const related = [...sameCategory.items, ...latest.items.filter((p) => !sameCategory.items.some((q) => q.slug === p.slug))].slice(0, 3);
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    publishedAt: post.publishedAt!.toISOString(),
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    readingMinutes: readingMinutes(post.body),
    coverStrain: post.coverStrain,
    document: parseMarkdown(post.body),
    category: row.category,
    author: row.author,
    related,
    strains,
  };
}

/** Every author with their number of visible posts, by name. */
export async function listAuthors(db: Db) {
  return db
    .select({
      ...columns(s.authors, 'slug', 'name', 'role', 'bio', 'expertise'),
      postCount: sql<number>`count(${s.posts.id})::int`,
    })
    .from(s.authors)
    .leftJoin(s.posts, and(eq(s.posts.authorId, s.authors.id), visible()))
    .groupBy(s.authors.id)
    .orderBy(asc(s.authors.name));
}

/** An author and one page of their visible posts; null when the author or the page does not exist. */
export async function getAuthor(db: Db, slug: string, page: number) {
  const [author] = await db.select().from(s.authors).where(eq(s.authors.slug, slug));
  if (!author) return null;
  const where = eq(s.posts.authorId, author.id);
  const [{ n: total } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.posts)
    .where(and(visible(), where));
  const window = pageWindow(total, page, false, POSTS_PER_PAGE);
  if (!window) return null;
  const { items } = await listPosts(db, { where, offset: window.offset, limit: window.limit });
  return {
    author: {
      slug: author.slug,
      name: author.name,
      role: author.role,
      bio: author.bio,
      expertise: author.expertise,
      links: author.links,
      createdAt: author.createdAt.toISOString(),
      updatedAt: author.updatedAt.toISOString(),
    },
    posts: items,
    total,
    page: window.page,
    pageCount: window.pageCount,
  };
}

/** Every visible post and author, for the sitemap. */
export async function blogSitemap(db: Db) {
  const [posts, authors] = await Promise.all([
    db.select({ slug: s.posts.slug, title: s.posts.title }).from(s.posts).where(visible()).orderBy(desc(s.posts.publishedAt), desc(s.posts.id)),
    db
      .select({ slug: s.authors.slug, name: s.authors.name })
      .from(s.authors)
      .where(sql`exists (select 1 from ${s.posts} where ${s.posts.authorId} = ${s.authors.id} and ${visible()})`)
      .orderBy(asc(s.authors.name)),
  ]);
  return { posts, authors };
}
