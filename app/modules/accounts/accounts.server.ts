// Accounts (ADR 008): sign-up and e-mail confirmation, log-in, password reset, the links in account
// mails, and the account rate limits and their keys. Data access and rules only: sessions are in
// sessions.server.ts, password hashing in passwords.server.ts, mailed tokens in account-tokens.server.ts.
// auth.server.ts applies the log-in, sign-up and reset limits and sets the session cookie for the routes,
// which parse forms with accounts.schemas.ts.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
import { claimToken, hashToken, isToken, issueToken, liveToken } from '~/lib/account-tokens.server.ts';
import { isAdult, type PasswordProblem, passwordProblem } from '~/lib/password.ts';
import { ARGON2_PREFIX, getDummyHash, hashPassword, verifyPassword } from '~/lib/passwords.server.ts';

// ---- constants (ADR 008) ---------------------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const PASSWORD_RESET_TTL_MS = HOUR;
export const EMAIL_VERIFY_TTL_MS = 48 * HOUR;

/** Paths of the pages the account mails link to (SPEC §2; the confirmation page is ours). */
export const accountPaths = {
  login: '/inloggen',
  forgot: '/wachtwoord-vergeten',
  reset: '/wachtwoord-herstellen',
  verify: '/registreren/bevestigen',
  confirmEmailChange: '/account/e-mail-bevestigen',
} as const;

/** Where the links in account mails point: PUBLIC_URL when set, otherwise the request's origin. */
export type AccountLinks = { origin: string };

// The limits auth.server.ts, details.server.ts and privacy.server.ts apply with hitRateLimit: per address they stop guessing
// one account, per IP they stop spraying many accounts (and mail bombing through sign-up and reset).
export const ACCOUNT_RATE_LIMITS = {
  loginIp: { limit: 30, windowMs: 15 * MINUTE },
  loginAccount: { limit: 10, windowMs: 15 * MINUTE },
  resetIp: { limit: 10, windowMs: 15 * MINUTE },
  resetAccount: { limit: 3, windowMs: 15 * MINUTE },
  signUpIp: { limit: 10, windowMs: HOUR },
} as const;

// ---- small helpers ---------------------------------------------------------------------------

export type AccountUser = {
  id: number;
  email: string;
  name: string;
  dateOfBirth: string;
  emailVerifiedAt: Date | null;
  createdAt: Date;
};

export const userColumns = {
  ...columns(s.users, 'id', 'email', 'name', 'dateOfBirth', 'emailVerifiedAt', 'createdAt'),
};

export type AccountErrorCode = 'under_age' | 'weak_password';

/** Input the form schema should already have refused; the module checks again rather than trust the caller. */
export class AccountError extends Error {
  constructor(readonly code: AccountErrorCode) {
    super(code);
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** An absolute link for an account mail, with the token in the query when given. */
export function accountLink(links: AccountLinks, path: string, token?: string) {
  const url = links.origin.replace(/\/+$/, '') + path;
  return token ? `${url}?${new URLSearchParams({ token })}` : url;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// ---- sign-up and e-mail confirmation ---------------------------------------------------------

export type SignUpFields = { name: string; email: string; dateOfBirth: string; password: string };
/** The same answer whether or not the address already had an account. */
export type SignUpResult = { status: 'check_email' };

/**
 * Creates an unconfirmed account and mails a confirmation link. When the address already has an
 * account nothing is created: its owner gets a mail that someone tried to sign up. Both paths hash
 * the password, write one statement and queue one mail, so neither the answer nor its timing says
 * which happened. An unconfirmed account cannot log in (else logging in after a sign-up would tell).
 */
export async function signUp(db: Db, fields: SignUpFields, links: AccountLinks, now = new Date()): Promise<SignUpResult> {
  const email = normaliseEmail(fields.email);
  const name = fields.name.trim();
  if (!isAdult(fields.dateOfBirth, now)) throw new AccountError('under_age');
  if (passwordProblem(fields.password, { email, name })) throw new AccountError('weak_password');
  const passwordHash = await hashPassword(fields.password);

  await db.transaction(async (tx) => {
    // ON CONFLICT: two sign-ups for one new address at once make one account, the other sees "exists".
    const [created] = await tx
      .insert(s.users)
      .values({ email, name, dateOfBirth: fields.dateOfBirth, passwordHash, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: s.users.email })
      .returning({ id: s.users.id });
    if (created) {
      const token = await issueToken(tx, created.id, 'email_verify', EMAIL_VERIFY_TTL_MS, now);
      await enqueueMail(tx, {
        template: 'email_verify',
        to: email,
        data: { name, verifyUrl: accountLink(links, accountPaths.verify, token), validHours: EMAIL_VERIFY_TTL_MS / HOUR },
      });
      return;
    }
    const [owner] = await tx.select({ name: s.users.name, deletedAt: s.users.deletedAt }).from(s.users).where(eq(s.users.email, email));
    if (owner && !owner.deletedAt) {
      await enqueueMail(tx, {
        template: 'signup_attempt',
        to: email,
        data: { name: owner.name, loginUrl: accountLink(links, accountPaths.login), forgotUrl: accountLink(links, accountPaths.forgot) },
      });
    }
  });
  kickMail();
  return { status: 'check_email' };
}

/** Confirms the address of the token's account (single use); the route then logs the user in. */
/** Gives an account the guest orders placed with its address, in the caller's transaction (the orders module's step, passed in by app/flows/link-guest-orders.server.ts). */
export type LinkGuestOrders = (tx: Db, userId: number, email: string) => Promise<void>;

export async function verifyEmailWith(db: Db, token: string, linkGuestOrders: LinkGuestOrders, now = new Date()): Promise<AccountUser | null> {
  if (!isToken(token)) return null;
  return db.transaction(async (tx) => {
    const userId = (await claimToken(tx, token, 'email_verify', now))?.userId;
    if (userId === undefined) return null;
    const [user] = await tx
      .update(s.users)
      .set({ emailVerifiedAt: sql`coalesce(${s.users.emailVerifiedAt}, ${iso(now)})`, updatedAt: now })
      .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)))
      .returning(userColumns);
    if (user) await linkGuestOrders(tx, user.id, user.email);
    return user ?? null;
  });
}

// ---- log-in ----------------------------------------------------------------------------------

/**
 * The account for these credentials, or null: for an unknown address, a wrong password, a deleted or
 * an unconfirmed account alike (one message, SPEC §8). An unknown address still costs one argon2
 * verification, so response time does not reveal which addresses have an account. 'blocked' when staff
 * blocked the account (ADR 037): said only after the right password, so it reveals nothing to a guesser.
 */
export async function logIn(db: Db, email: string, password: string): Promise<AccountUser | 'blocked' | null> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: s.users.passwordHash, blockedAt: s.users.blockedAt })
    .from(s.users)
    .where(and(eq(s.users.email, normaliseEmail(email)), isNull(s.users.deletedAt)));
  if (!row) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  const { passwordHash, blockedAt, ...user } = row;
  if (!(await verifyPassword(passwordHash, password)) || !user.emailVerifiedAt) return null;
  if (blockedAt) return 'blocked';
  if (!passwordHash.startsWith(ARGON2_PREFIX)) {
    // Made with older parameters: re-hash now that the plain password is at hand.
    await db
      .update(s.users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(s.users.id, user.id));
  }
  return user;
}
// ---- password reset --------------------------------------------------------------------------
/**
 * Mails a reset link (valid one hour, single use) when the address has an account. The answer is
 * the same either way, so the form cannot be used to find out who has an account.
 */
export async function requestPasswordReset(db: Db, email: string, links: AccountLinks, now = new Date()): Promise<{ status: 'sent' }> {
  const address = normaliseEmail(email);
  const [user] = await db
    .select({ id: s.users.id, name: s.users.name })
    .from(s.users)
    .where(and(eq(s.users.email, address), isNull(s.users.deletedAt)));
  if (user) {
    await db.transaction((tx) => queuePasswordReset(tx, { id: user.id, name: user.name, email: address }, links, now));
    kickMail();
  }
  return { status: 'sent' };
}

/** Inside the caller's transaction: a new reset link for this account and its mail (the caller kicks the mail worker after the commit). */
export async function queuePasswordReset(tx: Db, user: { id: number; name: string; email: string }, links: AccountLinks, now = new Date()): Promise<void> {
  const token = await issueToken(tx, user.id, 'password_reset', PASSWORD_RESET_TTL_MS, now);
  await enqueueMail(tx, {
    template: 'password_reset',
    to: user.email,
    data: { name: user.name, resetUrl: accountLink(links, accountPaths.reset, token), validMinutes: PASSWORD_RESET_TTL_MS / MINUTE },
  });
}

export type ResetPasswordResult =
  { ok: true; userId: number } | { ok: false; reason: 'invalid_token' } | { ok: false; reason: 'weak_password'; problem: PasswordProblem };

/**
 * Sets a new password with a reset token. In one transaction: the token is claimed (single use), the
 * hash replaced, the address counted as confirmed (the link came by mail), every session of the
 * user ended and any other outstanding reset or e-mail change link spent. A refused password leaves the token usable.
 */
export async function resetPasswordWith(db: Db, token: string, newPassword: string, linkGuestOrders: LinkGuestOrders, now = new Date()): Promise<ResetPasswordResult> {
  const invalid = { ok: false, reason: 'invalid_token' } as const;
  if (!isToken(token)) return invalid;
  // A cheap look first, so a dead link costs no argon2 run; the claim below decides.
  const [pending] = await db
    .select({ email: s.users.email, name: s.users.name })
    .from(s.accountTokens)
    .innerJoin(s.users, eq(s.users.id, s.accountTokens.userId))
    .where(and(liveToken(token, 'password_reset', now), isNull(s.users.deletedAt)));
  if (!pending) return invalid;
  const problem = passwordProblem(newPassword, pending);
  if (problem) return { ok: false, reason: 'weak_password', problem };
  const passwordHash = await hashPassword(newPassword);

  return db.transaction(async (tx) => {
    const userId = (await claimToken(tx, token, 'password_reset', now))?.userId;
    if (userId === undefined) return invalid;
    // The link reached this address, which confirms it as well.
    const [user] = await tx
      .update(s.users)
      .set({ passwordHash, updatedAt: now, emailVerifiedAt: sql`coalesce(${s.users.emailVerifiedAt}, ${iso(now)})` })
      .where(eq(s.users.id, userId))
      .returning({ email: s.users.email });
    if (user) await linkGuestOrders(tx, userId, user.email);
    await tx.delete(s.sessions).where(eq(s.sessions.userId, userId));
    // A pending e-mail change was asked with the old password: it must not outlive a reset.
    await tx
      .update(s.accountTokens)
      .set({ usedAt: now })
      .where(and(eq(s.accountTokens.userId, userId), inArray(s.accountTokens.purpose, ['password_reset', 'email_change']), isNull(s.accountTokens.usedAt)));
    return { ok: true, userId } as const;
  });
}

// ---- rate-limit keys -------------------------------------------------------------------------

/** Keys in rate_limits hold a digest of the address, not the address itself. */
const emailKey = (email: string) => hashToken(normaliseEmail(email)).slice(0, 32);

/** The per-account log-in bucket; deleting the account counts there too (its password is guessable as well). */
export const loginAccountRateKey = (email: string) => `login:account:${emailKey(email)}`;

/** Keys for hitRateLimit on log-in: per client IP and per account (ACCOUNT_RATE_LIMITS). */
export function loginRateKeys(ip: string, email: string): { ip: string; account: string } {
  return { ip: `login:ip:${ip}`, account: loginAccountRateKey(email) };
}

/** Keys for hitRateLimit on the forgotten-password form. */
export function passwordResetRateKeys(ip: string, email: string): { ip: string; account: string } {
  return { ip: `reset:ip:${ip}`, account: `reset:account:${emailKey(email)}` };
}

export const signUpRateKey = (ip: string) => `signup:ip:${ip}`;
