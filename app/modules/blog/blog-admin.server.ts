// The blog in the back office (role content, ADR 036): posts with their author and category, and the small
// author and category lists. Every write is one transaction with its audit entry, and drops the cached shop
// pages on every process. An edit carries the version it started from: a change made meanwhile is never
// overwritten silently, and a repeated submit of the same form is recognised and answered as done.
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { invalidate } from '~/lib/cache.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { SETTINGS_CACHE_KEY } from '~/lib/settings.server.ts';
import type { AuthorInput, CategoryInput, PostInput } from './blog-admin.schemas.ts';
import { postStatusOf } from './blog-admin.ts';
import { withPeople } from './blog.server.ts';

/** The blog's pages are not in the read cache but in the page cache: any invalidation empties that everywhere. */
export const BLOG_CACHE_KEY = 'blog';

export type SaveResult = { ok: true; id: number } | { ok: false; field: string; error: 'slugTaken' | 'stale' | 'notFound' | 'scheduledPast' | 'author' | 'category' | 'inUse'; n?: number };

/** A concurrent create of the same slug loses at the unique index; it is answered as a taken slug, not a 500. */
function slugRace(e: unknown): SaveResult & { changed?: boolean } {
  for (let err = e; err && typeof err === 'object'; err = (err as { cause?: unknown }).cause)
    if ((err as { code?: unknown }).code === '23505') return { ok: false, field: 'slug', error: 'slugTaken' };
  throw e;
}

export async function listPostsForStaff(db: Db, now = new Date()) {
  const postColumns = {
    ...columns(s.posts, 'id', 'slug', 'title', 'status', 'publishedAt', 'updatedAt'),
    author: s.authors.name,
    category: s.postCategories.name,
  };
  const rows = await withPeople(db.select(postColumns).from(s.posts).$dynamic())
    // Newest publication first; drafts without a moment by when they were last edited.
    .orderBy(sql`coalesce(${s.posts.publishedAt}, ${s.posts.updatedAt}) desc`, desc(s.posts.id));
  return rows.map((r) => ({ ...r, state: postStatusOf(r.status, r.publishedAt, now) }));
}

export async function getPostForStaff(db: Db, id: number) {
  const [post] = await db.select().from(s.posts).where(eq(s.posts.id, id));
  return post ?? null;
}

export async function postChoices(db: Db) {
  const [authors, categories] = await Promise.all([
    db.select({ id: s.authors.id, name: s.authors.name }).from(s.authors).orderBy(asc(s.authors.name)),
    db.select({ id: s.postCategories.id, name: s.postCategories.name }).from(s.postCategories).orderBy(asc(s.postCategories.position), asc(s.postCategories.id)),
  ]);
  return { authors, categories };
}

const postAudit = (p: typeof s.posts.$inferSelect) => ({
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  body: p.body,
  authorId: p.authorId,
  categoryId: p.categoryId,
  status: p.status,
  publishedAt: p.publishedAt?.toISOString() ?? null,
});

/** Creates (no id) or updates a post. `version` is the updatedAt the form was rendered with. */
export async function savePost(db: Db, actor: Actor, input: PostInput, now = new Date()): Promise<SaveResult> {
  if (input.status === 'scheduled' && (!input.publishAt || input.publishAt <= now)) return { ok: false, field: 'publishAt', error: 'scheduledPast' };
  const result = await db
    .transaction(async (tx): Promise<SaveResult & { changed?: boolean }> => {
    const [author] = await tx.select({ id: s.authors.id }).from(s.authors).where(eq(s.authors.id, input.authorId));
    if (!author) return { ok: false, field: 'authorId', error: 'author' };
    const [category] = await tx.select({ id: s.postCategories.id }).from(s.postCategories).where(eq(s.postCategories.id, input.categoryId));
    if (!category) return { ok: false, field: 'categoryId', error: 'category' };
    const current = input.id ? (await tx.select().from(s.posts).where(eq(s.posts.id, input.id)).for('update'))[0] : undefined;
    if (input.id && !current) return { ok: false, field: '', error: 'notFound' };
    const status = input.status === 'draft' ? ('draft' as const) : ('published' as const);
    // Published without a moment: now, or the moment it already had when it was published before.
    const publishedAt = input.publishAt ?? (status === 'published' ? (current?.status === 'published' && current.publishedAt ? current.publishedAt : now) : (current?.publishedAt ?? null));
    const values = { slug: input.slug, title: input.title, excerpt: input.excerpt, body: input.body, authorId: input.authorId, categoryId: input.categoryId, status, publishedAt };
    const same = (p: typeof s.posts.$inferSelect) =>
      p.slug === values.slug && p.title === values.title && p.excerpt === values.excerpt && p.body === values.body && p.authorId === values.authorId && p.categoryId === values.categoryId && p.status === values.status;
    const [taken] = await tx
      .select()
      .from(s.posts)
      .where(current ? and(eq(s.posts.slug, input.slug), ne(s.posts.id, current.id)) : eq(s.posts.slug, input.slug));
    if (!current) {
      // The same new post sent twice (a double click, a reload of the answer): the first one counts.
      if (taken) return same(taken) ? { ok: true, id: taken.id } : { ok: false, field: 'slug', error: 'slugTaken' };
      const [row] = await tx.insert(s.posts).values({ ...values, createdAt: now, updatedAt: now }).returning();
      await recordAudit(tx, actor, { action: 'post.create', entity: 'post', entityId: row!.id, after: postAudit(row!) }, now);
      return { ok: true, id: row!.id, changed: true };
    }
    if (current.updatedAt.toISOString() !== input.version) return same(current) ? { ok: true, id: current.id } : { ok: false, field: '', error: 'stale' };
    if (taken) return { ok: false, field: 'slug', error: 'slugTaken' };
    const [row] = await tx.update(s.posts).set({ ...values, updatedAt: now }).where(eq(s.posts.id, current.id)).returning();
    await recordAudit(tx, actor, { action: 'post.update', entity: 'post', entityId: current.id, before: postAudit(current), after: postAudit(row!) }, now);
    return { ok: true, id: current.id, changed: true };
  })
    .catch(slugRace);
  if (result.ok && result.changed) invalidate(db, BLOG_CACHE_KEY);
  return result.ok ? { ok: true, id: result.id } : result;
}

// ——— Authors and categories ———

export async function listAuthorsForStaff(db: Db) {
  return db
    .select({
      ...columns(s.authors, 'id', 'slug', 'name', 'role', 'bio', 'expertise', 'updatedAt'),
      posts: count(s.posts.id),
    })
    .from(s.authors)
    .leftJoin(s.posts, eq(s.posts.authorId, s.authors.id))
    .groupBy(s.authors.id)
    .orderBy(asc(s.authors.name));
}

export async function listCategoriesForStaff(db: Db) {
  return db
    .select({
      ...columns(s.postCategories, 'id', 'slug', 'name', 'description', 'position', 'updatedAt'),
      posts: count(s.posts.id),
    })
    .from(s.postCategories)
    .leftJoin(s.posts, eq(s.posts.categoryId, s.postCategories.id))
    .groupBy(s.postCategories.id)
    .orderBy(asc(s.postCategories.position), asc(s.postCategories.id));
}

type Table = typeof s.authors | typeof s.postCategories;

/** Create or update one row of a small list keyed by slug, with the same version and repeat rules as posts. */
async function saveSlugRow<T extends Table>(
  db: Db,
  actor: Actor,
  table: T,
  entity: 'author' | 'post_category',
  input: { id?: number | undefined; version?: string | undefined; slug: string },
  values: Record<string, unknown>,
  now: Date,
): Promise<SaveResult> {
  const result = await db
    .transaction(async (tx): Promise<SaveResult & { changed?: boolean }> => {
    const t = table as typeof s.authors;
    const current = input.id ? (await tx.select().from(t).where(eq(t.id, input.id)).for('update'))[0] : undefined;
    if (input.id && !current) return { ok: false, field: '', error: 'notFound' };
    const [taken] = await tx.select().from(t).where(current ? and(eq(t.slug, input.slug), ne(t.id, current.id)) : eq(t.slug, input.slug));
    const pick = (row: Record<string, unknown>) => Object.fromEntries(Object.keys(values).map((k) => [k, row[k]]));
    const same = (row: Record<string, unknown>) => JSON.stringify(pick(row)) === JSON.stringify(values);
    if (!current) {
      if (taken) return same(taken) ? { ok: true, id: taken.id } : { ok: false, field: 'slug', error: 'slugTaken' };
      const [row] = await tx
        .insert(t)
        .values({ ...(values as typeof t.$inferInsert), createdAt: now, updatedAt: now })
        .returning();
      await recordAudit(tx, actor, { action: `${entity}.create`, entity, entityId: row!.id, after: pick(row!) }, now);
      return { ok: true, id: row!.id, changed: true };
    }
    if (current.updatedAt.toISOString() !== input.version) return same(current) ? { ok: true, id: current.id } : { ok: false, field: '', error: 'stale' };
    if (taken) return { ok: false, field: 'slug', error: 'slugTaken' };
    const [row] = await tx
      .update(t)
      .set({ ...(values as Partial<typeof t.$inferInsert>), updatedAt: now })
      .where(eq(t.id, current.id))
      .returning();
    await recordAudit(tx, actor, { action: `${entity}.update`, entity, entityId: current.id, before: pick(current), after: pick(row!) }, now);
    return { ok: true, id: current.id, changed: true };
  })
    .catch(slugRace);
  if (result.ok && result.changed) {
    invalidate(db, BLOG_CACHE_KEY);
    // The settings object lists the post categories.
    if (entity === 'post_category') invalidate(db, SETTINGS_CACHE_KEY);
  }
  return result.ok ? { ok: true, id: result.id } : result;
}

export function saveAuthor(db: Db, actor: Actor, input: AuthorInput, now = new Date()) {
  const { name, slug, role, bio, expertise } = input;
  return saveSlugRow(db, actor, s.authors, 'author', input, { slug, name, role, bio, expertise }, now);
}

export function saveCategory(db: Db, actor: Actor, input: CategoryInput, now = new Date()) {
  const { name, slug, description, position } = input;
  return saveSlugRow(db, actor, s.postCategories, 'post_category', input, { slug, name, description, position }, now);
}

/** Removes an author or category that no post uses; a repeated delete finds nothing and is answered as done. */
export async function deleteAuthorOrCategory(db: Db, actor: Actor, entity: 'author' | 'post_category', id: number, now = new Date()): Promise<SaveResult> {
  const table = entity === 'author' ? s.authors : s.postCategories;
  const result = await db.transaction(async (tx): Promise<SaveResult & { changed?: boolean }> => {
    const t = table as typeof s.authors;
    const [current] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!current) return { ok: true, id };
    const [used] = await tx
      .select({ n: count() })
      .from(s.posts)
      .where(entity === 'author' ? eq(s.posts.authorId, id) : eq(s.posts.categoryId, id));
    if (used && used.n > 0) return { ok: false, field: '', error: 'inUse', n: used.n };
    await tx.delete(t).where(eq(t.id, id));
    await recordAudit(tx, actor, { action: `${entity}.delete`, entity, entityId: id, before: { slug: current.slug, name: current.name } }, now);
    return { ok: true, id, changed: true };
  });
  if (result.ok && result.changed) {
    invalidate(db, BLOG_CACHE_KEY);
    if (entity === 'post_category') invalidate(db, SETTINGS_CACHE_KEY);
  }
  return result.ok ? { ok: true, id } : result;
}
