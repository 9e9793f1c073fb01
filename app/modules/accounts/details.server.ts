// The account's own details (/account/details): name and date of birth, e-mail change by mailed link,
// password change, and the grower profile with the strains it recommends. Rules as in ADR 008 and
// ADR 009: a changed password or address ends the other sessions, links are single use, and
// nothing says whether an address belongs to another account.
import { and, eq, gt, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import { claimToken, hashToken, isToken, issueToken, liveToken } from '~/lib/account-tokens.server.ts';
import {
  ACCOUNT_RATE_LIMITS,
  AccountError,
  type AccountLinks,
  type LinkGuestOrders,
  accountLink,
  accountPaths,
  EMAIL_VERIFY_TTL_MS,
  normaliseEmail,
} from './accounts.server.ts';
import { hashPassword, verifyPassword } from '~/lib/passwords.server.ts';
import { createSession } from './sessions.server.ts';
import {
  emptyGrowerProfile,
  FAVOURITES_MAX,
  type GrowerProfile,
  GROWING_SINCE_MIN,
} from './grower-profile.ts';
import { isAdult, type PasswordProblem, passwordProblem, shopToday } from '~/lib/password.ts';

/** An e-mail change link lives as long as a sign-up confirmation: 48 hours, single use. */
const EMAIL_CHANGE_TTL_MS = EMAIL_VERIFY_TTL_MS;
const HOUR = 3_600_000;

// ---- reading ---------------------------------------------------------------------------------

export type AccountDetails = {
  name: string;
  email: string;
  dateOfBirth: string;
  profile: GrowerProfile;
  /** An e-mail change that waits for its link, if any. */
  pendingEmail: { newEmail: string; expiresAt: Date } | null;
};

export async function getAccountDetails(db: Db, userId: number, now = new Date()): Promise<AccountDetails | null> {
  const [user] = await db
    .select({ name: s.users.name, email: s.users.email, dateOfBirth: s.users.dateOfBirth })
    .from(s.users)
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)));
  if (!user) return null;
  const [profile, [pending]] = await Promise.all([
    getGrowerProfile(db, userId),
    db
      .select({ newEmail: s.accountTokens.newEmail, expiresAt: s.accountTokens.expiresAt })
      .from(s.accountTokens)
      .where(openEmailChange(userId, now))
      .orderBy(sql`${s.accountTokens.createdAt} desc`)
      .limit(1),
  ]);
  return { ...user, profile, pendingEmail: pending?.newEmail ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt } : null };
}

const openEmailChange = (userId: number, now: Date) =>
  and(eq(s.accountTokens.userId, userId), eq(s.accountTokens.purpose, 'email_change'), isNull(s.accountTokens.usedAt), gt(s.accountTokens.expiresAt, now));

// ---- personal details ------------------------------------------------------------------------

/** Name and date of birth; the 18+ rule is checked again here rather than trusted to the form. */
export async function updatePersonalDetails(db: Db, userId: number, fields: { name: string; dateOfBirth: string }, now = new Date()): Promise<void> {
  if (!isAdult(fields.dateOfBirth, now)) throw new AccountError('under_age');
  await db
    .update(s.users)
    .set({ name: fields.name.trim(), dateOfBirth: fields.dateOfBirth, updatedAt: now })
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)));
}

// ---- the current password --------------------------------------------------------------------

/** One bucket per account for the password asked by the e-mail and password forms (ADR 009). */
export const passwordCheckRateKey = (userId: number) => `password-check:account:${userId}`;

type PasswordCheck = { ok: true; passwordHash: string; email: string; name: string } | { ok: false; reason: 'wrong_password' | 'rate_limited' };

/**
 * Checks the password of a logged-in account, counted like log-in per account (ACCOUNT_RATE_LIMITS):
 * a stolen session alone must not be enough to take the account over by guessing.
 */
async function checkCurrentPassword(db: Db, userId: number, password: string, now: Date): Promise<PasswordCheck> {
  const { limit, windowMs } = ACCOUNT_RATE_LIMITS.loginAccount;
  if (!(await hitRateLimit(db, passwordCheckRateKey(userId), limit, windowMs, now)).allowed) return { ok: false, reason: 'rate_limited' };
  const [user] = await db
    .select({ passwordHash: s.users.passwordHash, email: s.users.email, name: s.users.name })
    .from(s.users)
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)));
  if (!user || !(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: 'wrong_password' };
  return { ok: true, ...user };
}

// ---- e-mail change ---------------------------------------------------------------------------

export type EmailChangeRequest = { ok: true; newEmail: string } | { ok: false; reason: 'same_email' | 'wrong_password' | 'rate_limited' };

/**
 * Mails a single-use link (48 hours) to the new address and a notice to the current one. The e-mail
 * stays as it is until the link is used. The answer and the work are the same whether or not the new
 * address already has an account; that is only checked when the link is used. A new request spends
 * the earlier links, so only the latest address can be confirmed.
 */
export async function requestEmailChange(
  db: Db,
  userId: number,
  fields: { email: string; currentPassword: string },
  links: AccountLinks,
  now = new Date(),
): Promise<EmailChangeRequest> {
  const newEmail = normaliseEmail(fields.email);
  const [current] = await db.select({ email: s.users.email }).from(s.users).where(eq(s.users.id, userId));
  if (current?.email === newEmail) return { ok: false, reason: 'same_email' };
  const check = await checkCurrentPassword(db, userId, fields.currentPassword, now);
  if (!check.ok) return check;
  await db.transaction(async (tx) => {
    await tx.update(s.accountTokens).set({ usedAt: now }).where(openEmailChange(userId, now));
    const token = await issueToken(tx, userId, 'email_change', EMAIL_CHANGE_TTL_MS, now, newEmail);
    await enqueueMail(tx, {
      template: 'email_change',
      to: newEmail,
      data: { name: check.name, confirmUrl: accountLink(links, accountPaths.confirmEmailChange, token), validHours: EMAIL_CHANGE_TTL_MS / HOUR },
    });
    await enqueueMail(tx, {
      template: 'email_change_notice',
      to: check.email,
      data: { name: check.name, newEmail, forgotUrl: accountLink(links, accountPaths.forgot) },
    });
  });
  kickMail();
  return { ok: true, newEmail };
}

/** The new address of a usable e-mail change link (for its page), or null. Spends nothing. */
export async function peekEmailChange(db: Db, token: string, now = new Date()): Promise<{ newEmail: string } | null> {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({ newEmail: s.accountTokens.newEmail })
    .from(s.accountTokens)
    .where(liveToken(token, 'email_change', now));
  return row?.newEmail ? { newEmail: row.newEmail } : null;
}

export type EmailChangeConfirmation = { ok: true; userId: number; email: string } | { ok: false };

/** Thrown inside the transaction to undo the claim: a refused confirmation changes nothing. */
class Refused extends Error {}

const isUniqueViolation = (e: unknown): boolean => {
  for (let err = e; err && typeof err === 'object'; err = (err as { cause?: unknown }).cause) {
    if ((err as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/**
 * Uses an e-mail change link: in one transaction the token is claimed (of concurrent uses exactly one
 * wins), the address becomes the log-in (lower-case, confirmed), the user's other change links are
 * spent and every other session ends (`keepSessionToken`: the browser that confirms, when it is the
 * owner's). When the address belongs to another account by now, everything is rolled back and the
 * answer is the same as for a dead link.
 */
export async function confirmEmailChangeWith(
  db: Db,
  token: string,
  linkGuestOrders: LinkGuestOrders,
  opts: { keepSessionToken?: string | null } = {},
  now = new Date(),
): Promise<EmailChangeConfirmation> {
  const refused = { ok: false } as const;
  if (!isToken(token)) return refused;
  try {
    return await db.transaction(async (tx) => {
      const claim = await claimToken(tx, token, 'email_change', now);
      if (!claim?.newEmail) throw new Refused();
      const { userId, newEmail } = claim;
      const [taken] = await tx
        .select({ id: s.users.id })
        .from(s.users)
        .where(and(eq(s.users.email, newEmail), ne(s.users.id, userId)));
      if (taken) throw new Refused();
      // The unique index still decides when two accounts confirm the same address at once (caught below).
      const [user] = await tx
        .update(s.users)
        .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)))
        .returning({ id: s.users.id });
      if (!user) throw new Refused();
      await linkGuestOrders(tx, userId, newEmail);
      await tx.update(s.accountTokens).set({ usedAt: now }).where(openEmailChange(userId, now));
      const keep = isToken(opts.keepSessionToken) ? hashToken(opts.keepSessionToken) : null;
      await tx.delete(s.sessions).where(and(eq(s.sessions.userId, userId), keep ? ne(s.sessions.id, keep) : undefined));
      return { ok: true, userId, email: newEmail } as const;
    });
  } catch (e) {
    if (e instanceof Refused || isUniqueViolation(e)) return refused;
    throw e;
  }
}

// ---- password change -------------------------------------------------------------------------

export type PasswordChange =
  | { ok: true; sessionToken: string }
  | { ok: false; reason: 'wrong_password' | 'rate_limited' }
  | { ok: false; reason: 'weak_password'; problem: PasswordProblem };

/**
 * Replaces the password after checking the current one. In one transaction: the new argon2id hash,
 * every session of the user ended and a fresh one started for this browser (its token is returned for
 * the cookie), outstanding reset and e-mail change links spent (they were asked with the old
 * password), and a notice mailed.
 */
export async function changePassword(
  db: Db,
  userId: number,
  fields: { currentPassword: string; password: string },
  opts: { userAgent: string | null; links: AccountLinks },
  now = new Date(),
): Promise<PasswordChange> {
  const check = await checkCurrentPassword(db, userId, fields.currentPassword, now);
  if (!check.ok) return check;
  const problem = passwordProblem(fields.password, { email: check.email, name: check.name });
  if (problem) return { ok: false, reason: 'weak_password', problem };
  const passwordHash = await hashPassword(fields.password);
  const sessionToken = await db.transaction(async (tx) => {
    // Only over the hash just checked: a concurrent change wins, this one is refused.
    const [changed] = await tx
      .update(s.users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(s.users.id, userId), eq(s.users.passwordHash, check.passwordHash)))
      .returning({ id: s.users.id });
    if (!changed) return null;
    await tx.delete(s.sessions).where(eq(s.sessions.userId, userId));
    await tx
      .update(s.accountTokens)
      .set({ usedAt: now })
      .where(and(eq(s.accountTokens.userId, userId), inArray(s.accountTokens.purpose, ['password_reset', 'email_change']), isNull(s.accountTokens.usedAt)));
    await enqueueMail(tx, {
      template: 'password_changed',
      to: check.email,
      data: { name: check.name, forgotUrl: accountLink(opts.links, accountPaths.forgot) },
    });
    return createSession(tx, userId, opts.userAgent, now);
  });
  if (!sessionToken) return { ok: false, reason: 'wrong_password' };
  kickMail();
  return { ok: true, sessionToken };
}

// ---- grower profile --------------------------------------------------------------------------

/**
 * The grower profile as one JSON object (null for an unknown user), favourites in id order: a part of a larger
 * statement too (the account overview's, app/flows/account-overview.server.ts); growerProfileOf reads it.
 */
export function growerProfileJson(userId: number): SQL {
  return sql`(select json_build_object('growingSince', u.growing_since, 'cultivationMethod', u.cultivation_method,
      'floweringPreference', u.flowering_preference, 'favouriteType', u.favourite_type,
      'favouriteIds', (select coalesce(json_agg(f.product_id order by f.product_id), '[]') from favourite_strains f where f.user_id = u.id))
    from users u where u.id = ${userId})`;
}

export const growerProfileOf = (row: GrowerProfile | null): GrowerProfile => row ?? emptyGrowerProfile();

export async function getGrowerProfile(db: Db, userId: number): Promise<GrowerProfile> {
  const [row] = await queryRows<{ profile: GrowerProfile | null }>(db, sql`select ${growerProfileJson(userId)} as profile`);
  return growerProfileOf(row!.profile);
}

export type GrowerProfileSave = { ok: true } | { ok: false; reason: 'too_many' | 'unknown_strain' | 'invalid_year' };

/** Replaces the whole profile (favourites included) in one transaction; unknown strain ids are refused. */
export async function saveGrowerProfile(db: Db, userId: number, profile: GrowerProfile, now = new Date()): Promise<GrowerProfileSave> {
  const ids = [...new Set(profile.favouriteIds)];
  if (ids.length > FAVOURITES_MAX) return { ok: false, reason: 'too_many' };
  const year = Number(shopToday(now).slice(0, 4));
  if (profile.growingSince !== null && !(Number.isInteger(profile.growingSince) && profile.growingSince >= GROWING_SINCE_MIN && profile.growingSince <= year)) {
    return { ok: false, reason: 'invalid_year' };
  }
  return db.transaction(async (tx) => {
    if (ids.length) {
      const known = await tx.select({ id: s.products.id }).from(s.products).where(inArray(s.products.id, ids));
      if (known.length !== ids.length) return { ok: false, reason: 'unknown_strain' } as const;
    }
    await tx
      .update(s.users)
      .set({
        growingSince: profile.growingSince,
        cultivationMethod: profile.cultivationMethod,
        floweringPreference: profile.floweringPreference,
        favouriteType: profile.favouriteType,
        updatedAt: now,
      })
      .where(eq(s.users.id, userId));
    await tx.delete(s.favouriteStrains).where(eq(s.favouriteStrains.userId, userId));
    if (ids.length) await tx.insert(s.favouriteStrains).values(ids.map((productId) => ({ userId, productId })));
    return { ok: true } as const;
  });
}

export function clearGrowerProfile(db: Db, userId: number, now = new Date()): Promise<GrowerProfileSave> {
  return saveGrowerProfile(db, userId, emptyGrowerProfile(), now);
}
