import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { logIn } from '~/modules/accounts/accounts.server.ts';
import { resetPassword } from '~/flows/link-guest-orders.server.ts';
import { hashPassword } from '~/lib/passwords.server.ts';
import { createSession, getSession } from '~/modules/accounts/sessions.server.ts';
import type { Mail } from '~/modules/mail/mail.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { insertTestOrder, testAddress } from '~/test/test-order.server.ts';
import { blockCustomer, customerDetail, searchCustomers, sendPasswordReset, unblockCustomer } from './customers.server.ts';
import { deleteCustomerOnRequest, exportCustomerData } from '~/flows/account-privacy.server.ts';

const PASSWORD = 'zomer in de moestuin 42';
const LINKS = { origin: 'https://kiemkracht.test' };

describeEachDatabase('back office: customers', (database) => {
  const db = () => database().db;
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  const tag = crypto.randomBytes(4).toString('hex');
  let seq = 0;
  let hash: string;
  async function support(): Promise<Actor> {
    const added = await addStaff(db(), cli, { email: `support.${crypto.randomUUID()}@kiemkracht.nl`, name: 'Sam Support', role: 'support' });
    if (!added.ok) throw new Error('staff not added');
    return { staffId: added.staffId, label: 'Sam Support', clientAddress: '203.0.113.7' };
  }
  async function customer(name = 'Sanne de Vries') {
    hash ??= await hashPassword(PASSWORD);
    const email = `klant${++seq}.${tag}@example.nl`;
    const [u] = await db().insert(s.users).values({ email, name, dateOfBirth: '1990-04-12', passwordHash: hash, emailVerifiedAt: new Date() }).returning({ id: s.users.id, email: s.users.email });
    return u!;
  }
  const mailsTo = async (to: string) => (await db().select({ payload: s.outbox.payload }).from(s.outbox)).map((r) => r.payload as unknown as Mail).filter((m) => m.to === to);

  it('finds customers by part of the name or e-mail (wildcards are literal) and by an order number, never deleted accounts; paged', async () => {
    const a = await customer(`Bram ${tag}_Bakker`);
    const b = await customer(`Bramwell ${tag}xBakker`);
    const placed = await insertTestOrder(db(), { email: b.email, userId: b.id });
    const gone = await customer(`Bram ${tag}_Bakker`);
    await db().update(s.users).set({ deletedAt: new Date() }).where(eq(s.users.id, gone.id));

    const byName = await searchCustomers(db(), `${tag}_bak`, 1);
    expect(byName.rows.map((r) => r.id)).toEqual([a.id]);
    expect(byName.total).toBe(1);
    expect((await searchCustomers(db(), `klant${seq - 1}.${tag}`, 1)).rows.map((r) => r.id)).toEqual([b.id]);
    const byOrder = await searchCustomers(db(), placed.number.toLowerCase(), 1);
    expect(byOrder.rows).toEqual([expect.objectContaining({ id: b.id, orders: 1, blockedAt: null })]);
    expect((await searchCustomers(db(), '%', 1)).total).toBe(0);

    const all = await searchCustomers(db(), '', 1);
    expect(all.rows.length).toBeLessThanOrEqual(25);
    expect(all.rows.some((r) => r.id === gone.id)).toBe(false);
    expect((await searchCustomers(db(), tag, 2)).rows).toEqual([]);
  });

  it('the customer page: orders, addresses, the newsletter consent record', async () => {
    const c = await customer();
    await db().insert(s.addresses).values({ userId: c.id, ...testAddress, isDefaultShipping: true });
    const placed = await insertTestOrder(db(), { email: c.email, userId: c.id, status: 'new' });
    const consentAt = new Date('2026-10-01T10:00:00Z');
    await db().insert(s.newsletterSubscribers).values({
      email: c.email,
      status: 'confirmed',
      consentAt,
      consentIp: '198.51.100.4',
      consentUserAgent: 'Mozilla/5.0 Firefox/140.0',
      consentTextVersion: 'nb-2026-11-v1',
      consentSource: 'footer',
      confirmedAt: new Date('2026-10-01T10:05:00Z'),
    });
    const d = await customerDetail(db(), c.id);
    expect(d!.orders.map((o) => o.number)).toEqual([placed.number]);
    expect(d!.openOrders).toBe(1);
    expect(d!.addresses).toEqual([expect.objectContaining({ city: 'Amsterdam', countryName: 'Nederland', isDefaultShipping: true })]);
    expect(d!.newsletter).toMatchObject({ status: 'confirmed', consentAt, consentIp: '198.51.100.4', consentSource: 'footer' });
    expect(await customerDetail(db(), 2 ** 31 - 1)).toBeNull();
  });

  it('blocking ends every session and refuses the log-in (after the right password only); unblocking lets them in again; each audited once', async () => {
    const actor = await support();
    const c = await customer();
    const phone = await createSession(db(), c.id, 'telefoon');
    const laptop = await createSession(db(), c.id, 'laptop');
    expect(await getSession(db(), phone)).not.toBeNull();

    expect(await Promise.all([blockCustomer(db(), actor, c.id, 'Chargebacks met gestolen kaarten'), blockCustomer(db(), actor, c.id, 'nog eens')])).toEqual([true, true]);
    expect(await getSession(db(), phone)).toBeNull();
    expect(await getSession(db(), laptop)).toBeNull();
    expect(await db().select().from(s.sessions).where(eq(s.sessions.userId, c.id))).toEqual([]);
    expect(await logIn(db(), c.email, PASSWORD)).toBe('blocked');
    expect(await logIn(db(), c.email, 'een verkeerd wachtwoord')).toBeNull();
    // A session made anyway (a log-in racing the block) opens nothing.
    expect(await getSession(db(), await createSession(db(), c.id, null))).toBeNull();
    // The two blocks raced: on PostgreSQL either may come first. The first one's reason stays, audited once.
    const d = await customerDetail(db(), c.id);
    const reason = d!.user.blockedReason;
    expect(['Chargebacks met gestolen kaarten', 'nog eens']).toContain(reason);
    expect(d!.user.blockedAt).toBeInstanceOf(Date);

    const blocks = await listAudit(db(), { entity: 'customer', entityId: String(c.id), action: 'customer.block' });
    expect(blocks.rows).toHaveLength(1);
    expect(blocks.rows[0]).toMatchObject({ staffId: actor.staffId, after: { blocked: true, reason, sessionsEnded: 2 } });

    expect(await unblockCustomer(db(), actor, c.id)).toBe(true);
    expect(await unblockCustomer(db(), actor, c.id)).toBe(true);
    expect(await logIn(db(), c.email, PASSWORD)).toMatchObject({ id: c.id });
    expect((await listAudit(db(), { entity: 'customer', entityId: String(c.id), action: 'customer.unblock' })).rows).toHaveLength(1);
    expect(await blockCustomer(db(), actor, 2 ** 31 - 1, 'x')).toBe(false);
  });

  it('a password-reset mail: the shop’s own reset link, once per form however often it is sent, audited; the link works', async () => {
    const actor = await support();
    const c = await customer();
    const key = crypto.randomUUID();
    expect(await Promise.all([sendPasswordReset(db(), actor, c.id, key, LINKS), sendPasswordReset(db(), actor, c.id, key, LINKS)])).toEqual(['sent', 'sent']);
    const mails = (await mailsTo(c.email)).filter((m) => m.template === 'password_reset');
    expect(mails).toHaveLength(1);
    const url = new URL(mails[0]!.template === 'password_reset' ? mails[0]!.data.resetUrl : '');
    expect(url.origin + url.pathname).toBe('https://kiemkracht.test/wachtwoord-herstellen');
    expect(await resetPassword(db(), url.searchParams.get('token')!, 'een heel nieuw wachtwoord 77')).toMatchObject({ ok: true, userId: c.id });
    const audit = await listAudit(db(), { entity: 'customer', entityId: String(c.id), action: 'customer.password_reset' });
    expect(audit.rows).toEqual([expect.objectContaining({ staffId: actor.staffId, after: { key } })]);
    expect(await sendPasswordReset(db(), actor, 2 ** 31 - 1, crypto.randomUUID(), LINKS)).toBe('not_found');
  });

  it('the privacy export is the customer’s own file and is audited', async () => {
    const actor = await support();
    const c = await customer();
    const file = await exportCustomerData(db(), actor, c.id);
    expect(file).toMatchObject({ account: { email: c.email, name: 'Sanne de Vries' } });
    expect(JSON.stringify(file)).not.toContain('argon2');
    expect((await listAudit(db(), { entity: 'customer', entityId: String(c.id), action: 'customer.export' })).rows).toHaveLength(1);
  });

  it('deletion on request: refused while an order is on its way; then personal data goes, the order stays anonymised, audited without personal data', async () => {
    const actor = await support();
    const c = await customer();
    await db().insert(s.addresses).values({ userId: c.id, ...testAddress });
    const token = await createSession(db(), c.id, null);
    const open = await insertTestOrder(db(), { email: c.email, userId: c.id, status: 'processing' });
    expect(await deleteCustomerOnRequest(db(), actor, c.id)).toEqual({ ok: false, reason: 'open_orders' });
    expect(await getSession(db(), token)).not.toBeNull();

    await db().update(s.orders).set({ status: 'shipped' }).where(eq(s.orders.id, open.id));
    expect(await deleteCustomerOnRequest(db(), actor, c.id)).toEqual({ ok: true, ordersAnonymised: 1 });
    expect(await deleteCustomerOnRequest(db(), actor, c.id)).toEqual({ ok: false, reason: 'not_found' });
    expect(await getSession(db(), token)).toBeNull();
    expect(await customerDetail(db(), c.id)).toBeNull();
    expect(await db().select().from(s.addresses).where(eq(s.addresses.userId, c.id))).toEqual([]);
    const [kept] = await db().select().from(s.orders).where(eq(s.orders.id, open.id));
    expect(kept).toMatchObject({ email: `verwijderd-${c.id}@kiemkracht.invalid`, totalMinor: 3500 });
    expect(kept!.shippingAddress).toMatchObject({ firstName: '', line1: '', countryIso: 'NL' });
    const audit = await listAudit(db(), { entity: 'customer', entityId: String(c.id), action: 'customer.delete' });
    expect(audit.rows).toHaveLength(1);
    expect(JSON.stringify(audit.rows[0])).not.toContain(c.email);
  });
});
