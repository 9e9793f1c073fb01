// Log-in sessions (ADR 008): a random cookie token, stored as its SHA-256, with an idle and an
// absolute end; rotated at log-in, listed and revocable by their owner.
import { and, eq, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { account } from '~/i18n/nl/account.ts';
import { hashToken, isToken, newToken, sessionExpired, touchCutoff } from '~/lib/account-tokens.server.ts';
import { type AccountUser, userColumns } from './accounts.server.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A session unused this long is over. */
export const SESSION_IDLE_MS = 14 * DAY;
/** A session is over this long after log-in, however busy. */
export const SESSION_ABSOLUTE_MS = 90 * DAY;
/** last_seen_at is written at most this often, so a page view is not always a write. */
const SESSION_TOUCH_MS = MINUTE;

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
 * absolute end, or its account is deleted or blocked (an ended session is removed on the spot).
 */
export async function getSession(db: Db, token: string | null | undefined, now = new Date()): Promise<CurrentSession | null> {
  if (!isToken(token)) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ session: s.sessions, user: userColumns, deletedAt: s.users.deletedAt, blockedAt: s.users.blockedAt })
    .from(s.sessions)
    .innerJoin(s.users, eq(s.users.id, s.sessions.userId))
    .where(eq(s.sessions.id, id));
  if (!row) return null;
  const session = row.session;
  // Blocking deletes the sessions too; this covers one that was being created at that moment.
  if (row.deletedAt || row.blockedAt || sessionExpired(session, SESSION_IDLE_MS, now)) {
    await db.delete(s.sessions).where(eq(s.sessions.id, id));
    return null;
  }
  const cutoff = touchCutoff(session.lastSeenAt, SESSION_TOUCH_MS, now);
  if (cutoff) {
    // Conditional, so parallel requests write once and last_seen_at never moves backwards.
    await db.update(s.sessions).set({ lastSeenAt: now }).where(and(eq(s.sessions.id, id), lte(s.sessions.lastSeenAt, cutoff)));
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

/** A row of sessionListJson (timestamps as JSON text). */
export type SessionListRow = { id: string; createdAt: string; lastSeenAt: string; expiresAt: string; userAgent: string | null };

/**
 * The user's live sessions, most recently used first, as one JSON array: a part of a larger statement (the account
 * overview reads it together with the rest of its page, app/flows/account-overview.server.ts) or on its own.
 */
export function sessionListJson(userId: number, now: Date): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', x.id, 'createdAt', x.created_at, 'lastSeenAt', x.last_seen_at,
      'expiresAt', x.expires_at, 'userAgent', x.user_agent) order by x.last_seen_at desc), '[]')
    from sessions x where x.user_id = ${userId} and x.expires_at > ${now} and x.last_seen_at > ${new Date(now.getTime() - SESSION_IDLE_MS)})`;
}

/** sessionListJson's rows as SessionInfo; `current` marks the one of `currentToken`. */
export function sessionListOf(rows: SessionListRow[], currentToken: string | null | undefined): (SessionInfo & { current: boolean })[] {
  const current = isToken(currentToken) ? hashToken(currentToken) : null;
  return rows.map((r) => ({
    ...sessionInfo({ ...r, userId: 0, createdAt: new Date(r.createdAt), lastSeenAt: new Date(r.lastSeenAt), expiresAt: new Date(r.expiresAt) }),
    current: r.id === current,
  }));
}

/** The user's live sessions, most recently used first; `current` marks the one of `currentToken`. */
export async function listSessions(
  db: Db,
  userId: number,
  opts: { now?: Date; currentToken?: string | null } = {},
): Promise<(SessionInfo & { current: boolean })[]> {
  const [row] = await queryRows<{ sessions: SessionListRow[] }>(db, sql`select ${sessionListJson(userId, opts.now ?? new Date())} as sessions`);
  return sessionListOf(row!.sessions, opts.currentToken);
}

/** Deletes ended sessions and expired tokens; run now and then so the tables stay small. */
export async function pruneAccounts(db: Db, now = new Date()): Promise<{ sessions: number; tokens: number }> {
  const sessions = await db
    .delete(s.sessions)
    .where(or(lte(s.sessions.expiresAt, now), lte(s.sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
    .returning({ id: s.sessions.id });
  const tokens = await db.delete(s.accountTokens).where(lte(s.accountTokens.expiresAt, now)).returning({ hash: s.accountTokens.tokenHash });
  return { sessions: sessions.length, tokens: tokens.length };
}

/** A readable name for a browser's user agent ("Chrome op Windows"). */
export function deviceName(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return browser && os ? account.overview.device(browser, os) : (browser ?? os);
}
