import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { hashPassword } from '~/lib/passwords.server.ts';
import { deleteAccount, exportAccountData } from '~/flows/account-privacy.server.ts';
import { createMailTransport, deliverOutbox, type MailMessage } from '~/modules/mail/mail.server.ts';
import { getShopData } from '~/lib/settings.server.ts';
import type { ContactInput } from './support.schemas.ts';
import { CONTACT_RATE_LIMITS, type ContactContext, idempotencyKey, submissionToken, submitContactMessage } from './support.server.ts';

const SUPPORT = 'klantenservice@kiemkracht.nl';
const PASSWORD = 'zomer in de moestuin 42';

describeEachDatabase('contact messages', (database) => {
  let seq = 0;
  /** A fresh address and client per test, so the limits of one test never touch another. */
  const fresh = () => {
    seq += 1;
    return { email: `sanne${seq}.${Date.now()}@example.nl`, client: `10.0.${seq}.${Math.floor(Math.random() * 250)}` };
  };
  const input = (email: string, over: Partial<ContactInput> = {}): ContactInput => ({
    name: 'Sanne de Vries',
    email,
    topic: 'order',
    orderNumber: 'KK-7Q4M-9XHD',
    message: 'Mijn pakket is nog niet binnen.\nKunnen jullie kijken waar het is?',
    token: submissionToken(),
    ...over,
  });
  const ctx = (client: string, over: Partial<ContactContext> = {}): ContactContext => ({
    userId: null,
    client,
    supportEmail: SUPPORT,
    origin: 'https://kiemkracht.nl',
    now: new Date('2026-11-23T13:05:00Z'),
    ...over,
  });
  const rowsFor = (email: string) => database().db.select().from(s.contactMessages).where(eq(s.contactMessages.email, email));
  /** The queued mails about this customer's messages: the confirmation to them and the inbox copy. */
  const mailsFor = (email: string) =>
    database()
      .db.select()
      .from(s.outbox)
      .where(sql`${s.outbox.payload}->>'to' = ${email} or ${s.outbox.payload}->>'replyTo' = ${email}`);

  it('the seeded settings name the support inbox', async () => {
    expect((await getShopData(database().db)).supportEmail).toBe(SUPPORT);
  });

  it('stores the message and queues the mail to the inbox (Reply-To the customer) and the confirmation (Reply-To the inbox)', async () => {
    const { db } = database();
    const { email, client } = fresh();
    const sent = input(email);
    expect(await submitContactMessage(db, sent, ctx(client))).toBe('sent');

    const [row, ...more] = await rowsFor(email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      name: 'Sanne de Vries',
      email,
      topic: 'order',
      orderNumber: 'KK-7Q4M-9XHD',
      message: 'Mijn pakket is nog niet binnen.\nKunnen jullie kijken waar het is?',
      userId: null,
      idempotencyKey: idempotencyKey(sent),
    });
    expect(row!.createdAt.toISOString()).toBe('2026-11-23T13:05:00.000Z');

    const mails = (await mailsFor(email)).map((m) => m.payload);
    expect(mails).toHaveLength(2);
    const common = {
      name: 'Sanne de Vries',
      email,
      topic: 'Bestelling & levering',
      orderNumber: 'KK-7Q4M-9XHD',
      receivedAt: '2026-11-23T13:05:00.000Z',
      answerBy: '2026-11-24T13:05:00.000Z',
    };
    expect(mails).toContainEqual(
      expect.objectContaining({ template: 'contact_message', to: SUPPORT, replyTo: email, data: expect.objectContaining({ ...common, accountId: null }) }),
    );
    expect(mails).toContainEqual(
      expect.objectContaining({
        template: 'contact_confirmation',
        to: email,
        replyTo: SUPPORT,
        data: expect.objectContaining({ ...common, faqUrl: 'https://kiemkracht.nl/faq', orderStatusUrl: 'https://kiemkracht.nl/order-status' }),
      }),
    );
  });

  it('the same form sent again stores nothing more and sends no more mail; a new message from a restored form is its own', async () => {
    const { db } = database();
    const { email, client } = fresh();
    const first = input(email);
    expect(await submitContactMessage(db, first, ctx(client))).toBe('sent');
    expect(await submitContactMessage(db, { ...first }, ctx(client))).toBe('duplicate');
    expect(await rowsFor(email)).toHaveLength(1);
    expect(await mailsFor(email)).toHaveLength(2);
    // The back button brings the same token back with another text: not a retry, so not dropped.
    expect(await submitContactMessage(db, { ...first, message: 'En nog een vraag over de betaling.' }, ctx(client))).toBe('sent');
    expect(await rowsFor(email)).toHaveLength(2);
    expect(await mailsFor(email)).toHaveLength(4);
  });

  it('concurrent submits of one form store one message and queue one mail pair', async () => {
    const { db } = database();
    const { email, client } = fresh();
    const form = input(email);
    const N = 8;
    const outcomes = await Promise.all(Array.from({ length: N }, () => submitContactMessage(db, { ...form }, ctx(client))));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    // More twins than the per-address limit, and none of them refused: duplicates use up no limit.
    expect(N).toBeGreaterThan(CONTACT_RATE_LIMITS.email.limit);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(N - 1);
    expect(await rowsFor(email)).toHaveLength(1);
    const mails = await mailsFor(email);
    expect(mails.map((m) => (m.payload as { template: string }).template).sort()).toEqual(['contact_confirmation', 'contact_message']);
  });

  it('limits messages per address and per client; refused messages are not stored and use up no limit', async () => {
    const { db } = database();
    const { email, client } = fresh();
    const { limit } = CONTACT_RATE_LIMITS.email;
    for (let i = 0; i < limit; i++) expect(await submitContactMessage(db, input(email), ctx(`${client}-${i}`))).toBe('sent');
    expect(await submitContactMessage(db, input(email), ctx(`${client}-x`))).toBe('rate_limited');
    expect(await rowsFor(email)).toHaveLength(limit);
    expect(await mailsFor(email)).toHaveLength(2 * limit);
    // After the window, the address may write again.
    const later = new Date(Date.now() + CONTACT_RATE_LIMITS.email.windowMs + 60_000);
    expect(await submitContactMessage(db, input(email), ctx(`${client}-y`, { now: later }))).toBe('sent');

    // Per client: many addresses from one machine.
    const machine = fresh().client;
    const perClient = CONTACT_RATE_LIMITS.client.limit;
    const addresses = Array.from({ length: perClient + 1 }, () => fresh().email);
    const outcomes: string[] = [];
    for (const a of addresses) outcomes.push(await submitContactMessage(db, input(a), ctx(machine)));
    expect(outcomes.slice(0, perClient).every((o) => o === 'sent')).toBe(true);
    expect(outcomes[perClient]).toBe('rate_limited');
    expect(await rowsFor(addresses[perClient]!)).toEqual([]);
    expect(await mailsFor(addresses[perClient]!)).toEqual([]);
  });

  it('a retry of a stored message is answered as sent even when the limit is reached meanwhile', async () => {
    const { db } = database();
    const { email, client } = fresh();
    const first = input(email);
    expect(await submitContactMessage(db, first, ctx(client))).toBe('sent');
    for (let i = 1; i < CONTACT_RATE_LIMITS.email.limit; i++) await submitContactMessage(db, input(email), ctx(client));
    expect(await submitContactMessage(db, input(email), ctx(client))).toBe('rate_limited');
    expect(await submitContactMessage(db, { ...first }, ctx(client))).toBe('duplicate');
  });

  it('delivers both mails with their Reply-To; the dev outbox file carries the header', async () => {
    const { db } = database();
    const { email, client } = fresh();
    await db
      .update(s.outbox)
      .set({ sentAt: new Date() })
      .where(sql`${s.outbox.sentAt} is null`);
    expect(await submitContactMessage(db, input(email, { message: 'Een vraag over <b>kiemen</b>.\nGroet, Sanne' }), ctx(client))).toBe('sent');
    const sent: MailMessage[] = [];
    expect(await deliverOutbox(db, { send: async (m) => void sent.push(m) })).toEqual({ sent: 2, failed: 0 });
    const inbox = sent.find((m) => m.to === SUPPORT)!;
    const confirmation = sent.find((m) => m.to === email)!;
    expect(inbox).toMatchObject({ replyTo: email, subject: '[Contact] Bestelling & levering – Sanne de Vries (KK-7Q4M-9XHD)' });
    expect(confirmation).toMatchObject({ replyTo: SUPPORT, subject: 'We hebben je bericht ontvangen' });
    expect(confirmation.text).toContain('> Een vraag over <b>kiemen</b>.\n> Groet, Sanne');
    expect(confirmation.html).toContain('Een vraag over &lt;b&gt;kiemen&lt;/b&gt;.');

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kk-contact-'));
    try {
      await createMailTransport({ outboxDir: dir }).send(inbox);
      const [file] = await fs.readdir(dir);
      expect(await fs.readFile(path.join(dir, file!), 'utf8')).toMatch(new RegExp(`^Reply-To: ${email.replace(/\./g, '\\.')}$`, 'm'));
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('a customer’s messages are in their data export and go with the account, with the inbox copies', async () => {
    const { db } = database();
    const { email, client } = fresh();
    const [user] = await db
      .insert(s.users)
      .values({ email, name: 'Sanne de Vries', dateOfBirth: '1990-04-12', passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() })
      .returning({ id: s.users.id });
    expect(await submitContactMessage(db, input(email, { topic: 'account', orderNumber: null }), ctx(client, { userId: user!.id }))).toBe('sent');
    const [inboxMail] = (await mailsFor(email)).filter((m) => (m.payload as { to: string }).to === SUPPORT);
    expect(inboxMail!.payload).toMatchObject({ data: { accountId: user!.id } });

    const exported = await exportAccountData(db, user!.id);
    expect(exported!.contactMessages).toEqual([
      {
        topic: 'account',
        orderNumber: null,
        name: 'Sanne de Vries',
        email,
        message: 'Mijn pakket is nog niet binnen.\nKunnen jullie kijken waar het is?',
        createdAt: '2026-11-23T13:05:00.000Z',
      },
    ]);

    expect(await deleteAccount(db, user!.id, PASSWORD)).toEqual({ ok: true });
    expect(await db.select().from(s.contactMessages).where(eq(s.contactMessages.userId, user!.id))).toEqual([]);
    expect(await mailsFor(email)).toEqual([]);
    // Other customers' messages stay.
    const other = fresh();
    await submitContactMessage(db, input(other.email), ctx(other.client));
    expect(await rowsFor(other.email)).toHaveLength(1);
  });
});
