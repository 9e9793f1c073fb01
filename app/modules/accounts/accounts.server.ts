// Accounts: passwords, sign-up, log-in, sessions and password reset (ADR 008). Data access and rules
// only; the routes parse forms with accounts.schemas.ts, apply the rate limits and set the cookie.
import crypto from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import type { AccountTokenPurpose } from '~/db/schema/accounts.ts';
import { enqueueMail, kickMail } from '~/modules/mail/mail.server.ts';
import { linkGuestOrders } from '~/modules/orders/orders.server.ts';
import { TOKEN_PATTERN } from './accounts.schemas.ts';
import { isAdult, type PasswordProblem, passwordProblem } from './password.ts';

// ---- constants (ADR 008) ---------------------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A session unused this long is over. */
export const SESSION_IDLE_MS = 14 * DAY;
/** A session is over this long after log-in, however busy. */
export const SESSION_ABSOLUTE_MS = 90 * DAY;
/** last_seen_at is written at most this often, so a page view is not always a write. */
export const SESSION_TOUCH_MS = MINUTE;
export const PASSWORD_RESET_TTL_MS = HOUR;
export const EMAIL_VERIFY_TTL_MS = 48 * HOUR;

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is an ambient const enum, which isolatedModules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
/** The PHC prefix of a hash made with ARGON2_OPTIONS; other hashes are upgraded at the next log-in. */
export const ARGON2_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

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

// Suggested limits for the routes' hitRateLimit calls: per address they stop guessing one account,
// per IP they stop spraying many accounts (and mail bombing through sign-up and reset).
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

const userColumns = {
  id: s.users.id,
  email: s.users.email,
  name: s.users.name,
  dateOfBirth: s.users.dateOfBirth,
  emailVerifiedAt: s.users.emailVerifiedAt,
  createdAt: s.users.createdAt,
};

export type AccountErrorCode = 'under_age' | 'weak_password';

/** Input the form schema should already have refused; the module checks again rather than trust the caller. */
export class AccountError extends Error {
  constructor(readonly code: AccountErrorCode) {
    super(code);
  }
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** SHA-256 hex: how session ids and mailed tokens are stored (a copied table replays nothing). */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** 32 random bytes (256 bits), base64url: 43 characters. */
const newToken = () => crypto.randomBytes(32).toString('base64url');

export const isToken = (token: unknown): token is string => typeof token === 'string' && TOKEN_PATTERN.test(token);

/** An absolute link for an account mail, with the token in the query when given. */
export function accountLink(links: AccountLinks, path: string, token?: string) {
  const url = links.origin.replace(/\/+$/, '') + path;
  return token ? `${url}?${new URLSearchParams({ token })}` : url;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

// ---- passwords -------------------------------------------------------------------------------

// NIST 800-63B: normalise Unicode so the same password typed on another keyboard still matches.
const normalisePassword = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return hash(normalisePassword(password), ARGON2_OPTIONS);
}

/** False for a wrong password and for a damaged hash (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalisePassword(password));
  } catch {
    return false;
  }
}

// Made once per process: a log-in for an unknown address verifies against it, so it costs the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

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
export async function verifyEmail(db: Db, token: string, now = new Date()): Promise<AccountUser | null> {
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
 * verification, so response time does not reveal which addresses have an account.
 */
export async function logIn(db: Db, email: string, password: string): Promise<AccountUser | null> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: s.users.passwordHash })
    .from(s.users)
    .where(and(eq(s.users.email, normaliseEmail(email)), isNull(s.users.deletedAt)));
  if (!row) {
    await verifyPassword(await getDummyHash(), password);
    return null;
  }
  const { passwordHash, ...user } = row;
  if (!(await verifyPassword(passwordHash, password)) || !user.emailVerifiedAt) return null;
  if (!passwordHash.startsWith(ARGON2_PREFIX)) {
    // Made with older parameters: re-hash now that the plain password is at hand.
    await db
      .update(s.users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(s.users.id, user.id));
  }
  return user;
}

// ---- sessions --------------------------------------------------------------------------------

export type SessionInfo = {
  /** The stored id (SHA-256 of the cookie token): safe to show its owner, useless as a cookie. */
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** Absolute end. */
  expiresAt: Date;
  /** End if unused from now on. */
  idleExpiresAt: Date;
  userAgent: string | null;
};
export type CurrentSession = { user: AccountUser; session: SessionInfo };

function sessionInfo(row: typeof s.sessions.$inferSelect): SessionInfo {
  const idleEnd = new Date(row.lastSeenAt.getTime() + SESSION_IDLE_MS);
  return {
    id: row.id,
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    idleExpiresAt: idleEnd < row.expiresAt ? idleEnd : row.expiresAt,
    userAgent: row.userAgent,
  };
}

/** Starts a session; returns the token for the cookie. Only its hash is stored. */
export async function createSession(db: Db, userId: number, userAgent: string | null, now = new Date()): Promise<string> {
  const token = newToken();
  await db.insert(s.sessions).values({
    id: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
  });
  return token;
}

/**
 * The user and session for a cookie token, or null when it is unknown, idle too long, past its
 * absolute end, or its account is deleted (an ended session is removed on the spot).
 */
export async function getSession(db: Db, token: string | null | undefined, now = new Date()): Promise<CurrentSession | null> {
  if (!isToken(token)) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ session: s.sessions, user: userColumns, deletedAt: s.users.deletedAt })
    .from(s.sessions)
    .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
    .where(eq(s.sessions.id, id));
  if (!row) return null;
  const session = row.session;
  if (row.deletedAt || now >= session.expiresAt || now.getTime() >= session.lastSeenAt.getTime() + SESSION_IDLE_MS) {
    await db.delete(s.sessions).where(eq(s.sessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    // Conditional, so parallel requests write once and last_seen_at never moves backwards.
    await db
      .update(s.sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(s.sessions.id, id), lte(s.sessions.lastSeenAt, new Date(now.getTime() - SESSION_TOUCH_MS))));
    session.lastSeenAt = now;
  }
  return { user: row.user, session: sessionInfo(session) };
}

/**
 * Log-in (and e-mail confirmation) gets a fresh session id: the old one, which may have been planted
 * before log-in (session fixation), is deleted in the same transaction. Returns the new token.
 */
export async function rotateSession(db: Db, oldToken: string | null | undefined, userId: number, userAgent: string | null, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    if (isToken(oldToken)) await tx.delete(s.sessions).where(eq(s.sessions.id, hashToken(oldToken)));
    return createSession(tx, userId, userAgent, now);
  });
}

/** Log-out: ends the session of this token (nothing happens for an unknown token). */
export async function revokeSession(db: Db, token: string | null | undefined): Promise<void> {
  if (!isToken(token)) return;
  await db.delete(s.sessions).where(eq(s.sessions.id, hashToken(token)));
}

/** Ends one session from the account's list; false when it is not this user's (no hint that it exists). */
export async function revokeSessionById(db: Db, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(s.sessions)
    .where(and(eq(s.sessions.id, sessionId), eq(s.sessions.userId, userId)))
    .returning({ id: s.sessions.id });
  return rows.length > 0;
}

/** Ends every session of the user, optionally except the current one ("log out everywhere else"). Returns how many. */
export async function revokeAllSessions(db: Db, userId: number, opts: { except?: string | null } = {}): Promise<number> {
  const keep = isToken(opts.except) ? hashToken(opts.except) : null;
  const rows = await db
    .delete(s.sessions)
    .where(and(eq(s.sessions.userId, userId), keep ? ne(s.sessions.id, keep) : undefined))
    .returning({ id: s.sessions.id });
  return rows.length;
}

/** The user's live sessions, most recently used first; `current` marks the one of `currentToken`. */
export async function listSessions(
  db: Db,
  userId: number,
  opts: { now?: Date; currentToken?: string | null } = {},
): Promise<(SessionInfo & { current: boolean })[]> {
  const now = opts.now ?? new Date();
  const current = isToken(opts.currentToken) ? hashToken(opts.currentToken) : null;
  const rows = await db
    .select()
    .from(s.sessions)
    .where(and(eq(s.sessions.userId, userId), gt(s.sessions.expiresAt, now), gt(s.sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
    .orderBy(desc(s.sessions.lastSeenAt));
  return rows.map((r) => ({ ...sessionInfo(r), current: r.id === current }));
}

// ---- password reset --------------------------------------------------------------------------

/** Stores the hash of a new single-use token (for an e-mail change, with its new address) and returns the token for the mail. */
export async function issueToken(
  tx: Db,
  userId: number,
  purpose: AccountTokenPurpose,
  ttlMs: number,
  now: Date,
  newEmail: string | null = null,
): Promise<string> {
  const token = newToken();
  await tx
    .insert(s.accountTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(now.getTime() + ttlMs), createdAt: now, newEmail });
  return token;
}

/**
 * Marks a token used and returns its user (and, for an e-mail change, the new address), or null when
 * it is unknown, used or expired. One conditional update: of several concurrent uses exactly one
 * gets the row (PostgreSQL re-checks the WHERE after the first commits).
 */
export async function claimToken(tx: Db, token: string, purpose: AccountTokenPurpose, now: Date): Promise<{ userId: number; newEmail: string | null } | null> {
  const [row] = await tx
    .update(s.accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(s.accountTokens.tokenHash, hashToken(token)),
        eq(s.accountTokens.purpose, purpose),
        isNull(s.accountTokens.usedAt),
        gt(s.accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: s.accountTokens.userId, newEmail: s.accountTokens.newEmail });
  return row ?? null;
}

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
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'password_reset', PASSWORD_RESET_TTL_MS, now);
      await enqueueMail(tx, {
        template: 'password_reset',
        to: address,
        data: { name: user.name, resetUrl: accountLink(links, accountPaths.reset, token), validMinutes: PASSWORD_RESET_TTL_MS / MINUTE },
      });
    });
    kickMail();
  }
  return { status: 'sent' };
}

export type ResetPasswordResult =
  { ok: true; userId: number } | { ok: false; reason: 'invalid_token' } | { ok: false; reason: 'weak_password'; problem: PasswordProblem };

/**
 * Sets a new password with a reset token. In one transaction: the token is claimed (single use), the
 * hash replaced, the address counted as confirmed (the link came by mail), every session of the
 * user ended and any other outstanding reset or e-mail change link spent. A refused password leaves the token usable.
 */
export async function resetPassword(db: Db, token: string, newPassword: string, now = new Date()): Promise<ResetPasswordResult> {
  const invalid = { ok: false, reason: 'invalid_token' } as const;
  if (!isToken(token)) return invalid;
  // A cheap look first, so a dead link costs no argon2 run; the claim below decides.
  const [pending] = await db
    .select({ email: s.users.email, name: s.users.name })
    .from(s.accountTokens)
    .innerJoin(s.users, eq(s.users.id, s.accountTokens.userId))
    .where(
      and(
        eq(s.accountTokens.tokenHash, hashToken(token)),
        eq(s.accountTokens.purpose, 'password_reset'),
        isNull(s.accountTokens.usedAt),
        gt(s.accountTokens.expiresAt, now),
        isNull(s.users.deletedAt),
      ),
    );
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

// ---- rate-limit keys and housekeeping --------------------------------------------------------

/** Keys in rate_limits hold a digest of the address, not the address itself. */
const emailKey = (email: string) => hashToken(normaliseEmail(email)).slice(0, 32);

/** Keys for hitRateLimit on log-in: per client IP and per account (ACCOUNT_RATE_LIMITS). */
export function loginRateKeys(ip: string, email: string): { ip: string; account: string } {
  return { ip: `login:ip:${ip}`, account: `login:account:${emailKey(email)}` };
}

/** Keys for hitRateLimit on the forgotten-password form. */
export function passwordResetRateKeys(ip: string, email: string): { ip: string; account: string } {
  return { ip: `reset:ip:${ip}`, account: `reset:account:${emailKey(email)}` };
}

export const signUpRateKey = (ip: string) => `signup:ip:${ip}`;

/** Deletes ended sessions and expired tokens; run now and then so the tables stay small. */
export async function pruneAccounts(db: Db, now = new Date()): Promise<{ sessions: number; tokens: number }> {
  const sessions = await db
    .delete(s.sessions)
    .where(or(lte(s.sessions.expiresAt, now), lte(s.sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
    .returning({ id: s.sessions.id });
  const tokens = await db.delete(s.accountTokens).where(lte(s.accountTokens.expiresAt, now)).returning({ hash: s.accountTokens.tokenHash });
  return { sessions: sessions.length, tokens: tokens.length };
}
