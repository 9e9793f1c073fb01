import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import type { Mail } from '~/modules/mail/mail.ts';
import { hashToken } from '~/lib/account-tokens.server.ts';
import { AccountError, ACCOUNT_RATE_LIMITS, loginRateKeys, logIn, passwordResetRateKeys, requestPasswordReset, signUp } from './accounts.server.ts';
import { resetPassword, verifyEmail } from '~/flows/link-guest-orders.server.ts';
import { attemptLogIn } from './auth.server.ts';
import { CLIENT_IP_HEADER } from '~/lib/client-key.ts';
import { ARGON2_PREFIX, hashPassword, verifyPassword } from '~/lib/passwords.server.ts';
import {
  createSession,
  getSession,
  listSessions,
  pruneAccounts,
  revokeAllSessions,
  revokeSession,
  revokeSessionById,
  rotateSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from './sessions.server.ts';

const links = { origin: 'https://kiemkracht.nl/' };
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const t0 = new Date('2026-06-15T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

const sanne = { name: 'Sanne de Vries', email: 'Sanne@Example.nl', dateOfBirth: '1990-04-12', password: 'tulpen in de vensterbank' };

async function mails(db: Db): Promise<Mail[]> {
  const rows = await db.select().from(s.outbox).orderBy(s.outbox.id);
  return rows.map((r) => r.payload as unknown as Mail);
}

/** The token in the link of the last mail of this template. */
async function tokenFromMail(db: Db, template: 'password_reset' | 'email_verify'): Promise<string> {
  const mail = (await mails(db)).filter((m) => m.template === template).at(-1);
  if (!mail) throw new Error(`no ${template} mail`);
  const url = new URL(mail.template === 'password_reset' ? mail.data.resetUrl : mail.template === 'email_verify' ? mail.data.verifyUrl : '');
  return url.searchParams.get('token')!;
}

/** Signs up and confirms, as a user who clicked the link; returns the user id. */
async function confirmedUser(db: Db, fields = sanne, now = t0): Promise<number> {
  await signUp(db, fields, links, now);
  const user = await verifyEmail(db, await tokenFromMail(db, 'email_verify'), now);
  return user!.id;
}

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and a random salt', async () => {
    const a = await hashPassword('groene vingers');
    const b = await hashPassword('groene vingers');
    expect(a.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(ARGON2_PREFIX).toBe('$argon2id$v=19$m=19456,t=2,p=1$');
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'groene vingers')).toBe(true);
    expect(await verifyPassword(a, 'groene vingers ')).toBe(false);
    expect(await verifyPassword('geen hash', 'groene vingers')).toBe(false);
  });

  it('normalises Unicode (NFKC): a composed and a decomposed é are the same password', async () => {
    const composed = 'caf\u00e9 op het terras';
    const decomposed = 'cafe\u0301 op het terras';
    expect(composed).not.toBe(decomposed);
    expect(await verifyPassword(await hashPassword(composed), decomposed)).toBe(true);
  });
});

describe('rate-limit keys', () => {
  it('one key per IP and one per account, case-insensitive, without the address in clear', () => {
    const a = loginRateKeys('1.2.3.4', 'Sanne@Example.nl');
    expect(a.ip).toBe('login:ip:1.2.3.4');
    expect(a.account).toMatch(/^login:account:[0-9a-f]{32}$/);
    expect(a.account).not.toContain('sanne');
    expect(loginRateKeys('5.6.7.8', ' sanne@example.nl ').account).toBe(a.account);
    expect(loginRateKeys('1.2.3.4', 'jan@example.nl').account).not.toBe(a.account);
    expect(passwordResetRateKeys('1.2.3.4', 'sanne@example.nl').account).not.toBe(a.account);
  });
});

describeEachDatabase(
  'accounts',
  (ctx) => {
    beforeEach(async () => {
      await ctx().db.delete(s.users); // cascades to sessions and tokens
      await ctx().db.delete(s.outbox);
    });

    it("log-in limits count failures only: good log-ins never lock, a success clears the account's failures", async () => {
      const db = ctx().db;
      await confirmedUser(db);
      const tries = (password: string, n: number, ip = '198.51.100.7') =>
        Promise.all(
          Array.from({ length: n }, () =>
            attemptLogIn(db, new Request('http://localhost/account/inloggen', { method: 'POST', headers: { [CLIENT_IP_HEADER]: ip } }), sanne.email, password),
          ),
        );
      const limit = ACCOUNT_RATE_LIMITS.loginAccount.limit;
      const results = [];
      for (let i = 0; i < limit + 2; i++) results.push(...(await tries(sanne.password, 1)));
      expect(results.every((r) => r.ok)).toBe(true);
      for (let round = 0; round < 2; round++) {
        expect((await tries('fout', limit - 1)).every((r) => !r.ok && r.reason === 'failed')).toBe(true);
        expect((await tries(sanne.password, 1))[0]!.ok).toBe(true);
      }
      await tries('fout', limit);
      expect((await tries(sanne.password, 1))[0]).toEqual({ ok: false, reason: 'rate_limited' });
    });

    describe('sign-up and log-in', () => {
      it('signs up, confirms the address by mail, logs in; a wrong password or unknown address gives null', async () => {
        const { db } = ctx();
        expect(await signUp(db, sanne, links, t0)).toEqual({ status: 'check_email' });
        const [row] = await db.select().from(s.users);
        expect(row).toMatchObject({ email: 'sanne@example.nl', name: 'Sanne de Vries', dateOfBirth: '1990-04-12', emailVerifiedAt: null, deletedAt: null });
        expect(row!.passwordHash.startsWith(ARGON2_PREFIX)).toBe(true);

        const [mail] = await mails(db);
        expect(mail).toMatchObject({ template: 'email_verify', to: 'sanne@example.nl', data: { name: 'Sanne de Vries', validHours: 48 } });
        expect(mail!.template === 'email_verify' && mail!.data.verifyUrl).toMatch(/^https:\/\/kiemkracht\.nl\/registreren\/bevestigen\?token=[\w-]{43}$/);

        // Unconfirmed: refused like a wrong password, so a sign-up cannot be used to test an address.
        expect(await logIn(db, 'sanne@example.nl', sanne.password)).toBeNull();

        const token = await tokenFromMail(db, 'email_verify');
        const confirmed = await verifyEmail(db, token, at(MIN));
        expect(confirmed).toMatchObject({ email: 'sanne@example.nl', emailVerifiedAt: at(MIN) });
        expect(await verifyEmail(db, token, at(2 * MIN))).toBeNull(); // single use

        const user = await logIn(db, '  SANNE@example.NL ', sanne.password);
        expect(user).toMatchObject({ id: row!.id, email: 'sanne@example.nl', name: 'Sanne de Vries' });
        expect(user).not.toHaveProperty('passwordHash');
        expect(await logIn(db, 'sanne@example.nl', 'tulpen in de vensterbak')).toBeNull();
        expect(await logIn(db, 'niemand@example.nl', sanne.password)).toBeNull();
      });

      it('a confirmation link expires after 48 hours', async () => {
        const { db } = ctx();
        await signUp(db, sanne, links, t0);
        expect(await verifyEmail(db, await tokenFromMail(db, 'email_verify'), at(48 * 60 * MIN))).toBeNull();
        expect(await verifyEmail(db, 'A'.repeat(43), t0)).toBeNull();
        expect(await verifyEmail(db, 'kapot', t0)).toBeNull();
      });

      it('a second sign-up for an existing address is not revealed: same answer, no new account, a mail to the owner', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        await db.delete(s.outbox);

        const again = await signUp(db, { ...sanne, email: 'SANNE@example.nl', name: 'Indringer', password: 'een ander wachtwoord' }, links, at(MIN));
        expect(again).toEqual({ status: 'check_email' });
        const users = await db.select().from(s.users);
        expect(users).toHaveLength(1);
        expect(users[0]).toMatchObject({ id, name: 'Sanne de Vries' });
        expect(await mails(db)).toEqual([
          {
            template: 'signup_attempt',
            to: 'sanne@example.nl',
            data: { name: 'Sanne de Vries', loginUrl: 'https://kiemkracht.nl/inloggen', forgotUrl: 'https://kiemkracht.nl/wachtwoord-vergeten' },
          },
        ]);
        // The owner's password is untouched; the intruder's does not work.
        expect(await logIn(db, 'sanne@example.nl', sanne.password)).not.toBeNull();
        expect(await logIn(db, 'sanne@example.nl', 'een ander wachtwoord')).toBeNull();
      });

      it('concurrent sign-ups for one new address make one account', async () => {
        const { db } = ctx();
        const results = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(db, { ...sanne, password: `wachtwoord nummer ${i}` }, links, t0)));
        expect(results.every((r) => r.status === 'check_email')).toBe(true);
        expect(await db.select().from(s.users)).toHaveLength(1);
        const sent = await mails(db);
        expect(sent.filter((m) => m.template === 'email_verify')).toHaveLength(1);
        expect(sent.filter((m) => m.template === 'signup_attempt')).toHaveLength(3);
      });

      it('refuses under-18s and weak passwords even when the form was skipped', async () => {
        const { db } = ctx();
        await expect(signUp(db, { ...sanne, dateOfBirth: '2008-06-16' }, links, t0)).rejects.toEqual(new AccountError('under_age'));
        await expect(signUp(db, { ...sanne, password: 'welkom01' }, links, t0)).rejects.toEqual(new AccountError('weak_password'));
        await expect(signUp(db, { ...sanne, password: 'sanne@example.nl' }, links, t0)).rejects.toEqual(new AccountError('weak_password'));
        expect(await db.select().from(s.users)).toHaveLength(0);
        // 18 today (in Amsterdam) is old enough.
        await signUp(db, { ...sanne, dateOfBirth: '2008-06-15' }, links, t0);
        expect(await db.select().from(s.users)).toHaveLength(1);
      });

      it('a deleted account cannot log in and its sessions end', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        const token = await createSession(db, id, null, t0);
        await db.update(s.users).set({ deletedAt: t0 }).where(eq(s.users.id, id));
        expect(await logIn(db, sanne.email, sanne.password)).toBeNull();
        expect(await getSession(db, token, at(MIN))).toBeNull();
      });

      it('re-hashes a password stored with older parameters at log-in', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        const old = await hash(sanne.password, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
        await db.update(s.users).set({ passwordHash: old }).where(eq(s.users.id, id));
        expect(await logIn(db, sanne.email, sanne.password)).not.toBeNull();
        const [row] = await db.select().from(s.users);
        expect(row!.passwordHash.startsWith(ARGON2_PREFIX)).toBe(true);
        expect(await logIn(db, sanne.email, sanne.password)).not.toBeNull();
      });
    });

    describe('sessions', () => {
      it('stores only the SHA-256 of a 256-bit token', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        const token = await createSession(db, id, 'Mozilla/5.0 (X11; Linux x86_64)', t0);
        expect(token).toMatch(/^[\w-]{43}$/);
        expect(Buffer.from(token, 'base64url')).toHaveLength(32);
        const [row] = await db.select().from(s.sessions);
        expect(row!.id).toBe(hashToken(token));
        expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
        expect(JSON.stringify(row)).not.toContain(token);
        expect(row).toMatchObject({ userId: id, createdAt: t0, lastSeenAt: t0, expiresAt: at(90 * DAY), userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });

        // The stored id is not a cookie.
        expect(await getSession(db, row!.id, t0)).toBeNull();
        const current = await getSession(db, token, t0);
        expect(current?.user).toMatchObject({ id, email: 'sanne@example.nl' });
        expect(current?.session).toMatchObject({ id: row!.id, expiresAt: at(SESSION_ABSOLUTE_MS), idleExpiresAt: at(SESSION_IDLE_MS) });
        expect(await getSession(db, null)).toBeNull();
        expect(await getSession(db, 'x'.repeat(43), t0)).toBeNull();
      });

      it('touches last_seen_at at most once a minute', async () => {
        const { db } = ctx();
        const token = await createSession(db, await confirmedUser(db), null, t0);
        const lastSeen = async () => (await db.select().from(s.sessions))[0]!.lastSeenAt;
        await getSession(db, token, at(30_000));
        expect(await lastSeen()).toEqual(t0);
        await getSession(db, token, at(MIN));
        expect(await lastSeen()).toEqual(at(MIN));
        // An older clock (another process) never moves it back.
        await getSession(db, token, at(MIN + 30_000));
        expect(await lastSeen()).toEqual(at(MIN));
      });

      it('idle expiry: 14 days without use ends the session', async () => {
        const { db } = ctx();
        const token = await createSession(db, await confirmedUser(db), null, t0);
        expect(await getSession(db, token, at(SESSION_IDLE_MS - MIN))).not.toBeNull(); // touches: a new 14 days
        expect(await getSession(db, token, at(2 * SESSION_IDLE_MS - 2 * MIN))).not.toBeNull();
        const last = at(2 * SESSION_IDLE_MS - 2 * MIN);
        expect(await getSession(db, token, new Date(last.getTime() + SESSION_IDLE_MS))).toBeNull();
        expect(await db.select().from(s.sessions)).toHaveLength(0); // removed on the spot
      });

      it('absolute expiry: 90 days after log-in even when used every day', async () => {
        const { db } = ctx();
        const token = await createSession(db, await confirmedUser(db), null, t0);
        for (let day = 1; day < 90; day += 10) expect(await getSession(db, token, at(day * DAY)), `day ${day}`).not.toBeNull();
        expect(await getSession(db, token, at(90 * DAY - MIN))).not.toBeNull();
        expect(await getSession(db, token, at(90 * DAY))).toBeNull();
        expect(await db.select().from(s.sessions)).toHaveLength(0);
      });

      it('rotation at log-in replaces the old session with a new one', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        const before = await createSession(db, id, 'oud', t0);
        const after = await rotateSession(db, before, id, 'nieuw', at(MIN));
        expect(after).not.toBe(before);
        expect(await getSession(db, before, at(MIN))).toBeNull();
        expect((await getSession(db, after, at(MIN)))?.session.userAgent).toBe('nieuw');
        expect(await db.select().from(s.sessions)).toHaveLength(1);
        // Without (or with a junk) old token it simply creates one.
        const fresh = await rotateSession(db, null, id, null, at(MIN));
        await rotateSession(db, 'geen token', id, null, at(MIN));
        expect(await getSession(db, fresh, at(MIN))).not.toBeNull();
        expect(await db.select().from(s.sessions)).toHaveLength(3);
      });

      it('lists live sessions, revokes one, one by id (owner only), and all (optionally but the current)', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        const other = await confirmedUser(db, { ...sanne, email: 'jan@example.nl', name: 'Jan' });
        const a = await createSession(db, id, 'laptop', t0);
        const b = await createSession(db, id, 'telefoon', at(MIN));
        const c = await createSession(db, id, 'tablet', at(2 * MIN));
        const old = await createSession(db, id, 'oud', at(-SESSION_IDLE_MS));
        const theirs = await createSession(db, other, 'van jan', t0);

        const list = await listSessions(db, id, { now: at(3 * MIN), currentToken: b });
        expect(list.map((x) => [x.userAgent, x.current])).toEqual([
          ['tablet', false],
          ['telefoon', true],
          ['laptop', false],
        ]);

        await revokeSession(db, a);
        expect(await getSession(db, a, at(3 * MIN))).toBeNull();
        await revokeSession(db, 'onbekend'); // nothing happens

        expect(await revokeSessionById(db, other, hashToken(c))).toBe(false); // not Jan's
        expect(await getSession(db, c, at(3 * MIN))).not.toBeNull();
        expect(await revokeSessionById(db, id, hashToken(c))).toBe(true);

        await createSession(db, id, 'nog een', at(3 * MIN));
        expect(await revokeAllSessions(db, id, { except: b })).toBe(2); // 'nog een' and the idle one
        expect(await getSession(db, b, at(4 * MIN))).not.toBeNull();
        expect(await revokeAllSessions(db, id)).toBe(1);
        expect(await getSession(db, b, at(4 * MIN))).toBeNull();
        expect(await getSession(db, old, at(4 * MIN))).toBeNull();
        expect(await getSession(db, theirs, at(4 * MIN))).not.toBeNull(); // other users untouched
      });
    });

    describe('password reset', () => {
      it('answers the same for an unknown address and mails nothing', async () => {
        const { db } = ctx();
        await confirmedUser(db);
        await db.delete(s.outbox);
        expect(await requestPasswordReset(db, 'niemand@example.nl', links, t0)).toEqual({ status: 'sent' });
        expect(await mails(db)).toEqual([]);
        expect(await requestPasswordReset(db, 'SANNE@example.nl', links, t0)).toEqual({ status: 'sent' });
        const [mail] = await mails(db);
        expect(mail).toMatchObject({ template: 'password_reset', to: 'sanne@example.nl', data: { name: 'Sanne de Vries', validMinutes: 60 } });
        expect(mail!.template === 'password_reset' && mail!.data.resetUrl).toMatch(/^https:\/\/kiemkracht\.nl\/wachtwoord-herstellen\?token=[\w-]{43}$/);
        const [row] = await db.select().from(s.accountTokens).where(eq(s.accountTokens.purpose, 'password_reset'));
        const token = await tokenFromMail(db, 'password_reset');
        expect(row).toMatchObject({ tokenHash: hashToken(token), expiresAt: at(60 * MIN), usedAt: null });
      });

      it('sets the new password, ends every session, and the link works once', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        const sessions = [await createSession(db, id, 'laptop', t0), await createSession(db, id, 'telefoon', t0)];
        await requestPasswordReset(db, sanne.email, links, t0);
        const token = await tokenFromMail(db, 'password_reset');

        // A refused password leaves the link usable.
        expect(await resetPassword(db, token, 'iloveyou', at(MIN))).toEqual({ ok: false, reason: 'weak_password', problem: 'common' });
        expect(await resetPassword(db, token, 'Sanne de Vries', at(MIN))).toEqual({ ok: false, reason: 'weak_password', problem: 'personal' });

        expect(await resetPassword(db, token, 'zonnebloemen in augustus', at(MIN))).toEqual({ ok: true, userId: id });
        for (const t of sessions) expect(await getSession(db, t, at(2 * MIN))).toBeNull();
        expect(await db.select().from(s.sessions)).toHaveLength(0);
        expect(await logIn(db, sanne.email, sanne.password)).toBeNull();
        expect(await logIn(db, sanne.email, 'zonnebloemen in augustus')).not.toBeNull();

        expect(await resetPassword(db, token, 'nog een ander wachtwoord', at(2 * MIN))).toEqual({ ok: false, reason: 'invalid_token' });
        expect(await logIn(db, sanne.email, 'zonnebloemen in augustus')).not.toBeNull();
      });

      it('refuses an expired link (after 1 hour) and unknown or malformed tokens', async () => {
        const { db } = ctx();
        await confirmedUser(db);
        await requestPasswordReset(db, sanne.email, links, t0);
        const token = await tokenFromMail(db, 'password_reset');
        expect(await resetPassword(db, token, 'zonnebloemen in augustus', at(60 * MIN))).toEqual({ ok: false, reason: 'invalid_token' });
        expect(await resetPassword(db, 'B'.repeat(43), 'zonnebloemen in augustus', t0)).toEqual({ ok: false, reason: 'invalid_token' });
        expect(await resetPassword(db, 'kapot', 'zonnebloemen in augustus', t0)).toEqual({ ok: false, reason: 'invalid_token' });
        expect(await logIn(db, sanne.email, sanne.password)).not.toBeNull();
      });

      it('a used link spends the other outstanding reset links; a confirmation link cannot reset', async () => {
        const { db } = ctx();
        await signUp(db, sanne, links, t0);
        const verifyToken = await tokenFromMail(db, 'email_verify');
        expect(await resetPassword(db, verifyToken, 'zonnebloemen in augustus', t0)).toEqual({ ok: false, reason: 'invalid_token' });

        await requestPasswordReset(db, sanne.email, links, t0);
        const first = await tokenFromMail(db, 'password_reset');
        await requestPasswordReset(db, sanne.email, links, at(MIN));
        const second = await tokenFromMail(db, 'password_reset');
        expect(first).not.toBe(second);
        expect((await resetPassword(db, second, 'zonnebloemen in augustus', at(2 * MIN))).ok).toBe(true);
        expect(await resetPassword(db, first, 'weer een ander wachtwoord', at(3 * MIN))).toEqual({ ok: false, reason: 'invalid_token' });
        // The link came by mail, so the address counts as confirmed: the account can log in now.
        expect(await logIn(db, sanne.email, 'zonnebloemen in augustus')).toMatchObject({ emailVerifiedAt: at(2 * MIN) });
      });

      it('of 10 concurrent uses of one link exactly one succeeds', async () => {
        const { db } = ctx();
        const id = await confirmedUser(db);
        await requestPasswordReset(db, sanne.email, links, t0);
        const token = await tokenFromMail(db, 'password_reset');
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => resetPassword(db, token, `nieuw wachtwoord nummer ${i}`, at(MIN))));
        const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
        expect(winners).toHaveLength(1);
        expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'invalid_token')).toBe(true);
        expect(results[winners[0]!]).toEqual({ ok: true, userId: id });
        // The password that won is the one stored.
        expect(await logIn(db, sanne.email, `nieuw wachtwoord nummer ${winners[0]}`)).not.toBeNull();
        const [row] = await db.select().from(s.accountTokens).where(eq(s.accountTokens.tokenHash, hashToken(token)));
        expect(row!.usedAt).toEqual(at(MIN));
      });
    });

    it('pruneAccounts removes ended sessions and expired tokens', async () => {
      const { db } = ctx();
      const id = await confirmedUser(db);
      const live = await createSession(db, id, null, at(80 * DAY));
      await createSession(db, id, null, t0); // idle since t0
      await requestPasswordReset(db, sanne.email, links, t0);
      const now = at(80 * DAY + MIN);
      expect(await pruneAccounts(db, now)).toEqual({ sessions: 1, tokens: 2 }); // the reset and the spent confirmation token
      expect(await getSession(db, live, now)).not.toBeNull();
    });
  },
  { seed: false },
);
