import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached } from '~/lib/cache.server.ts';
import { parseMarkdown } from '~/lib/markdown.ts';

export function getContentPage(db: Db, slug: string) {
  return cached(db, `content:${slug}`, 60_000, async () => {
    const [page] = await db.select().from(s.contentPages).where(eq(s.contentPages.slug, slug));
    // Parsed once per cache entry, with the blog's renderer (ADR 036).
    return page ? { slug: page.slug, title: page.title, description: page.description, blocks: parseMarkdown(page.body).blocks } : null;
  });
}

/** FAQ grouped by category, in seed order. */
export function getFaq(db: Db) {
  return cached(db, 'content:faq', 60_000, async () => {
    // Not the search words: they are for the chat bot only.
    const f = s.faqItems;
    const items = await db.select({ id: f.id, category: f.category, question: f.question, answer: f.answer }).from(f).orderBy(asc(f.position));
    const groups = new Map<string, { id: number; question: string; answer: string }[]>();
    for (const { category, id, question, answer } of items) {
      groups.set(category, [...(groups.get(category) ?? []), { id, question, answer }]);
    }
    return [...groups].map(([category, entries]) => ({ category, items: entries }));
  });
}
