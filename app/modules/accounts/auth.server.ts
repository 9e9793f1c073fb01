import { redirect } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { clearCookie, COOKIES, readCookie } from '~/lib/cookies.server.ts';
import { perRequest } from '~/lib/request-memo.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { clearRateLimit, forgiveRateLimit, hitRateLimit } from '~/lib/rate-limit.server.ts';
import {
  ACCOUNT_RATE_LIMITS,
  type AccountLinks,
  type AccountUser,
  logIn,
  loginRateKeys,
  passwordResetRateKeys,
  requestPasswordReset,
  type SignUpFields,
  signUp,
  signUpRateKey,
} from './accounts.server.ts';
import { type CurrentSession, getSession } from './sessions.server.ts';

// What the account routes call: the session cookie, the guard of the account pages, and the
// rate-limited log-in, sign-up and forgotten-password steps. The session with the cart (log-in merging the
// guest cart, the visitor's cart) is in app/flows/visitor-cart.server.ts.

export function sessionToken(request: Request): string | null {
  return readCookie(request, 'session') ?? null;
}

/** The logged-in user and session, or null (no cookie, or a session that ended). */
export function currentSession(db: Db, request: Request): Promise<CurrentSession | null> {
  const token = sessionToken(request);
  return token ? perRequest(request, 'session', () => getSession(db, token)) : Promise.resolve(null);
}

/** For account pages: a guest goes to /inloggen and comes back here after logging in. */
export async function requireSession(db: Db, request: Request): Promise<CurrentSession> {
  const current = await currentSession(db, request);
  if (current) return current;
  const url = new URL(request.url);
  throw redirect(`/inloggen?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`, {
    headers: sessionToken(request) ? { 'Set-Cookie': clearCookie(request, COOKIES.session.name) } : undefined,
  });
}

export const endSessionCookie = (request: Request) => clearCookie(request, COOKIES.session.name);

export type LogInAttempt = { ok: true; user: AccountUser } | { ok: false; reason: 'failed' | 'rate_limited' | 'blocked' };

/**
 * Log-in with the rate limits per client and per account (ACCOUNT_RATE_LIMITS): both are counted before the
 * password is checked (parallel guesses cannot slip through) a success gives its hit back and clears the account's failures, so only failures count.
 */
export async function attemptLogIn(db: Db, request: Request, email: string, password: string): Promise<LogInAttempt> {
  const keys = loginRateKeys(clientKey(request.headers), email);
  const [perClient, perAccount] = await Promise.all([
    hitRateLimit(db, keys.ip, ACCOUNT_RATE_LIMITS.loginIp.limit, ACCOUNT_RATE_LIMITS.loginIp.windowMs),
    hitRateLimit(db, keys.account, ACCOUNT_RATE_LIMITS.loginAccount.limit, ACCOUNT_RATE_LIMITS.loginAccount.windowMs),
  ]);
  if (!perClient.allowed || !perAccount.allowed) return { ok: false, reason: 'rate_limited' };
  const user = await logIn(db, email, password);
  if (user === 'blocked') return { ok: false, reason: 'blocked' };
  if (!user) return { ok: false, reason: 'failed' };
  await Promise.all([forgiveRateLimit(db, keys.ip), clearRateLimit(db, keys.account)]);
  return { ok: true, user };
}

/** Forgotten password, rate-limited per client and per address; the answer never says whether the address is known. */
export async function attemptPasswordReset(db: Db, request: Request, email: string, links: AccountLinks): Promise<'sent' | 'rate_limited'> {
  const keys = passwordResetRateKeys(clientKey(request.headers), email);
  const [perClient, perAccount] = await Promise.all([
    hitRateLimit(db, keys.ip, ACCOUNT_RATE_LIMITS.resetIp.limit, ACCOUNT_RATE_LIMITS.resetIp.windowMs),
    hitRateLimit(db, keys.account, ACCOUNT_RATE_LIMITS.resetAccount.limit, ACCOUNT_RATE_LIMITS.resetAccount.windowMs),
  ]);
  if (!perClient.allowed || !perAccount.allowed) return 'rate_limited';
  await requestPasswordReset(db, email, links);
  return 'sent';
}

/** Sign-up, rate-limited per client. */
export async function attemptSignUp(db: Db, request: Request, fields: SignUpFields, links: AccountLinks): Promise<'check_email' | 'rate_limited'> {
  const limit = await hitRateLimit(db, signUpRateKey(clientKey(request.headers)), ACCOUNT_RATE_LIMITS.signUpIp.limit, ACCOUNT_RATE_LIMITS.signUpIp.windowMs);
  if (!limit.allowed) return 'rate_limited';
  await signUp(db, fields, links);
  return 'check_email';
}

/** Where links in account mails point: PUBLIC_URL when set, otherwise this request's origin. */
export function accountLinksFor(context: { publicUrl?: string }, request: Request): AccountLinks {
  return { origin: (context.publicUrl ?? new URL(request.url).origin).replace(/\/$/, '') };
}
