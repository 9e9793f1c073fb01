// Single-use account tokens (ADR 008): e-mail confirmation, password reset and e-mail change links.
// Only a token's SHA-256 is stored; session ids use the same token format and hashing.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import type { AccountTokenPurpose } from '~/db/schema/accounts.ts';
import { TOKEN_PATTERN } from './account-fields.ts';

/** SHA-256 hex: how session ids and mailed tokens are stored (a copied table replays nothing). */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** 32 random bytes (256 bits), base64url: 43 characters. */
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export const isToken = (token: unknown): token is string => typeof token === 'string' && TOKEN_PATTERN.test(token);

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

/** The row of this token for this purpose, while it is unused and not expired. */
export const liveToken = (token: string, purpose: AccountTokenPurpose, now: Date) =>
  and(eq(s.accountTokens.tokenHash, hashToken(token)), eq(s.accountTokens.purpose, purpose), isNull(s.accountTokens.usedAt), gt(s.accountTokens.expiresAt, now));

/**
 * Marks a token used and returns its user (and, for an e-mail change, the new address), or null when
 * it is unknown, used or expired. One conditional update: of several concurrent uses exactly one
 * gets the row (PostgreSQL re-checks the WHERE after the first commits).
 */
export async function claimToken(tx: Db, token: string, purpose: AccountTokenPurpose, now: Date): Promise<{ userId: number; newEmail: string | null } | null> {
  const [row] = await tx
    .update(s.accountTokens)
    .set({ usedAt: now })
    .where(liveToken(token, purpose, now))
    .returning({ userId: s.accountTokens.userId, newEmail: s.accountTokens.newEmail });
  return row ?? null;
}


// Customer and staff sessions end by the same two clocks and write last_seen_at at most once per interval.

/** Whether a session is over: past its absolute end, or unused for `idleMs`. */
export const sessionExpired = (session: { expiresAt: Date; lastSeenAt: Date }, idleMs: number, now: Date) =>
  now >= session.expiresAt || now.getTime() >= session.lastSeenAt.getTime() + idleMs;

/** When last_seen_at is due for a write: the moment it must still be before (the write is conditional on it); else null. */
export const touchCutoff = (lastSeenAt: Date, touchMs: number, now: Date): Date | null =>
  now.getTime() - lastSeenAt.getTime() >= touchMs ? new Date(now.getTime() - touchMs) : null;
