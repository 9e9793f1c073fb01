import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { orderNumber } from '~/modules/orders/orders.ts';
import { listRegions } from '~/modules/regions/regions.server.ts';
import type { Region } from '~/modules/regions/regions.ts';
import { answerChat, CHAT_RATE_LIMIT, type ChatContext } from './chat.server.ts';
import type { ChatState } from './chat.ts';
import { CHAT_TESTSET } from './chat.testset.ts';

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

  it(`answers at least 90% of the ${CHAT_TESTSET.length} test questions right first time`, async () => {
    const faq = await database().db.select().from(s.faqItems);
    const misses: string[] = [];
    for (const c of CHAT_TESTSET) {
      const want = c.expect.startsWith('intent:') || c.expect.startsWith('page:') ? c.expect : `faq:${faq.find((f) => f.question === c.expect)?.id}`;
      const got = (await ask(c.q)).source;
      if (got !== want) misses.push(`${c.q} → ${got} (want ${want})`);
    }
    const score = (CHAT_TESTSET.length - misses.length) / CHAT_TESTSET.length;
    expect(CHAT_TESTSET.length).toBeGreaterThanOrEqual(40);
    expect(score, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

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
    const uk = await ask('wat kost verzending naar engeland');
    expect(uk.text[0]).toMatch(/vanuit de regio/);
  });

  it('payment methods of the shop as offered', async () => {
    const r = await ask('Welke betaalmethoden zijn er?');
    expect(r.text[0]).toMatch(/^Je kunt betalen met: .*Bankoverschrijving/);
    expect(r.text[0]).not.toMatch(/Online/);
  });

  it('unsure: up to three "Bedoel je…?" suggestions, the second time a hand-off to a person', async () => {
    const first = await ask('xylofoon paraplu');
    expect(first.suggestions.length).toBeGreaterThan(0);
    expect(first.suggestions.length).toBeLessThanOrEqual(3);
    expect(first.handoff).toBe(false);
    const again = await ask('kwantumfysica banaan', first.state);
    expect(again.handoff).toBe(true);
    expect((await ask('ik wil iemand spreken')).handoff).toBe(true);
  });

  it('is rate-limited per client', async () => {
    const c = ctx();
    for (let i = 0; i < CHAT_RATE_LIMIT.limit; i++) await ask('hoe bewaar ik zaden', {}, c);
    expect((await answerChat(database().db, 'hoe bewaar ik zaden', {}, c)).status).toBe('rate_limited');
  });
});
