import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import type { Mail } from '~/modules/mail/mail.ts';
import { hashToken } from '~/lib/account-tokens.server.ts';
import { AccountError, logIn, requestPasswordReset, signUp } from './accounts.server.ts';
import { resetPassword, verifyEmail } from '~/flows/link-guest-orders.server.ts';
import { createSession, getSession } from './sessions.server.ts';
import { changePassword, clearGrowerProfile, getAccountDetails, getGrowerProfile, passwordCheckRateKey, peekEmailChange, requestEmailChange, saveGrowerProfile, updatePersonalDetails } from './details.server.ts';
import { growerOverview } from '~/flows/grower-overview.server.ts';
import { confirmEmailChange } from '~/flows/link-guest-orders.server.ts';
import { emptyGrowerProfile } from './grower-profile.ts';
import { orderOwner, ordersFor } from '~/modules/orders/orders.server.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';

const links = { origin: 'https://kiemkracht.nl' };
const MIN = 60_000;
const HOUR = 60 * MIN;
const t0 = new Date('2026-06-15T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const PASSWORD = 'tulpen in de vensterbank';
const NEW_PASSWORD = 'herfstbladeren vallen zacht';
const ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0';

async function mails(db: Db): Promise<Mail[]> {
  const rows = await db.select().from(s.outbox).orderBy(asc(s.outbox.id));
  return rows.map((r) => r.payload as unknown as Mail);
}

async function lastMail<T extends Mail['template']>(db: Db, template: T): Promise<Extract<Mail, { template: T }>> {
  const mail = (await mails(db)).filter((m) => m.template === template).at(-1);
  if (!mail) throw new Error(`no ${template} mail`);
  return mail as Extract<Mail, { template: T }>;
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** A confirmed account, as after clicking the sign-up link. */
async function account(db: Db, email: string, name = 'Sanne de Vries'): Promise<number> {
  await signUp(db, { name, email, dateOfBirth: '1990-04-12', password: PASSWORD }, links, t0);
  const verify = await lastMail(db, 'email_verify');
  return (await verifyEmail(db, tokenOf(verify.data.verifyUrl), t0))!.id;
}

const userRow = async (db: Db, id: number) => (await db.select().from(s.users).where(eq(s.users.id, id)))[0]!;

describeEachDatabase('account details', (ctx) => {
  beforeEach(async () => {
    await ctx().db.delete(s.users); // cascades to sessions, tokens and favourites
    await ctx().db.delete(s.outbox);
    await ctx().db.delete(s.rateLimits);
  });

  describe('personal details', () => {
    it('updates name and date of birth; an under-18 date is refused even without the form', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      await updatePersonalDetails(db, id, { name: '  Sanne Jansen ', dateOfBirth: '1988-01-31' }, at(MIN));
      expect(await getAccountDetails(db, id, at(MIN))).toMatchObject({
        name: 'Sanne Jansen',
        dateOfBirth: '1988-01-31',
        email: 'sanne@example.nl',
        pendingEmail: null,
      });
      await expect(updatePersonalDetails(db, id, { name: 'Sanne', dateOfBirth: '2010-01-01' }, at(MIN))).rejects.toBeInstanceOf(AccountError);
      expect((await userRow(db, id)).dateOfBirth).toBe('1988-01-31');
    });
  });

  describe('e-mail change', () => {
    it('a wrong password is refused and sends nothing; every attempt counts per account like log-in', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      await db.delete(s.outbox);
      expect(await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: 'fout wachtwoord' }, links, at(MIN))).toEqual({
        ok: false,
        reason: 'wrong_password',
      });
      expect(await mails(db)).toEqual([]);
      expect(await getAccountDetails(db, id, at(MIN))).toMatchObject({ email: 'sanne@example.nl', pendingEmail: null });
      // Nine more wrong guesses fill the window; then even the right password is refused until it ends.
      for (let i = 0; i < 9; i++) await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: `fout ${i}` }, links, at(MIN));
      expect(await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: PASSWORD }, links, at(2 * MIN))).toEqual({
        ok: false,
        reason: 'rate_limited',
      });
      expect(await changePassword(db, id, { currentPassword: PASSWORD, password: NEW_PASSWORD }, { userAgent: ua, links }, at(2 * MIN))).toEqual({
        ok: false,
        reason: 'rate_limited',
      });
      const [limit] = await db
        .select()
        .from(s.rateLimits)
        .where(eq(s.rateLimits.key, passwordCheckRateKey(id)));
      expect(limit!.count).toBe(12);
      expect((await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: PASSWORD }, links, at(20 * MIN))).ok).toBe(true);
    });

    it('the current address is not a change', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      expect(await requestEmailChange(db, id, { email: 'SANNE@example.nl', currentPassword: PASSWORD }, links, at(MIN))).toEqual({
        ok: false,
        reason: 'same_email',
      });
    });

    it('mails a link to the new address and a notice to the old one; the address changes only when the link is used, once', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      const here = await createSession(db, id, ua, t0);
      const elsewhere = await createSession(db, id, ua, t0);
      await db.delete(s.outbox);

      expect(await requestEmailChange(db, id, { email: ' Nieuw@Example.NL ', currentPassword: PASSWORD }, links, at(MIN))).toEqual({
        ok: true,
        newEmail: 'nieuw@example.nl',
      });
      const [confirm, notice] = await mails(db);
      expect(confirm).toMatchObject({ template: 'email_change', to: 'nieuw@example.nl', data: { name: 'Sanne de Vries', validHours: 48 } });
      expect(confirm!.template === 'email_change' && confirm!.data.confirmUrl).toMatch(
        /^https:\/\/kiemkracht\.nl\/account\/e-mail-bevestigen\?token=[\w-]{43}$/,
      );
      expect(notice).toEqual({
        template: 'email_change_notice',
        to: 'sanne@example.nl',
        data: { name: 'Sanne de Vries', newEmail: 'nieuw@example.nl', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
      });

      // Unchanged until the link is used: the old address still logs in, the page shows the pending change.
      expect(await getAccountDetails(db, id, at(2 * MIN))).toMatchObject({
        email: 'sanne@example.nl',
        pendingEmail: { newEmail: 'nieuw@example.nl', expiresAt: at(MIN + 48 * HOUR) },
      });
      expect(await logIn(db, 'sanne@example.nl', PASSWORD)).not.toBeNull();

      const token = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      // Only the hash is stored.
      const [stored] = await db.select().from(s.accountTokens).where(eq(s.accountTokens.purpose, 'email_change'));
      expect(stored).toMatchObject({ tokenHash: hashToken(token), newEmail: 'nieuw@example.nl', usedAt: null });
      expect(await peekEmailChange(db, token, at(2 * MIN))).toEqual({ newEmail: 'nieuw@example.nl' });

      expect(await confirmEmailChange(db, token, { keepSessionToken: here }, at(3 * MIN))).toEqual({ ok: true, userId: id, email: 'nieuw@example.nl' });
      expect(await userRow(db, id)).toMatchObject({ email: 'nieuw@example.nl', emailVerifiedAt: at(3 * MIN) });
      expect(await logIn(db, 'nieuw@example.nl', PASSWORD)).toMatchObject({ id });
      expect(await logIn(db, 'sanne@example.nl', PASSWORD)).toBeNull();
      // The confirming browser keeps its session, every other one ends.
      expect(await getSession(db, here, at(4 * MIN))).not.toBeNull();
      expect(await getSession(db, elsewhere, at(4 * MIN))).toBeNull();
      // Single use.
      expect(await peekEmailChange(db, token, at(4 * MIN))).toBeNull();
      expect(await confirmEmailChange(db, token, {}, at(4 * MIN))).toEqual({ ok: false });
      expect(await getAccountDetails(db, id, at(4 * MIN))).toMatchObject({ pendingEmail: null });
    });

    it('confirmed by a logged-out owner: every session ends', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      const session = await createSession(db, id, ua, t0);
      await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: PASSWORD }, links, at(MIN));
      const token = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      expect((await confirmEmailChange(db, token, { keepSessionToken: null }, at(2 * MIN))).ok).toBe(true);
      expect(await getSession(db, session, at(3 * MIN))).toBeNull();
    });

    it('a newer request spends the earlier link', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      await requestEmailChange(db, id, { email: 'eerste@example.nl', currentPassword: PASSWORD }, links, at(MIN));
      const first = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      await requestEmailChange(db, id, { email: 'tweede@example.nl', currentPassword: PASSWORD }, links, at(2 * MIN));
      const second = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      expect(await confirmEmailChange(db, first, {}, at(3 * MIN))).toEqual({ ok: false });
      expect(await confirmEmailChange(db, second, {}, at(3 * MIN))).toMatchObject({ ok: true, email: 'tweede@example.nl' });
    });

    it('an expired link (after 48 hours) and a malformed token are refused', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: PASSWORD }, links, t0);
      const token = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      expect(await peekEmailChange(db, token, at(48 * HOUR))).toBeNull();
      expect(await confirmEmailChange(db, token, {}, at(48 * HOUR))).toEqual({ ok: false });
      expect(await confirmEmailChange(db, 'kort', {}, at(MIN))).toEqual({ ok: false });
      expect(await confirmEmailChange(db, 'A'.repeat(43), {}, at(MIN))).toEqual({ ok: false });
      expect((await userRow(db, id)).email).toBe('sanne@example.nl');
    });

    it('an address that belongs to another account: the same answer at request time; at confirmation it fails and nothing changes', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      const session = await createSession(db, id, ua, t0);
      // Taken before the request: the request looks exactly like a free address.
      await account(db, 'bezet@example.nl', 'Iemand Anders');
      await db.delete(s.outbox);
      expect(await requestEmailChange(db, id, { email: 'bezet@example.nl', currentPassword: PASSWORD }, links, at(MIN))).toEqual({
        ok: true,
        newEmail: 'bezet@example.nl',
      });
      expect((await mails(db)).map((m) => [m.template, m.to])).toEqual([
        ['email_change', 'bezet@example.nl'],
        ['email_change_notice', 'sanne@example.nl'],
      ]);
      const token = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      const before = await userRow(db, id);
      expect(await confirmEmailChange(db, token, {}, at(2 * MIN))).toEqual({ ok: false });
      expect(await userRow(db, id)).toEqual(before);
      expect(await getSession(db, session, at(3 * MIN))).not.toBeNull();

      // Taken in the meantime (between request and confirmation).
      await requestEmailChange(db, id, { email: 'later@example.nl', currentPassword: PASSWORD }, links, at(3 * MIN));
      const later = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      await account(db, 'later@example.nl', 'Nog Iemand');
      expect(await confirmEmailChange(db, later, {}, at(4 * MIN))).toEqual({ ok: false });
      expect((await userRow(db, id)).email).toBe('sanne@example.nl');
    });

    it('of 10 concurrent confirmations of one link exactly one succeeds', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: PASSWORD }, links, at(MIN));
      const token = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      const results = await Promise.all(Array.from({ length: 10 }, () => confirmEmailChange(db, token, {}, at(2 * MIN))));
      expect(results.filter((r) => r.ok)).toEqual([{ ok: true, userId: id, email: 'nieuw@example.nl' }]);
      expect(results.filter((r) => !r.ok)).toHaveLength(9);
      expect((await userRow(db, id)).email).toBe('nieuw@example.nl');
    });

    it("orders stay with the account after an e-mail change; the new address's guest orders join it once confirmed", async () => {
      const { db } = ctx();
      const tag = crypto.randomUUID().slice(0, 8);
      const [old, fresh] = [`sanne.${tag}@example.nl`, `nieuw.${tag}@example.nl`];
      await insertTestOrder(db, { email: old }); // a guest order before the account existed
      const id = await account(db, old);
      const mine = await insertTestOrder(db, { email: old, userId: id });
      const guestNew = await insertTestOrder(db, { email: fresh });
      const stranger = await insertTestOrder(db, { email: `iemand.${tag}@example.nl` });
      const numbers = async () => (await ordersFor(db, id, 100)).map((o) => o.number).sort();
      expect(await numbers(), 'the sign-up confirmation links the earlier guest order').toHaveLength(2);

      await requestEmailChange(db, id, { email: fresh, currentPassword: PASSWORD }, links, at(MIN));
      expect(await numbers(), 'not before the new address is confirmed').not.toContain(guestNew.number);
      await confirmEmailChange(db, tokenOf((await lastMail(db, 'email_change')).data.confirmUrl), {}, at(2 * MIN));
      const after = await numbers();
      expect(after).toHaveLength(3);
      expect(after).toEqual(expect.arrayContaining([mine.number, guestNew.number]));
      expect(after).not.toContain(stranger.number);
      // A later guest order with the old address is no longer this account's.
      const oldAddress = await insertTestOrder(db, { email: old, userId: await orderOwner(db, null, old) });
      expect(await numbers()).not.toContain(oldAddress.number);
    });

    it('a password reset link confirms the address too, so it links the guest orders', async () => {
      const { db } = ctx();
      const address = `sanne.${crypto.randomUUID().slice(0, 8)}@example.nl`;
      await signUp(db, { name: 'Sanne de Vries', email: address, dateOfBirth: '1990-04-12', password: PASSWORD }, links, t0);
      const guest = await insertTestOrder(db, { email: address });
      const [{ id }] = (await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, address))) as [{ id: number }];
      expect(await ordersFor(db, id, 100)).toEqual([]);
      await requestPasswordReset(db, address, links, at(MIN));
      const reset = await lastMail(db, 'password_reset');
      expect(await resetPassword(db, tokenOf(reset.data.resetUrl), NEW_PASSWORD, at(2 * MIN))).toMatchObject({ ok: true });
      expect((await ordersFor(db, id, 100)).map((o) => o.number)).toEqual([guest.number]);
    });

    it('a password reset spends a pending e-mail change (it was asked with the old password)', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      await requestEmailChange(db, id, { email: 'aanvaller@example.nl', currentPassword: PASSWORD }, links, at(MIN));
      const change = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);
      await requestPasswordReset(db, 'sanne@example.nl', links, at(2 * MIN));
      const reset = tokenOf((await lastMail(db, 'password_reset')).data.resetUrl);
      expect((await resetPassword(db, reset, NEW_PASSWORD, at(3 * MIN))).ok).toBe(true);
      expect(await confirmEmailChange(db, change, {}, at(4 * MIN))).toEqual({ ok: false });
      expect((await userRow(db, id)).email).toBe('sanne@example.nl');
    });
  });

  describe('password change', () => {
    it('a wrong current password is refused and changes nothing', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      const session = await createSession(db, id, ua, t0);
      const before = await userRow(db, id);
      expect(await changePassword(db, id, { currentPassword: 'niet mijn wachtwoord', password: NEW_PASSWORD }, { userAgent: ua, links }, at(MIN))).toEqual({
        ok: false,
        reason: 'wrong_password',
      });
      expect((await userRow(db, id)).passwordHash).toBe(before.passwordHash);
      expect(await getSession(db, session, at(2 * MIN))).not.toBeNull();
    });

    it('refuses the account’s own name or address as the new password', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      expect(await changePassword(db, id, { currentPassword: PASSWORD, password: 'sanne@example.nl' }, { userAgent: ua, links }, at(MIN))).toEqual({
        ok: false,
        reason: 'weak_password',
        problem: 'personal',
      });
    });

    it('sets the new hash, ends every other session, starts a fresh one for this browser, spends links and mails a notice', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      const here = await createSession(db, id, ua, t0);
      const elsewhere = await createSession(db, id, ua, t0);
      await requestPasswordReset(db, 'sanne@example.nl', links, t0);
      const reset = tokenOf((await lastMail(db, 'password_reset')).data.resetUrl);
      await requestEmailChange(db, id, { email: 'nieuw@example.nl', currentPassword: PASSWORD }, links, t0);
      const change = tokenOf((await lastMail(db, 'email_change')).data.confirmUrl);

      const result = await changePassword(db, id, { currentPassword: PASSWORD, password: NEW_PASSWORD }, { userAgent: ua, links }, at(MIN));
      if (!result.ok) throw new Error(result.reason);
      expect((await userRow(db, id)).passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      // The current session id is rotated: the old token is gone too, the new one works.
      expect(await getSession(db, here, at(2 * MIN))).toBeNull();
      expect(await getSession(db, elsewhere, at(2 * MIN))).toBeNull();
      expect(await getSession(db, result.sessionToken, at(2 * MIN))).toMatchObject({ user: { id }, session: { userAgent: ua } });
      expect(await db.select().from(s.sessions).where(eq(s.sessions.userId, id))).toHaveLength(1);
      // The old password no longer works, the new one does.
      expect(await logIn(db, 'sanne@example.nl', PASSWORD)).toBeNull();
      expect(await logIn(db, 'sanne@example.nl', NEW_PASSWORD)).toMatchObject({ id });
      // Links asked before the change are dead.
      expect(await resetPassword(db, reset, 'nog een ander wachtwoord', at(2 * MIN))).toEqual({ ok: false, reason: 'invalid_token' });
      expect(await confirmEmailChange(db, change, {}, at(2 * MIN))).toEqual({ ok: false });
      expect(await lastMail(db, 'password_changed')).toEqual({
        template: 'password_changed',
        to: 'sanne@example.nl',
        data: { name: 'Sanne de Vries', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
      });
    });
  });

  describe('grower profile', () => {
    const ids = async (db: Db, n: number) => (await db.select({ id: s.products.id }).from(s.products).orderBy(asc(s.products.id)).limit(n)).map((r) => r.id);

    it('saves, replaces and clears the profile with its favourites', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      expect(await getGrowerProfile(db, id)).toEqual(emptyGrowerProfile());
      const [a, b, c] = await ids(db, 3);
      const full = {
        growingSince: 2015,
        cultivationMethod: 'greenhouse',
        floweringPreference: 'autoflower',
        favouriteType: 'mostly_indica',
        favouriteIds: [b!, a!],
      } as const;
      expect(await saveGrowerProfile(db, id, { ...full, favouriteIds: [...full.favouriteIds] }, at(MIN))).toEqual({ ok: true });
      expect(await getGrowerProfile(db, id)).toEqual({ ...full, favouriteIds: [a, b] });
      expect(await saveGrowerProfile(db, id, { ...full, cultivationMethod: null, favouriteIds: [c!] }, at(2 * MIN))).toEqual({ ok: true });
      expect(await getGrowerProfile(db, id)).toEqual({ ...full, cultivationMethod: null, favouriteIds: [c] });
      expect(await clearGrowerProfile(db, id, at(3 * MIN))).toEqual({ ok: true });
      expect(await getGrowerProfile(db, id)).toEqual(emptyGrowerProfile());
    });

    it('at most five favourites; unknown ids and impossible years are refused and nothing is saved', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      const six = await ids(db, 6);
      const base = { ...emptyGrowerProfile(), favouriteType: 'indica' as const };
      expect(await saveGrowerProfile(db, id, { ...base, favouriteIds: six }, at(MIN))).toEqual({ ok: false, reason: 'too_many' });
      expect(await saveGrowerProfile(db, id, { ...base, favouriteIds: [six[0]!, 999_999] }, at(MIN))).toEqual({ ok: false, reason: 'unknown_strain' });
      expect(await saveGrowerProfile(db, id, { ...base, growingSince: 1949 }, at(MIN))).toEqual({ ok: false, reason: 'invalid_year' });
      expect(await saveGrowerProfile(db, id, { ...base, growingSince: 2027 }, at(MIN))).toEqual({ ok: false, reason: 'invalid_year' });
      expect(await getGrowerProfile(db, id)).toEqual(emptyGrowerProfile());
      expect(await saveGrowerProfile(db, id, { ...base, favouriteIds: six.slice(0, 5) }, at(MIN))).toEqual({ ok: true });
      expect((await getGrowerProfile(db, id)).favouriteIds).toHaveLength(5);
    });

    it('the overview: no recommendations without a profile; four for sale, favourites left out, each with a reason', async () => {
      const { db } = ctx();
      const id = await account(db, 'sanne@example.nl');
      expect(await growerOverview(db, id, 'EUR', at(MIN))).toMatchObject({ filled: false, favourites: [], recommendations: [] });
      const [nl] = await db.select({ id: s.products.id, name: s.products.name }).from(s.products).where(eq(s.products.slug, 'northern-lights'));
      await saveGrowerProfile(
        db,
        id,
        { growingSince: 2024, cultivationMethod: 'indoor', floweringPreference: 'photoperiod', favouriteType: 'indica', favouriteIds: [nl!.id] },
        at(MIN),
      );
      const overview = await growerOverview(db, id, 'EUR', at(MIN));
      expect(overview.filled).toBe(true);
      expect(overview.favourites).toEqual([{ slug: 'northern-lights', name: 'Northern Lights' }]);
      expect(overview.recommendations).toHaveLength(4);
      for (const r of overview.recommendations) {
        expect(r.card.slug).not.toBe('northern-lights');
        expect(r.card.fromPrice).not.toBeNull();
        expect(r.card.flowering).toBe('photoperiod');
        expect(r.reason.length).toBeGreaterThan(0);
      }
    });
  });
});
