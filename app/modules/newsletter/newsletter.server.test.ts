import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import type { NewsletterConfirmMail, NewsletterWelcomeMail } from '~/modules/mail/mail.ts';
import { CONFIRM_VALID_MS, confirm, confirmToken, readConfirmToken, subscribe, unsubscribe, unsubscribeToken } from './newsletter.server.ts';

const SECRET = 'test-secret-0123456789abcdef';
let n = 0;
const ctx = (over: Partial<Parameters<typeof subscribe>[3]> = {}) => ({ secret: SECRET, origin: 'https://shop.test', client: `198.51.100.${++n % 250}`, userAgent: 'Vitest', ...over });
const tokenOf = (url: string) => new URL(url).searchParams.get('t')!;

describeEachDatabase('newsletter', (database) => {
  async function mailsTo(email: string) {
    const rows = await database().db.select().from(s.outbox).where(sql`${s.outbox.payload}->>'to' = ${email}`);
    return rows.map((r) => r.payload as unknown as NewsletterConfirmMail | NewsletterWelcomeMail);
  }
  const confirmMail = async (email: string) => (await mailsTo(email)).filter((m): m is NewsletterConfirmMail => m.template === 'newsletter_confirm');
  const welcomeMail = async (email: string) => (await mailsTo(email)).filter((m): m is NewsletterWelcomeMail => m.template === 'newsletter_welcome');

  it('double opt-in: pending with proof of consent, a confirmation mail without a code, then confirmed with a 10% single-use code', async () => {
    const { db } = database();
    expect(await subscribe(db, ' Lotte@Example.nl ', 'footer', ctx({ userAgent: 'Firefox' }))).toBe('ok');
    const [row] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, 'lotte@example.nl'));
    expect(row).toMatchObject({ status: 'pending', consentUserAgent: 'Firefox', consentSource: 'footer', consentTextVersion: 'nb-2026-11-v1' });
    expect(row!.consentIp).toMatch(/^198\.51\.100\./);
    const [mail] = await confirmMail('lotte@example.nl');
    expect(mail!.data.validHours).toBe(72);
    expect(JSON.stringify(mail)).not.toMatch(/WELKOM|korting/i);

    expect(await confirm(db, tokenOf(mail!.data.confirmUrl), ctx())).toBe('confirmed');
    const [welcome] = await welcomeMail('lotte@example.nl');
    expect(welcome!.data.couponCode).toMatch(/^WELKOM-[A-HJ-NP-Z2-9]{8}$/);
    expect(welcome!.data.unsubscribeUrl).toContain('/nieuwsbrief/afmelden?t=');
    const [coupon] = await db.select().from(s.coupons).where(eq(s.coupons.code, welcome!.data.couponCode!));
    expect(coupon).toMatchObject({ kind: 'percent', percent: 10, usageLimit: 1, perCustomerLimit: 1, isPublic: false, active: true });
    // The link works once.
    expect(await confirm(db, tokenOf(mail!.data.confirmUrl), ctx())).toBe('already');
  });

  it('the same answer for a confirmed address, and no mail', async () => {
    const { db } = database();
    await subscribe(db, 'tim@example.nl', 'home', ctx());
    await confirm(db, tokenOf((await confirmMail('tim@example.nl'))[0]!.data.confirmUrl), ctx());
    expect(await subscribe(db, 'tim@example.nl', 'home', ctx())).toBe('ok');
    expect(await confirmMail('tim@example.nl')).toHaveLength(1);
  });

  it('10 concurrent sign-ups of one address: one row, one confirmation mail', async () => {
    const { db } = database();
    const results = await Promise.all(Array.from({ length: 10 }, () => subscribe(db, 'tegelijk@example.nl', 'footer', ctx())));
    // Three per hour per address are allowed; the rest are refused without a mail.
    expect(results.filter((r) => r === 'ok').length).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, 'tegelijk@example.nl'))).toHaveLength(1);
    expect(await confirmMail('tegelijk@example.nl')).toHaveLength(1);
  });

  it('10 concurrent confirmations: one wins, one code, one welcome mail', async () => {
    const { db } = database();
    await subscribe(db, 'race@example.nl', 'footer', ctx());
    const token = tokenOf((await confirmMail('race@example.nl'))[0]!.data.confirmUrl);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => confirm(db, token, ctx())));
    expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already')).toHaveLength(9);
    expect(await welcomeMail('race@example.nl')).toHaveLength(1);
    expect(await db.select().from(s.coupons).where(sql`${s.coupons.description} like '%nieuwsbrief%'`)).toSatisfy((rows: unknown[]) => rows.length >= 1);
  });

  it('a forged, expired or replaced link confirms nothing', async () => {
    const { db } = database();
    await subscribe(db, 'link@example.nl', 'footer', ctx());
    const [row] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, 'link@example.nl'));
    expect(await confirm(db, confirmToken('another-secret', row!.id, row!.confirmNonce!, Date.now() + 1000), ctx())).toBe('invalid');
    const token = confirmToken(SECRET, row!.id, row!.confirmNonce!, Date.now() + CONFIRM_VALID_MS);
    expect(await confirm(db, token, ctx({ now: new Date(Date.now() + CONFIRM_VALID_MS + 60_000) }))).toBe('expired');
    expect(readConfirmToken(SECRET, 'nonsense', Date.now())).toBe('invalid');
    expect(await confirm(db, `${token}x`, ctx())).toBe('invalid');
    // A later sign-up (after ten minutes) sends a new link; the old one stops working.
    await subscribe(db, 'link@example.nl', 'footer', ctx({ now: new Date(Date.now() + 11 * 60_000) }));
    expect(await confirm(db, token, ctx())).toBe('invalid');
  });

  it('unsubscribe is one click and idempotent; coming back never gives a second code', async () => {
    const { db } = database();
    await subscribe(db, 'terug@example.nl', 'footer', ctx());
    await confirm(db, tokenOf((await confirmMail('terug@example.nl'))[0]!.data.confirmUrl), ctx());
    const [first] = await welcomeMail('terug@example.nl');
    const t = tokenOf(first!.data.unsubscribeUrl);
    expect(await unsubscribe(db, t, SECRET)).toEqual({ email: 'terug@example.nl' });
    expect(await unsubscribe(db, t, SECRET)).toEqual({ email: 'terug@example.nl' });
    expect(await unsubscribe(db, unsubscribeToken('another-secret', 1), SECRET)).toBeNull();
    const [row] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, 'terug@example.nl'));
    expect(row!.status).toBe('unsubscribed');

    await subscribe(db, 'terug@example.nl', 'footer', ctx());
    const mails = await confirmMail('terug@example.nl');
    expect(mails).toHaveLength(2);
    expect(await confirm(db, tokenOf(mails[1]!.data.confirmUrl), ctx())).toBe('confirmed_again');
    const welcomes = await welcomeMail('terug@example.nl');
    expect(welcomes).toHaveLength(2);
    expect(welcomes[1]!.data.couponCode).toBeNull();
    const [after] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, 'terug@example.nl'));
    expect(after!.welcomeCouponCode).toBe(first!.data.couponCode);
  });

  it('limits sign-ups per address (3 an hour) and per client (10 an hour)', async () => {
    const { db } = database();
    const now = new Date();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await subscribe(db, 'veel@example.nl', 'footer', ctx({ now })));
    expect(results).toEqual(['ok', 'ok', 'ok', 'rate_limited']);
    const client = ctx({ client: '203.0.113.9', now });
    const perClient = [];
    for (let i = 0; i < 11; i++) perClient.push(await subscribe(db, `klant${i}@example.nl`, 'footer', client));
    expect(perClient.at(-1)).toBe('rate_limited');
    expect(perClient.slice(0, 10).every((r) => r === 'ok')).toBe(true);
  });
});
