import { redirect } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { clearCookie, COOKIES, readCookie, setCookie } from '~/lib/cookies.server.ts';
import { perRequest } from '~/lib/request-memo.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { type CartContext, cartContext, cartIdFor, cartIdFrom, type CartView, emptyCart, mergeGuestCart, ownedCart } from '~/modules/cart/cart.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { getShopData } from '~/modules/settings/settings.server.ts';
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
import { type CurrentSession, getSession, rotateSession } from './sessions.server.ts';

// What the account routes call: the session cookie, the guard of the account pages, and the
// rate-limited log-in, sign-up and forgotten-password steps.

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

/**
 * Log-in: a fresh session id (the old one is dropped) and this browser's guest cart merged into the
 * customer's cart (ADR 010). Returns the Set-Cookie values; `cartTrimmed` when not all of it fitted.
 */
export async function startSession(db: Db, request: Request, userId: number): Promise<{ cookies: string[]; cartTrimmed: boolean }> {
  const token = await rotateSession(db, sessionToken(request), userId, request.headers.get('user-agent'));
  const guestCart = cartIdFrom(request);
  const { trimmed } = await mergeGuestCart(db, guestCart, userId, (await getShopData(db)).maxSeedsPerCart);
  const cookies = [setCookie(request, 'session', token)];
  if (guestCart) cookies.push(clearCookie(request, 'cart'));
  return { cookies, cartTrimmed: trimmed };
}

/** The visitor's session, if any, and the cart they work on: their own when logged in, else the guest cart. */
export async function visitorCart(db: Db, request: Request): Promise<{ session: CurrentSession | null; cartId: string | null }> {
  const session = await currentSession(db, request);
  return { session, cartId: await cartIdFor(db, request, session?.user.id ?? null) };
}

/**
 * The visitor's priced cart for a page view (the layout, the cart page and checkout all show it): the
 * session query when logged in and one cart query, once per request however many loaders ask.
 */
export function visitorCartView(db: Db, request: Request, ctx: CartContext, opts: { cached?: boolean } = {}): Promise<{ session: CurrentSession | null; cart: CartView }> {
  return perRequest(request, opts.cached ? 'layout-cart' : 'visitor-cart', async () => {
    const session = await currentSession(db, request);
    const guestId = session ? null : cartIdFrom(request);
    // The layout (cached) and the page (fresh) of one request share the cart's query when the cache has none.
    const shared = <T>(read: () => Promise<T>) => perRequest(request, `cart-row:${ctx.currency}`, read);
    const owner = session ? { userId: session.user.id } : guestId ? { guestId } : null;
    const cart = owner ? await ownedCart(db, owner, ctx, { ...opts, shared }) : emptyCart(ctx);
    return { session, cart };
  });
}

/**
 * What the layout shows of the visitor (header badge, cart drawer, account name): the session and the priced cart,
 * null when they have none. The root loader asks it, and the page cache for a cart visitor's cached page (ADR 031).
 */
export async function layoutVisitor(db: Db, request: Request): Promise<{ session: CurrentSession | null; cart: CartView | null }> {
  // The layout's cart may come from the cart cache (its stock can lag); the cart page and checkout read theirs fresh.
  const { session, cart } = await visitorCartView(db, request, await cartContext(db, request), { cached: true });
  return { session, cart: cart.id ? cart : null };
}

export const endSessionCookie = (request: Request) => clearCookie(request, COOKIES.session.name);

export type LogInAttempt = { ok: true; user: AccountUser } | { ok: false; reason: 'failed' | 'rate_limited' | 'blocked' };

/**
 * Log-in with the rate limits per client and per account (ACCOUNT_RATE_LIMITS): both are counted
 * before the password is checked, so guessing costs attempts whether or not it succeeds.
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
  return user ? { ok: true, user } : { ok: false, reason: 'failed' };
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
