// The chat bot (ADR 019, ADR 065): no external service. A person's matters go to a person first; order
// numbers, countries and strain names are read from the message and answered from the shop's own data (the
// /order-status lookup with its rate limit, the regions, the catalogue); everything else is ranked retrieval
// over the FAQ, the content pages and the settings (chat-knowledge.server.ts).
import type { Db } from '~/db/client.server.ts';
import { chat as t } from '~/i18n/nl/chat.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { order } from '~/i18n/nl/order.ts';
import { formatMoney } from '~/lib/money.ts';
import type { orders } from '~/db/schema/commerce.ts';
import { listRegions } from '~/lib/regions.server.ts';
import type { Region, RegionCountry } from '~/lib/regions.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import { getShopData } from '~/lib/settings.server.ts';
import type { Product } from '~/modules/catalog/catalog.ts';
import { type ChatIndex, search, type Hit } from './chat-index.ts';
import { knowledgeIndex } from './chat-knowledge.server.ts';
import { isStop, searchWords, stem, stems } from './chat-words.ts';
import {
  asksForGoods,
  asksStrainFacts,
  asksShipping,
  type ChatState,
  countryIn,
  countryNamesOf,
  emailIn,
  handoffReason,
  type HandoffReason,
  intentOf,
  isEnglish,
  namesOtherMethod,
  normalise,
  orderNumberIn,
  otherCountryIn,
  strainIn,
  withoutCountries,
  withoutIdentifiers,
} from './chat.ts';

export type ChatLink = { label: string; href: string };
export type ChatReply = { text: string[]; links: ChatLink[]; suggestions: string[]; handoff: boolean; state: ChatState; source: string | null };

/** Questions per client per 10 minutes: plenty for a person, not for a script. */
export const CHAT_RATE_LIMIT = { limit: 40, windowMs: 10 * 60_000 };
/**
 * The best match answers when it covers this share of the question's weight and scores at least this; a question
 * with no word of any title must be covered far better (tuned on chat.testset.ts).
 */
export const CONFIDENT = { coverage: 0.35, score: 3, untitled: 0.6 };

/** A question whose weight is mostly in words no text of the shop uses is about something else. */
const OFFTOPIC_SHARE = 0.6;

const reply = (r: Partial<ChatReply> & { text: string[] }): ChatReply => ({ links: [], suggestions: [], handoff: false, state: {}, source: null, ...r });
const contactLink = { label: t.handoffLink, href: '/contact' };

/** The strain facts the bot states; the flow hands them over from the catalogue. */
export type ChatStrain = Pick<Product, 'slug' | 'name' | 'type' | 'flowering' | 'sex' | 'thc' | 'cbd' | 'floweringDaysMin' | 'floweringDaysMax' | 'yieldIndoor' | 'yieldOutdoor' | 'packs'>;

async function ranked(db: Db, message: string) {
  const names = countryNames(await listRegions(db));
  return search(await knowledgeIndex(db), searchWords(withoutCountries(withoutIdentifiers(message), names)));
}

const confident = (hit: Hit | undefined, topical: boolean): hit is Hit =>
  !!hit && hit.coverage >= (topical ? CONFIDENT.coverage : CONFIDENT.untitled) && hit.score >= CONFIDENT.score;

/**
 * A paraphrase shares few words with its entry, so it covers little of the question; but when one document
 * outscores every other by far, the question is about it all the same.
 */
export const CLEAR = { coverage: 0.2, margin: 1.5 };
/**
 * The runner-up within this factor of the best: too close to call, so "Bedoel je…?" rather than a confident answer
 * that may be the wrong entry (tuning set: 1.05 turned 9 wrong answers and 4 right ones into a question; 1.1 12 and 8,
 * 1.2 17 and 28).
 */
const CLOSE = 1.05;
function clearWinner(best: Hit | undefined, hits: Hit[], topical: boolean, unknownShare: number): best is Hit {
  // Half the question in words the texts do not use: a lead over nothing says nothing.
  if (!best || !topical || unknownShare >= 0.5 || best.coverage < CLEAR.coverage || best.score < CONFIDENT.score) return false;
  const next = hits.find((h) => h !== best && h.doc.key !== best.doc.key);
  return !next || best.score >= CLEAR.margin * next.score;
}

function answerText(hit: Hit): string {
  const d = hit.doc;
  return d.key.startsWith('page:') ? `${d.title}: ${d.body.length > 500 ? `${d.body.slice(0, 500)}…` : d.body}` : d.body;
}

// ---- shipping ------------------------------------------------------------------------------------

// Built once per regions snapshot: Intl's names are not free.
const namesByRegions = new WeakMap<Region[], Record<string, string[]>>();
function countryNames(regions: Region[]): Record<string, string[]> {
  let names = namesByRegions.get(regions);
  if (!names) namesByRegions.set(regions, (names = countryNamesOf(regions.flatMap((r) => r.countries))));
  return names;
}

/** The rates, days, handling delay and free-shipping threshold of one country, in its own currency. */
function countryLines(c: RegionCountry, visitorCurrency: string): string[] {
  const lines = c.rates.map((r) => t.shippingLine(checkout.carriers[r.carrier], formatMoney(r.priceMinor, c.currency), r.minDays, r.maxDays));
  lines.push(c.carrier.delay > 0 ? t.handlingDelay(c.carrier.delay, c.carrier.min + c.carrier.delay, c.carrier.max + c.carrier.delay) : t.sameDay);
  if (c.carrier.free_from > 0) lines.push(t.freeFrom(formatMoney(c.carrier.free_from, c.currency)));
  if (c.currency !== visitorCurrency) lines.push(t.otherCurrency(c.currency));
  return lines;
}

async function shippingReply(db: Db, message: string, region: Region): Promise<ChatReply> {
  const regions = await listRegions(db);
  const named = countryIn(message, countryNames(regions));
  const links = [{ label: t.shippingLink, href: '/verzending-bezorging' }];
  // A country the shop does not ship to: say so, never the visitor's own rates.
  const other = named ? null : otherCountryIn(message, new Set(regions.flatMap((r) => r.countries.map((c) => c.iso))));
  if (other) return reply({ text: [t.noShipping(other)], links, source: 'intent:shipping' });
  const iso = named ?? region.countries.find((c) => c.id === region.defaultCountryId)?.iso ?? region.countries[0]?.iso;
  const here = region.countries.find((c) => c.iso === iso);
  const elsewhere = regions.find((r) => r.countries.some((c) => c.iso === iso));
  const country = here ?? elsewhere?.countries.find((c) => c.iso === iso);
  if (!country) return reply({ text: [t.noShipping(iso ?? '')], links, source: 'intent:shipping' });
  const head = here ? [t.shipping(country.name)] : [t.shipping(country.name), t.otherRegion(country.name, elsewhere!.name)];
  return reply({ text: [...head, ...countryLines(country, region.currency)], links, source: 'intent:shipping' });
}

// ---- payment, strains, hand-off ------------------------------------------------------------------------

/** Whether a message names one of the shop's payment methods by a word of its own name (cash reads as contant). */
function namesMethod(message: string, options: { name: string }[]): boolean {
  const own = (name: string) => stems(name).filter((w) => !w.startsWith('betal'));
  const methods = new Set(options.flatMap((o) => own(o.name)));
  return searchWords(message).some((slot) => slot.some((w) => methods.has(stem(w))));
}

async function paymentReply(db: Db, offered: ChatContext['offeredPayments']): Promise<ChatReply> {
  const shop = await getShopData(db);
  const names = offered(shop.paymentOptions).map((o) => o.name);
  return reply({ text: [t.payment(names.join(', '))], links: [{ label: t.paymentLink, href: '/betalingsverwerking' }], source: 'intent:payment' });
}

export function strainReply(s: ChatStrain, currency: string): ChatReply {
  const prices = s.packs.filter((p) => !p.isFree && p.prices[currency] !== undefined);
  const cheapest = prices.reduce<(typeof prices)[number] | null>((a, p) => (!a || p.prices[currency]! < a.prices[currency]! ? p : a), null);
  const inStock = s.packs.some((p) => !p.isFree && p.stock > 0);
  const text = [
    t.strain.identity(s.name, s.type, s.flowering, s.sex),
    t.strain.grow(s.floweringDaysMin, s.floweringDaysMax, s.thc, s.cbd),
    t.strain.yield(s.yieldIndoor, s.yieldOutdoor),
    cheapest ? t.strain.price(formatMoney(cheapest.prices[currency]!, currency), cheapest.seeds, inStock) : t.strain.noPrice,
  ];
  return reply({ text, links: [{ label: t.strain.link(s.name), href: `/product/${s.slug}` }], source: `strain:${s.slug}` });
}

// The words of each matter the shop's texts use, added to the search for what the FAQ says about it.
const HANDOFF_TOPICS: Partial<Record<HandoffReason, string>> = {
  damage: 'beschadigd verkeerd product ontvangen',
  loss: 'verzekerd pakket zoek verlies',
  privacy: 'persoonsgegevens privacy',
  complaint: 'klacht',
};

/** The FAQ entries whose question is itself one of these matters ("Ik heb een beschadigd of verkeerd product ontvangen"). */
const matterEntries = new WeakMap<ChatIndex, Map<string, HandoffReason>>();
function matterOf(index: ChatIndex, key: string): HandoffReason | undefined {
  let entries = matterEntries.get(index);
  if (!entries) {
    entries = new Map();
    for (const [reason, topic] of Object.entries(HANDOFF_TOPICS) as [HandoffReason, string][])
      index.docs.forEach((d, i) => d.key.startsWith('faq:') && stems(topic).every((w) => index.titles[i]!.has(w)) && entries!.set(d.key, reason));
    matterEntries.set(index, entries);
  }
  return entries.get(key);
}

async function handoffReply(db: Db, message: string, reason: HandoffReason): Promise<ChatReply> {
  // The contact form itself is the hand-off's button, which carries the conversation (ChatReply.handoff).
  const links: ChatLink[] = [];
  const text = [t.handoffReasons[reason]];
  const number = orderNumberIn(message);
  if (reason === 'cancel' && number) {
    text.push(t.cancelOrder(number));
    links.push({ label: t.orderStatusLink, href: '/order-status' });
  }
  // What the FAQ says about it (how long you have to report damage, say), when it clearly applies.
  const topic = HANDOFF_TOPICS[reason];
  const found = topic ? await ranked(db, `${message} ${topic}`) : null;
  const best = found?.hits[0];
  if (found && confident(best, found.topical) && best.doc.key.startsWith('faq:')) text.push(best.doc.body);
  text.push(t.handoffCarry);
  return reply({ text, links, handoff: true, source: 'intent:human' });
}

const offtopicReply = () => reply({ text: [t.offtopic], handoff: true, source: 'intent:offtopic' });

// ---- orders and questions ------------------------------------------------------------------------------

async function orderReply(message: string, state: ChatState, ctx: ChatContext): Promise<ChatReply> {
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
  const found = await ctx.findOrder(number, email, ctx.client);
  if (found.status === 'rate_limited') return reply({ text: [checkout.errors.tooManyRequests], source: 'intent:order_status' });
  if (found.status === 'not_found') return reply({ text: [t.orderNotFound, t.orderNotFoundHelp], links: [contactLink], source: 'intent:order_status' });
  const o = found.order;
  return reply({ text: [t.orderFound(o.number, order.statuses[o.status], order.paymentStates[o.paymentState])], links: [{ label: t.orderLink, href: found.href }], source: 'intent:order_status' });
}

/** A page section that covers no more of the question than an FAQ entry near it gives way to that entry: the FAQ is written as answers. */
function faqFirst(hits: Hit[]): Hit | undefined {
  const [best] = hits;
  if (!best?.doc.key.startsWith('page:')) return best;
  // Only an entry that could answer on its own: one below the bar would turn a sure answer into "Bedoel je…?".
  return hits.find((h) => h.doc.key.startsWith('faq:') && h.coverage >= best.coverage && h.score >= 0.6 * best.score && h.score >= CONFIDENT.score) ?? best;
}

async function questionReply(db: Db, message: string, state: ChatState): Promise<ChatReply> {
  const { hits, knownWords, unknownShare, topical, strangers } = await ranked(db, message);
  const found = faqFirst(hits);
  // A clear winner answers as surely as a well-covered one.
  const best = found && clearWinner(found, hits, topical, unknownShare) ? { ...found, coverage: Math.max(found.coverage, CONFIDENT.coverage) } : found;
  // Asked for goods the shop's texts do not know (and no strain, which came first): not sold here.
  if (strangers > 0 && asksForGoods(message) && !(confident(best, topical) && best.coverage >= 0.8)) return offtopicReply();
  // Found the FAQ entry of a matter a person settles: that is a hand-off, with what the entry says.
  // Two entries nearly level: the bot cannot tell which is meant, so it asks rather than answer from the wrong one
// (unless the best holds every word of the question).
  const runnerUp = best && hits.find((h) => h.doc.key !== best.doc.key);
  if (best && runnerUp && confident(best, topical) && best.coverage < 1 && runnerUp.score * CLOSE > best.score) return unsureReply(state, [best.doc.title, runnerUp.doc.title]);
  const matter = confident(best, topical) && matterOf(await knowledgeIndex(db), best.doc.key);
  if (matter) return handoffReply(db, message, matter);
  if (confident(best, topical)) return reply({ text: [answerText(best)], links: [{ label: t.readMore, href: best.doc.href }], source: best.doc.key.startsWith('setting:') ? null : best.doc.key });
  // Not one word the shop's texts use, mostly words they never use, or no word any of their titles is about:
  // something the shop does not do.
  if (knownWords === 0 || !best || !topical || unknownShare >= OFFTOPIC_SHARE) return offtopicReply();
  return unsureReply(state, [...new Set(hits.map((h) => h.doc.title))].slice(0, 3));
}

/** Unsure: "Bedoel je…?" with a person offered at once; the second time in a row a person takes over. */
function unsureReply(state: ChatState, titles: string[]): ChatReply {
  const unsure = (state.unsure ?? 0) + 1;
  if (unsure >= 2) return reply({ text: [t.unsureAgain], handoff: true, source: null });
  return reply({ text: [t.unsure], suggestions: titles, handoff: true, state: { unsure }, source: null });
}

/** The customer's order by number and e-mail, with the link to its status page; app/flows/answer-chat.server.ts asks the orders module. */
export type ChatOrderLookup = (
  number: string,
  email: string,
  client: string,
) => Promise<{ status: 'found'; order: Pick<typeof orders.$inferSelect, 'number' | 'status' | 'paymentState'>; href: string } | { status: 'not_found' } | { status: 'rate_limited' }>;

export type ChatContext = {
  region: Region;
  client: string;
  findOrder: ChatOrderLookup;
  offeredPayments: (options: { id: string; name: string }[]) => { id: string; name: string }[];
  /** The published strains (the catalogue's snapshot). */
  strains: () => Promise<ChatStrain[]>;
};

export type ChatOutcome = { status: 'ok'; reply: ChatReply } | { status: 'rate_limited' };

async function route(db: Db, message: string, state: ChatState, ctx: ChatContext): Promise<ChatReply> {
  const intent = intentOf(message, countryNames(await listRegions(db)));
  // Waiting for an order number or e-mail: a short answer continues that; a new question starts over.
  const continuing = state.awaiting && (intent === 'order_status' || orderNumberIn(message) || emailIn(message) || normalise(message).split(' ').length <= 3);
  const reason = handoffReason(message);
  if (reason && !continuing) return handoffReply(db, message, reason);
  if (continuing || intent === 'order_status') return orderReply(message, continuing ? state : {}, ctx);
  const index = await knowledgeIndex(db);
  const strain = strainIn(message, await ctx.strains(), (w) => isStop(w) || index.postings.has(stem(w)));
  if (intent === 'offtopic' && !(strain && asksStrainFacts(message))) return offtopicReply();
  if (intent === 'shipping') return shippingReply(db, message, ctx.region);
  if (strain && !asksShipping(message)) return strainReply(strain, ctx.region.currency);
  // Asking about a method the shop offers (paying cash, by transfer) is asking how it works: the FAQ answers that.
  // Naming another method too ("per overschrijving of met een kaart") asks which there are.
  if (intent === 'payment' && (namesOtherMethod(message) || !namesMethod(message, (await getShopData(db)).paymentOptions))) return paymentReply(db, ctx.offeredPayments);
  return questionReply(db, message, state);
}

/** Answers one message of the conversation. */
export async function answerChat(db: Db, message: string, state: ChatState, ctx: ChatContext, now = new Date()): Promise<ChatOutcome> {
  const limit = await hitRateLimit(db, `chat:${ctx.client}`, CHAT_RATE_LIMIT.limit, CHAT_RATE_LIMIT.windowMs, now);
  if (!limit.allowed) return { status: 'rate_limited' };
  const answer = await route(db, message, state, ctx);
  // English is read and answered in Dutch, with one line in English saying so (ADR 065).
  return { status: 'ok', reply: isEnglish(message) ? { ...answer, text: [t.englishNote, ...answer.text] } : answer };
}
