// The chat bot (ADR 019): no external service. Answers come from the FAQ and the payment, return and refund
// pages, found with PostgreSQL's Dutch full-text search and trigram similarity (the same SQL on PGlite), and
// from the shop's own data for orders (the /order-status lookup, its rate limit included), shipping and payment.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import { chat as t } from '~/i18n/nl/chat.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { order } from '~/i18n/nl/order.ts';
import { cached } from '~/lib/cache.server.ts';
import { plainText } from '~/lib/markdown.ts';
import { formatMoney } from '~/lib/money.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { lookupOrder, type OrderLinks, orderStatusPath } from '~/modules/orders/orders.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { listRegions } from '~/modules/regions/regions.server.ts';
import type { Region } from '~/modules/regions/regions.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { getShopData } from '~/modules/settings/settings.server.ts';
import { type ChatState, countryIn, DEFAULT_COUNTRY_NAMES, emailIn, intentOf, normalise, orderNumberIn, withSynonyms } from './chat.ts';

export type ChatLink = { label: string; href: string };
export type ChatReply = { text: string[]; links: ChatLink[]; suggestions: string[]; handoff: boolean; state: ChatState; source: string | null };

/** Questions per client per 10 minutes: plenty for a person, not for a script. */
export const CHAT_RATE_LIMIT = { limit: 40, windowMs: 10 * 60_000 };
/** Below this score the best match is offered as a suggestion, not as the answer. */
const CONFIDENT = 0.55;

const reply = (r: Partial<ChatReply> & { text: string[] }): ChatReply => ({ links: [], suggestions: [], handoff: false, state: {}, source: null, ...r });

// ---- the knowledge: FAQ entries and the policy pages ---------------------------------------------

const PAGES = [
  { slug: 'betalingsverwerking', href: '/betalingsverwerking' },
  { slug: 'retourbeleid', href: '/retourbeleid' },
  { slug: 'restitutiebeleid', href: '/restitutiebeleid' },
];

export type Match = { key: string; title: string; body: string; href: string; score: number };

/**
 * The documents ranked for a question: full-text rank on the title (weight A) and body (B) with any word
 * matching (not all), plus trigram similarity of the question to each title, which forgives typos.
 */
async function searchKnowledge(db: Db, question: string): Promise<Match[]> {
  const q = withSynonyms(question).slice(0, 300);
  if (!q) return [];
  return cached(db, `chat:${q}`, 60_000, async () => {
    const rows = await queryRows<Match>(
      db,
      sql`
      with docs as (
        select 'faq:' || id as key, question as title, answer as body, '/faq#vraag-' || id as href from faq_items
        union all
        select 'page:' || slug, title, body, '/' || slug
        from content_pages where slug in (${sql.join(PAGES.map((p) => sql`${p.slug}`), sql`, `)})
      ),
      query as (select nullif(replace(plainto_tsquery('dutch'::regconfig, ${q})::text, '&', '|'), '')::tsquery as tsq)
      select key, title, body, href,
             (coalesce(ts_rank(setweight(to_tsvector('dutch'::regconfig, title), 'A') || setweight(to_tsvector('dutch'::regconfig, body), 'B'), query.tsq), 0) * 2
              + similarity(lower(title), ${q}) * 1.5 + word_similarity(${q}, lower(title)) * 0.5)::float8 as score
      from docs, query
      order by score desc, key
      limit 4`,
    );
    // Pages are Markdown (ADR 036): the answer quotes their words, not their syntax.
    return rows.map((r) => ({ ...r, body: r.key.startsWith('page:') ? plainText(r.body) : r.body, score: Number(r.score) }));
  });
}

// ---- the intents ------------------------------------------------------------------------------------

function countryNames(regions: Region[]): Record<string, string[]> {
  const names: Record<string, string[]> = {};
  for (const [iso, list] of Object.entries(DEFAULT_COUNTRY_NAMES)) names[iso] = [...list];
  for (const r of regions) for (const c of r.countries) (names[c.iso] ??= []).push(normalise(c.name));
  return names;
}

async function shippingReply(db: Db, message: string, region: Region): Promise<ChatReply> {
  const regions = await listRegions(db);
  const iso = countryIn(message, countryNames(regions)) ?? region.countries.find((c) => c.id === region.defaultCountryId)?.iso ?? region.countries[0]?.iso;
  const here = region.countries.find((c) => c.iso === iso);
  const links = [{ label: t.shippingLink, href: '/verzending-bezorging' }];
  if (!here) {
    const elsewhere = regions.find((r) => r.countries.some((c) => c.iso === iso));
    const name = elsewhere?.countries.find((c) => c.iso === iso)?.name ?? iso ?? '';
    return reply({ text: [elsewhere ? t.otherRegion(name, elsewhere.name) : t.noShipping(name)], links, source: 'intent:shipping' });
  }
  const lines = here.rates.map((r) => t.shippingLine(checkout.carriers[r.carrier], formatMoney(r.priceMinor, region.currency), r.minDays + here.carrier.delay, r.maxDays + here.carrier.delay));
  const free = here.carrier.free_from > 0 ? [t.freeFrom(formatMoney(here.carrier.free_from, region.currency))] : [];
  return reply({ text: [t.shipping(here.name), ...lines, ...free], links, source: 'intent:shipping' });
}

async function paymentReply(db: Db, offered: (options: { id: string; name: string }[]) => { id: string; name: string }[]): Promise<ChatReply> {
  const shop = await getShopData(db);
  const names = offered(shop.paymentOptions).map((o) => o.name);
  return reply({ text: [t.payment(names.join(', '))], links: [{ label: t.paymentLink, href: '/betalingsverwerking' }], source: 'intent:payment' });
}

async function orderReply(db: Db, message: string, state: ChatState, ctx: ChatContext): Promise<ChatReply> {
  const number = orderNumberIn(message) ?? state.orderNumber;
  if (!number) {
    // Asked for the number and did not get one: SPEC §5's message, and the question again.
    const asked = state.awaiting === 'order_number';
    return reply({ text: asked ? [t.orderNumberRequired, t.askOrderNumber] : [t.askOrderNumber], state: { awaiting: 'order_number' }, source: 'intent:order_status' });
  }
  const email = emailIn(message);
  if (!email) {
    const asked = state.awaiting === 'email' && state.orderNumber === number;
    return reply({ text: asked ? [t.invalidEmail, t.askEmail(number)] : [t.askEmail(number)], state: { awaiting: 'email', orderNumber: number }, source: 'intent:order_status' });
  }
  const found = await lookupOrder(db, number, email, ctx.client);
  if (found.status === 'rate_limited') return reply({ text: [checkout.errors.tooManyRequests], source: 'intent:order_status' });
  if (found.status === 'not_found')
    return reply({ text: [t.orderNotFound, t.orderNotFoundHelp], links: [{ label: t.handoffLink, href: '/contact' }], source: 'intent:order_status' });
  const o = found.order;
  return reply({
    text: [t.orderFound(o.number, order.statuses[o.status], order.paymentStates[o.paymentState])],
    links: [{ label: t.orderLink, href: orderStatusPath(ctx.links, o.number, o.email) }],
    source: 'intent:order_status',
  });
}

async function questionReply(db: Db, message: string, state: ChatState): Promise<ChatReply> {
  const [best, ...rest] = await searchKnowledge(db, message);
  if (best && best.score >= CONFIDENT) {
    return reply({ text: [best.key.startsWith('faq:') ? best.body : `${best.title}: ${best.body.slice(0, 400)}…`], links: [{ label: t.readMore, href: best.href }], source: best.key });
  }
  const unsure = (state.unsure ?? 0) + 1;
  // The second time in a row: a person takes over.
  if (unsure >= 2 || !best) return reply({ text: [t.unsureAgain], handoff: true, source: null });
  return reply({ text: [t.unsure], suggestions: [best, ...rest].slice(0, 3).map((m) => m.title), state: { unsure }, source: null });
}

export type ChatContext = { region: Region; client: string; links: OrderLinks; offeredPayments: (options: { id: string; name: string }[]) => { id: string; name: string }[] };

export type ChatOutcome = { status: 'ok'; reply: ChatReply } | { status: 'rate_limited' };

/** Answers one message of the conversation. */
export async function answerChat(db: Db, message: string, state: ChatState, ctx: ChatContext, now = new Date()): Promise<ChatOutcome> {
  const limit = await hitRateLimit(db, `chat:${ctx.client}`, CHAT_RATE_LIMIT.limit, CHAT_RATE_LIMIT.windowMs, now);
  if (!limit.allowed) return { status: 'rate_limited' };
  const intent = intentOf(message);
  // Waiting for an order number or e-mail: a short answer continues that; a new question starts over.
  const continuing = state.awaiting && (intent === 'order_status' || orderNumberIn(message) || emailIn(message) || normalise(message).split(' ').length <= 3);
  if (intent === 'human') return { status: 'ok', reply: reply({ text: [t.handoff], handoff: true, source: 'intent:human' }) };
  if (continuing || intent === 'order_status') return { status: 'ok', reply: await orderReply(db, message, continuing ? state : {}, ctx) };
  if (intent === 'shipping') return { status: 'ok', reply: await shippingReply(db, message, ctx.region) };
  if (intent === 'payment') return { status: 'ok', reply: await paymentReply(db, ctx.offeredPayments) };
  return { status: 'ok', reply: await questionReply(db, message, state) };
}
