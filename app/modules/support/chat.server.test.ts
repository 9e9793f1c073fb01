import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { orderNumber } from '~/modules/orders/orders.ts';
import { listRegions } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { answerChat, type AnswerChatContext as ChatContext } from '~/flows/answer-chat.server.ts';
import { CHAT_RATE_LIMIT } from './chat.server.ts';
import type { ChatState } from './chat.ts';
import { CHAT_TESTSET } from './chat.testset.ts';
import { CHAT_HELDOUT } from './chat.heldout.ts';
import { CHAT_HELDOUT_2 } from './chat.heldout-2.ts';
import { CHAT_HELDOUT_3 } from './chat.heldout-3.ts';
import { CHAT_HELDOUT_4 } from './chat.heldout-4.ts';
import { scoreChat } from '~/modules/support/chat-eval.ts';

describeEachDatabase('chat bot', (database) => {
  let region: Region;
  const ctx = (client = `chat-${crypto.randomUUID()}`): ChatContext => ({ region, client, links: { origin: 'http://shop.test', secret: 'app-secret' }, offeredPayments: (o) => o.filter((p) => p.id !== 'online') });
  async function ask(message: string, state: ChatState = {}, c = ctx()) {
    const r = await answerChat(database().db, message, state, c);
    if (r.status !== 'ok') throw new Error('rate limited');
    return r.reply;
  }

  beforeAll(async () => {
    region = (await listRegions(database().db)).find((r) => r.code === 'nl')!;
  });

  // The set is tuned on, so its floor guards against falling back, not generalisation (the held-out set measures that).
  // 92.0 % of 1014 after rounds 12–14 (ADR 076; round 12, 137 questions, 77.4 % on first sight); the floor is that less a point.
  it(`answers at least 91% of the ${CHAT_TESTSET.length} test questions right first time, with the facts`, async () => {
    const faq = await database().db.select().from(s.faqItems);
    const result = await scoreChat(CHAT_TESTSET, (q) => ask(q), faq);
    console.info(`chat test set: ${(result.score * 100).toFixed(1)}%`, JSON.stringify(result.byKind), result.misses.length ? `\n${result.misses.join('\n')}` : '');
    expect(CHAT_TESTSET.length).toBeGreaterThanOrEqual(1014);
    expect(new Set(CHAT_TESTSET.map((c) => c.kind)).size).toBe(8);
    expect(result.score, result.misses.join('\n')).toBeGreaterThanOrEqual(0.91);
  });

  // The held-out sets were written apart from the bot and are never tuned on (ADR 065): they measure the bot. Only
  // the scores per kind are printed, never the questions missed, so that nobody tunes on them by accident. The goal
  // is 90 % each; measured 84.1 % and 73.9 % with the last tuning round and the FAQ's search words (the first set:
  // 25.2 % before the ranked retrieval, 65.4 % with it), so for now each floor guards against a fall and the goal
  // stays open. The third and fourth, written later by people who never saw the bot or its tuning set: 51.7 % and
  // 63.6 % on first sight; 53.5 % and 65.8 % after the general rules of ADR 076 (tuned on the tuning set only).
  for (const [name, set, floor] of [
    ['first', CHAT_HELDOUT, 0.82],
    ['second', CHAT_HELDOUT_2, 0.72],
    ['third', CHAT_HELDOUT_3, 0.52],
    ['fourth', CHAT_HELDOUT_4, 0.64],
  ] as const) {
    it(`the ${set.length} questions of the ${name} held-out set: no lower than ${floor * 100}% (goal 90%)`, async () => {
      const faq = await database().db.select().from(s.faqItems);
      const result = await scoreChat(set, (q) => ask(q), faq);
      const byKind = JSON.stringify(result.byKind);
      console.info(`chat ${name} held-out set: ${(result.score * 100).toFixed(1)}% ${byKind}`);
      expect(result.score, `${name} held-out ${(result.score * 100).toFixed(1)}% ${byKind}`).toBeGreaterThanOrEqual(floor);
    });
  }

  it('order status: asks for the number (SPEC: "Bestelnummer vereist" when it is missing), then the e-mail, then shows the order', async () => {
    const { db } = database();
    const email = `chat.${crypto.randomUUID()}@example.com`;
    const inserted = await insertTestOrder(db, { email });
    // A number as the checkout makes them (KK-XXXX-XXXX), which the bot reads from the text.
    const [order] = await db.update(s.orders).set({ number: orderNumber((n) => crypto.randomBytes(n)) }).where(eq(s.orders.id, inserted.id)).returning();
    const c = ctx();
    const first = await ask('Waar is mijn bestelling?', {}, c);
    expect(first.state).toEqual({ awaiting: 'order_number' });
    const missing = await ask('weet ik niet', first.state, c);
    expect(missing.text[0]).toBe('Bestelnummer vereist');
    const number = await ask(order!.number.toLowerCase(), missing.state, c);
    expect(number.state).toEqual({ awaiting: 'email', orderNumber: order!.number });
    const wrongMail = await ask('iemand@example.com', number.state, c);
    expect(wrongMail.text[0]).toBe('Bestelling niet gevonden');
    const found = await ask(email.toUpperCase(), number.state, c);
    expect(found.text[0]).toBe(`Bestelling ${order!.number}: verzonden. Betaling: betaald.`);
    expect(found.links[0]!.href).toMatch(new RegExp(`^/order-status\\?bestelling=${order!.number}&code=`));
    // Both at once.
    expect((await ask(`status ${order!.number} ${email}`, {}, c)).text[0]).toContain(order!.number);
  });

  it('order lookups share the rate limit of /order-status (10 per client per 15 minutes)', async () => {
    const c = ctx();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await ask(`KK-AAAA-BBBB iemand${i}@example.com`, {}, c)).text[0]);
    expect(answers.slice(0, 10).every((a) => a === 'Bestelling niet gevonden')).toBe(true);
    expect(answers[10]).toBe('Te veel pogingen. Wacht een paar minuten en probeer het opnieuw.');
  });

  it('shipping cost and delivery time for a named country, and for a country of another region', async () => {
    const be = await ask('Wat kost verzenden naar België?');
    expect(be.text[0]).toBe('Verzenden naar België:');
    expect(be.text.some((l) => /werkdagen/.test(l) && /€/.test(l))).toBe(true);
    // A country of another region: its own rates and currency, the region it is ordered from, the article it takes.
    const uk = await ask('wat kost verzending naar engeland');
    expect(uk.text[0]).toBe('Verzenden naar het Verenigd Koninkrijk:');
    expect(uk.text[1]).toMatch(/^Naar het Verenigd Koninkrijk verzenden we vanuit de regio Verenigd Koninkrijk/);
    expect(uk.text.join(' ')).toMatch(/£\s?11,95.*4–8 werkdagen/);
    expect(uk.text.join(' ')).toContain('Gratis verzending vanaf £');
    const ch = await ask('hoe lang doet een pakket naar zwitserland erover');
    expect(ch.text.join(' ')).toContain('reken in totaal op 4–7 werkdagen');
  });

  it('payment methods of the shop as offered', async () => {
    const r = await ask('Welke betaalmethoden zijn er?');
    expect(r.text[0]).toMatch(/^Je kunt betalen met: .*Bankoverschrijving/);
    expect(r.text[0]).not.toMatch(/Online/);
  });

  it('unsure: up to three "Bedoel je…?" suggestions with a person offered, the second time a hand-off to a person', async () => {
    const first = await ask('iets over zaden');
    expect(first.source).toBeNull();
    expect(first.suggestions.length).toBeGreaterThan(0);
    expect(first.suggestions.length).toBeLessThanOrEqual(3);
    expect(first.handoff).toBe(true);
    expect(first.text[0]).toContain('medewerker');
    const again = await ask('iets over zaden', first.state);
    expect(again.handoff).toBe(true);
  });

  it('off-topic: says the shop does not sell it and offers the contact form', async () => {
    for (const q of ['xylofoon paraplu', 'verkopen jullie ook kweektenten?']) {
      const r = await ask(q);
      expect(r.source).toBe('intent:offtopic');
      expect(r.text[0]).toMatch(/^Dat verkopen we niet, en daar kan ik je niet mee helpen/);
      expect(r.handoff).toBe(true);
    }
  });

  it('hand-off first: a person, damage with what the FAQ says, a cancellation with the order-status page', async () => {
    expect(await ask('ik wil iemand spreken')).toMatchObject({ handoff: true, source: 'intent:human' });
    const damage = await ask('bestelling KK-7Q4M-9XHD kwam kapot aan');
    expect(damage).toMatchObject({ handoff: true, source: 'intent:human' });
    expect(damage.text.join(' ')).toContain('binnen 14 dagen');
    const cancel = await ask('graag KK-7Q4M-9XHD annuleren');
    expect(cancel.text.join(' ')).toContain('KK-7Q4M-9XHD');
    expect(cancel.links).toEqual([{ label: 'Naar de bestelstatus', href: '/order-status' }]);
    // Asking how returning works is a question, not a hand-off.
    expect((await ask('hoe kan ik iets retourneren')).handoff).toBe(false);
  });

  it('a strain by name (with a typo): type, flowering time, THC and CBD, yield, price from and stock, with a link', async () => {
    const r = await ask('wat is de bloeitijd van nothern lights');
    expect(r.source).toBe('strain:northern-lights');
    expect(r.text.join(' ')).toMatch(/Northern Lights: indica, fotoperiode, feminized\. Bloeitijd 49–56 dagen\. THC 18,5%, CBD 0,4%\. Opbrengst binnen 500 g\/m².* Vanaf €\s\d+,\d\d voor \d+ (zaad|zaden); (op voorraad|nu niet op voorraad)\./);
    expect(r.links).toEqual([{ label: 'Bekijk Northern Lights', href: '/product/northern-lights' }]);
  });

  it('English is read and answered in Dutch with the key fact, saying so in English', async () => {
    const r = await ask('how much does shipping to belgium cost');
    expect(r.source).toBe('intent:shipping');
    expect(r.text[0]).toMatch(/^We reply in Dutch/);
    expect(r.text.join(' ')).toMatch(/€\s7,95/);
  });

  it('is rate-limited per client', async () => {
    const c = ctx();
    for (let i = 0; i < CHAT_RATE_LIMIT.limit; i++) await ask('hoe bewaar ik zaden', {}, c);
    expect((await answerChat(database().db, 'hoe bewaar ik zaden', {}, c)).status).toBe('rate_limited');
  });
});
