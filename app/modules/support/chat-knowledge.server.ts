// What the chat bot knows (ADR 065): the FAQ entries, every content page by section, and a few documents made
// from the shop's settings, in one in-memory BM25 index. The rows are cached under `chat:` (the back office's
// FAQ and page editors drop that prefix) and the index is rebuilt when they or the settings change.
import { asc } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { chat as t } from '~/i18n/nl/chat.ts';
import { cached } from '~/lib/cache.server.ts';
import { plainText } from '~/lib/markdown.ts';
import { getShopData } from '~/lib/settings.server.ts';
import type { ShopData } from '~/lib/settings.ts';
import { buildIndex, type ChatIndex, type IndexDoc } from './chat-index.ts';

const ROWS_KEY = 'chat:knowledge';

/** A content page as one document per section: the answer quotes the part that matched, not the whole page. */
export function pageSections(page: { slug: string; title: string; body: string }): IndexDoc[] {
  const sections: { heading: string; lines: string[] }[] = [{ heading: '', lines: [] }];
  for (const line of page.body.split('\n')) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) sections.push({ heading: heading[1]!.trim(), lines: [] });
    else sections.at(-1)!.lines.push(line);
  }
  return sections
    .map((sec) => ({ ...sec, text: plainText(sec.lines.join('\n')).trim() }))
    .filter((sec) => sec.text)
    .map((sec) => ({ key: `page:${page.slug}`, title: sec.heading ? `${page.title}: ${sec.heading}` : page.title, body: sec.text, href: `/${page.slug}` }));
}

/** Documents from the settings: answers that change when the owner edits them. */
export function settingsDocs(shop: ShopData): IndexDoc[] {
  const docs: IndexDoc[] = [
    { key: 'setting:contact', title: t.docs.contactTitle, body: t.docs.contactBody(shop.supportEmail), href: '/contact' },
    { key: 'setting:max-seeds', title: t.docs.maxSeedsTitle, body: t.docs.maxSeedsBody(shop.maxSeedsPerCart), href: '/besteloverzicht' },
  ];
  if (shop.bankAccount.iban) docs.push({ key: 'setting:bank', title: t.docs.bankTitle, body: t.docs.bankBody(shop.bankAccount), href: '/betalingsverwerking' });
  if (shop.cashAddress.length) docs.push({ key: 'setting:cash', title: t.docs.cashTitle, body: t.docs.cashBody(shop.cashAddress.join(', ')), href: '/betalingsverwerking' });
  return docs;
}

function loadRows(db: Db): Promise<IndexDoc[]> {
  return cached(db, ROWS_KEY, 5 * 60_000, async () => {
    const [faq, pages] = await Promise.all([
      db.select().from(s.faqItems).orderBy(asc(s.faqItems.position), asc(s.faqItems.id)),
      db.select({ slug: s.contentPages.slug, title: s.contentPages.title, body: s.contentPages.body }).from(s.contentPages).orderBy(asc(s.contentPages.slug)),
    ]);
    return [...faq.map((f) => ({ key: `faq:${f.id}`, title: f.question, body: f.answer, href: `/faq#vraag-${f.id}`, searchWords: f.searchWords })), ...pages.flatMap(pageSections)];
  });
}

// One index per (rows, settings) pair: a new array from either cache means they changed.
const indexes = new WeakMap<IndexDoc[], WeakMap<ShopData, ChatIndex>>();

export async function knowledgeIndex(db: Db): Promise<ChatIndex> {
  const [rows, shop] = await Promise.all([loadRows(db), getShopData(db)]);
  let byShop = indexes.get(rows);
  if (!byShop) indexes.set(rows, (byShop = new WeakMap()));
  let index = byShop.get(shop);
  if (!index) byShop.set(shop, (index = buildIndex([...rows, ...settingsDocs(shop)])));
  return index;
}
