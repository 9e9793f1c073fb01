// FAQ entries and static pages in the back office (role content, ADR 036). Each write is one transaction with
// its audit entry and then drops what the shop caches: the page itself, /faq and the chat bot's answers (it
// quotes both), on every process.
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { invalidate } from '~/lib/cache.server.ts';
 
import { type Actor, deleteAudited, recordAudit } from '~/lib/audit.server.ts';
import type { FaqInput, PageInput } from './content-admin.schemas.ts';

/** Cache prefixes: getFaq / getContentPage (content.server.ts) and the chat bot's searches (chat.server.ts). */
const FAQ_KEY = 'content:faq';
const pageKey = (slug: string) => `content:${slug}`;
const CHAT_KEY = 'chat:';

export type ContentSaveResult = { ok: true; id: number | string } | { ok: false; error: 'notFound' | 'stale' };

export function listFaqForStaff(db: Db) {
  return db.select().from(s.faqItems).orderBy(asc(s.faqItems.position), asc(s.faqItems.id));
}

/** Adds or changes an FAQ entry. Adding the very same entry twice (a double submit) keeps one. */
export async function saveFaq(db: Db, actor: Actor, input: FaqInput, now = new Date()): Promise<ContentSaveResult> {
  const values = { question: input.question, answer: input.answer, category: input.category, position: input.position, searchWords: input.searchWords };
  const result = await db.transaction(async (tx): Promise<ContentSaveResult & { changed?: boolean }> => {
    if (!input.id) {
      const [twin] = await tx
        .select({ id: s.faqItems.id })
        .from(s.faqItems)
        .where(and(eq(s.faqItems.question, values.question), eq(s.faqItems.answer, values.answer), eq(s.faqItems.category, values.category)));
      if (twin) return { ok: true, id: twin.id };
      const [row] = await tx.insert(s.faqItems).values(values).returning();
      await recordAudit(tx, actor, { action: 'faq.create', entity: 'faq_item', entityId: row!.id, after: values }, now);
      return { ok: true, id: row!.id, changed: true };
    }
    const [current] = await tx.select().from(s.faqItems).where(eq(s.faqItems.id, input.id)).for('update');
    if (!current) return { ok: false, error: 'notFound' };
    const { id: _id, ...before } = current;
    const same = (Object.keys(values) as (keyof typeof values)[]).every((k) => before[k] === values[k]);
    if (same) return { ok: true, id: current.id };
    await tx.update(s.faqItems).set(values).where(eq(s.faqItems.id, current.id));
    await recordAudit(tx, actor, { action: 'faq.update', entity: 'faq_item', entityId: current.id, before, after: values }, now);
    return { ok: true, id: current.id, changed: true };
  });
  if (result.ok && result.changed) faqChanged(db);
  return result.ok ? { ok: true, id: result.id } : result;
}

/** Removes an FAQ entry; removing one that is already gone is answered as done. */
export async function deleteFaq(db: Db, actor: Actor, id: number, now = new Date()): Promise<void> {
  const entry = { action: 'faq.delete', entity: 'faq_item', entityId: id };
  const changed = await deleteAudited(db, actor, entry, (tx) => tx.delete(s.faqItems).where(eq(s.faqItems.id, id)).returning(), now);
  if (changed) faqChanged(db);
}

function faqChanged(db: Db) {
  invalidate(db, FAQ_KEY);
  invalidate(db, CHAT_KEY);
}

export async function faqCount(db: Db) {
  const [row] = await db.select({ n: count() }).from(s.faqItems);
  return row?.n ?? 0;
}

// ——— Static pages ———

export function listPagesForStaff(db: Db) {
  return db
    .select({ slug: s.contentPages.slug, title: s.contentPages.title, updatedAt: s.contentPages.updatedAt })
    .from(s.contentPages)
    .orderBy(asc(s.contentPages.title));
}

export async function getPageForStaff(db: Db, slug: string) {
  const [page] = await db.select().from(s.contentPages).where(eq(s.contentPages.slug, slug));
  return page ?? null;
}

/** Changes a page's texts; refuses (keeping the staff member's text in the form) when someone else saved meanwhile. */
export async function savePage(db: Db, actor: Actor, slug: string, input: PageInput, now = new Date()): Promise<ContentSaveResult> {
  const values = { title: input.title, description: input.description, body: input.body };
  const result = await db.transaction(async (tx): Promise<ContentSaveResult & { changed?: boolean }> => {
    const [current] = await tx.select().from(s.contentPages).where(eq(s.contentPages.slug, slug)).for('update');
    if (!current) return { ok: false, error: 'notFound' };
    const same = current.title === values.title && current.description === values.description && current.body === values.body;
    if (same) return { ok: true, id: slug };
    if (current.updatedAt.toISOString() !== input.version) return { ok: false, error: 'stale' };
    await tx
      .update(s.contentPages)
      .set({ ...values, updatedAt: now })
      .where(eq(s.contentPages.slug, slug));
    const before = { title: current.title, description: current.description, body: current.body };
    await recordAudit(tx, actor, { action: 'page.update', entity: 'content_page', entityId: slug, before, after: values }, now);
    return { ok: true, id: slug, changed: true };
  });
  if (result.ok && result.changed) {
    invalidate(db, pageKey(slug));
    // The chat bot quotes the payment, return and refund pages.
    invalidate(db, CHAT_KEY);
  }
  return result.ok ? { ok: true, id: result.id } : result;
}
