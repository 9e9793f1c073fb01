// The visitor's session with their cart: log-in merges this browser's guest cart into the customer's
// (accounts module: the session; cart module: the cart), and every page asks for the visitor's priced cart.
import type { Db } from '~/db/client.server.ts';
import { clearCookie, setCookie } from '~/lib/cookies.server.ts';
import { perRequest } from '~/lib/request-memo.server.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { currentSession, sessionToken } from '~/modules/accounts/auth.server.ts';
import { type CurrentSession, rotateSession } from '~/modules/accounts/sessions.server.ts';
import { type CartContext, cartContext, cartIdFor, cartIdFrom, type CartView, emptyCart, mergeGuestCart, ownedCart } from '~/modules/cart/cart.server.ts';

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
