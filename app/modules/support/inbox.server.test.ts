import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { renderMail } from '~/modules/mail/mail-templates.ts';
import type { Mail } from '~/modules/mail/mail.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { inboxList, purgeContactMessages, replyToContactMessage, setContactMessageOpen } from './inbox.server.ts';

describeEachDatabase('contact messages inbox', (database) => {
  const db = () => database().db;
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  async function staffActor(): Promise<Actor & { staffId: number }> {
    const added = await addStaff(db(), cli, { email: `support.${crypto.randomUUID()}@kiemkracht.nl`, name: 'Sam Support', role: 'support' });
    if (!added.ok) throw new Error('staff not added');
    return { staffId: added.staffId, label: 'support', clientAddress: '203.0.113.7' };
  }
  async function message(over: Partial<typeof s.contactMessages.$inferInsert> = {}) {
    const [row] = await db()
      .insert(s.contactMessages)
      .values({ idempotencyKey: crypto.randomUUID(), name: 'Sanne de Vries', email: `sanne.${crypto.randomUUID()}@example.nl`, topic: 'order', message: 'Waar blijft mijn pakje?', ...over })
      .returning();
    return row!;
  }
  const repliesTo = async (to: string) =>
    (await db().select({ payload: s.outbox.payload }).from(s.outbox)).map((r) => r.payload as unknown as Mail).filter((m) => m.template === 'contact_reply' && m.to === to);
  const reply = (actor: Actor & { staffId: number }, messageId: number, body: string, key = crypto.randomUUID()) =>
    replyToContactMessage(db(), actor, { messageId, body, key, staffName: 'Sam', supportEmail: 'klantenservice@kiemkracht.nl' });

  it('lists new messages oldest first with counts per status, and links the order only when it exists', async () => {
    const before = await inboxList(db(), 'nieuw', 1);
    const older = await message({ orderNumber: 'KK-ZZZZ-ZZZZ', createdAt: new Date(Date.now() - 3_600_000) });
    const newer = await message();
    const list = await inboxList(db(), 'nieuw', 1);
    expect(list.counts.nieuw).toBe(before.counts.nieuw + 2);
    const ids = list.rows.map((r) => r.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    const row = list.rows.find((r) => r.id === older.id)!;
    expect(row).toMatchObject({ orderNumber: 'KK-ZZZZ-ZZZZ', orderLink: null, status: 'new', replies: [] });
  });

  it('a reply queues one mail to the customer for five submits of one form, marks it answered, audited', async () => {
    const actor = await staffActor();
    const msg = await message({ orderNumber: 'KK-ABCD-EFGH', message: 'Mijn bestelling is\nnog niet binnen.' });
    const key = crypto.randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => reply(actor, msg.id, '  Je pakje is onderweg.\nGroet!  ', key)));
    expect(results).toEqual([true, true, true, true, true]);
    const mails = await repliesTo(msg.email);
    expect(mails).toHaveLength(1);
    const rendered = renderMail(mails[0]!);
    expect(rendered.subject).toBe('Re: je bericht over bestelling KK-ABCD-EFGH');
    expect(rendered.text).toContain('Je pakje is onderweg.\nGroet!');
    expect(rendered.text).toContain('> Mijn bestelling is\n> nog niet binnen.');
    expect(mails[0]).toMatchObject({ replyTo: 'klantenservice@kiemkracht.nl' });
    const [row] = await db().select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.id));
    expect(row!.status).toBe('answered');
    expect(row!.handledAt).not.toBeNull();
    const audit = await listAudit(db(), { entity: 'contact_message', entityId: String(msg.id) });
    expect(audit.rows.map((a) => a.action)).toEqual(['contact.reply']);
    expect(audit.rows[0]).toMatchObject({ staffId: actor.staffId, before: { status: 'new' }, after: { status: 'answered', body: 'Je pakje is onderweg.\nGroet!' } });

    const answered = await inboxList(db(), 'beantwoord', 1);
    expect(answered.rows.find((r) => r.id === msg.id)!.replies).toEqual([expect.objectContaining({ body: 'Je pakje is onderweg.\nGroet!', staff: 'Sam Support' })]);
    // A second answer (another form) is another mail; without an order number the subject says so.
    const plain = await message();
    await reply(actor, plain.id, 'Graag gedaan.');
    expect(renderMail((await repliesTo(plain.email))[0]!).subject).toBe('Re: je bericht aan Kiemkracht');
    expect(await reply(actor, 2_000_000_000, 'x')).toBe(false);
  });

  it('closes and reopens once per click: reopened as answered when it has answers, else new; audited', async () => {
    const actor = await staffActor();
    const msg = await message();
    expect(await Promise.all(Array.from({ length: 3 }, () => setContactMessageOpen(db(), actor, msg.id, false)))).toEqual([true, true, true]);
    expect((await inboxList(db(), 'gesloten', 1)).rows.map((r) => r.id)).toContain(msg.id);
    expect(await Promise.all(Array.from({ length: 3 }, () => setContactMessageOpen(db(), actor, msg.id, true)))).toEqual([true, true, true]);
    expect((await db().select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.id)))[0]!.status).toBe('new');
    await reply(actor, msg.id, 'Antwoord');
    await setContactMessageOpen(db(), actor, msg.id, false);
    await setContactMessageOpen(db(), actor, msg.id, true);
    expect((await db().select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.id)))[0]!.status).toBe('answered');
    const audit = await listAudit(db(), { entity: 'contact_message', entityId: String(msg.id) });
    expect(audit.rows.map((a) => a.action).reverse()).toEqual(['contact.close', 'contact.reopen', 'contact.reply', 'contact.close', 'contact.reopen']);
    expect(await setContactMessageOpen(db(), actor, 2_000_000_000, false)).toBe(false);
  });

  it('purges messages (and answers) handled or received more than a year ago, in one statement safe to run twice at once', async () => {
    const actor = await staffActor();
    const now = new Date();
    const day = 86_400_000;
    const oldHandled = await message({ createdAt: new Date(now.getTime() - 500 * day) });
    await reply(actor, oldHandled.id, 'Oud antwoord');
    await db().update(s.contactMessages).set({ handledAt: new Date(now.getTime() - 370 * day) }).where(eq(s.contactMessages.id, oldHandled.id));
    const oldUnhandled = await message({ createdAt: new Date(now.getTime() - 366 * day) });
    // Received long ago but handled within the year: kept.
    const recentlyHandled = await message({ createdAt: new Date(now.getTime() - 400 * day) });
    await setContactMessageOpen(db(), actor, recentlyHandled.id, false, new Date(now.getTime() - 200 * day));
    const fresh = await message();
    const purged = await Promise.all([purgeContactMessages(db(), now), purgeContactMessages(db(), now)]);
    expect(purged[0] + purged[1]).toBeGreaterThanOrEqual(2);
    const left = (await db().select({ id: s.contactMessages.id }).from(s.contactMessages)).map((r) => r.id);
    expect(left).not.toContain(oldHandled.id);
    expect(left).not.toContain(oldUnhandled.id);
    expect(left).toEqual(expect.arrayContaining([recentlyHandled.id, fresh.id]));
    const [orphans] = await db().select({ n: sql<number>`count(*)::int` }).from(s.contactReplies).where(eq(s.contactReplies.messageId, oldHandled.id));
    expect(orphans!.n).toBe(0);
  });
});
