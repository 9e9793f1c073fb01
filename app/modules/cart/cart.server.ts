import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { cached, invalidate, invalidateLocal, onInvalidate, PERSONAL_PREFIX } from '~/lib/cache.server.ts';
import { readCookie } from '~/lib/cookies.server.ts';
import { catalogueKey } from '~/lib/catalogue-cache.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { selectCarrierInfo } from '~/lib/regions.ts';
import { getShopData } from '~/lib/settings.server.ts';
import type { CartAction, CartField } from './cart.schemas.ts';
import { type CartLineInput, type CartTotals, computeCart, type CouponRule, type PromotionRule, seedCount, type ShippingQuote } from './cart.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

export type CartErrorCode = 'add_failed' | 'max_seeds' | 'stock' | 'coupon_invalid' | 'coupon_not_applicable' | 'coupon_remove_failed' | 'not_found';

/** A refusal the customer can act on; `amount` is the maximum for 'max_seeds' and the stock for 'stock'. */
export class CartError extends Error {
  constructor(
    readonly code: CartErrorCode,
    readonly amount?: number,
  ) {
    super(code);
  }
}

/** Where the cart is priced: the visitor's region currency and the shipping quote for their country. */
export type CartContext = {
  regionCode: string;
  currency: string;
  country: { id: number; iso: string; name: string } | null;
  shipping: ShippingQuote;
  maxSeeds: number;
};

export type CartLineView = CartLineInput & { lineTotal: number };

export type CartView = {
  id: string | null;
  currency: string;
  lines: CartLineView[];
  coupon: { code: string; problem: CartTotals['couponProblem']; freeShipping: boolean } | null;
  totals: CartTotals;
  maxSeeds: number;
  /** Packs in the cart, for the header badge. */
  count: number;
  country: CartContext['country'];
};

const newCartId = () => crypto.randomBytes(18).toString('base64url');

/** The cart id from the cookie, when it looks like one of ours (anything else is ignored). */
export function cartIdFrom(request: Request): string | null {
  const id = readCookie(request, 'cart');
  return id && /^[\w-]{24}$/.test(id) ? id : null;
}

export async function cartContext(db: Db, request: Request): Promise<CartContext> {
  const [region, shop] = await Promise.all([regionForRequest(db, request), getShopData(db)]);
  const info = selectCarrierInfo(
    region.countries.map((c) => c.carrier),
    { default_country_id: region.defaultCountryId, locale: region.locale },
    readCookie(request, 'country'),
  );
  const country = region.countries.find((c) => c.id === info.id) ?? null;
  // The cart quotes the cheapest method; the customer picks the method at checkout.
  const cheapest = country?.rates[0];
  return {
    regionCode: region.code,
    currency: region.currency,
    country: country ? { id: country.id, iso: country.iso, name: country.name } : null,
    shipping: cheapest ? { priceMinor: cheapest.priceMinor, freeFromMinor: country!.carrier.free_from } : null,
    maxSeeds: shop.maxSeedsPerCart,
  };
}

type LineRow = { pack_id: number; product_id: number; slug: string; name: string; seeds: number; quantity: number; price: number | null; stock: number; low_stock: number };

const toLine = (r: LineRow): CartLineInput => ({
  packId: r.pack_id,
  productId: r.product_id,
  slug: r.slug,
  name: r.name,
  seeds: r.seeds,
  quantity: r.quantity,
  unitPrice: r.price === null ? null : Number(r.price),
  stock: r.stock,
  lowStock: r.low_stock,
});

/** The cart's lines with live stock and prices in `currency`, oldest first. */
export async function cartLines(db: Db, cartId: string, currency: string): Promise<CartLineInput[]> {
  return (await readCart(db, { id: cartId }, currency))?.lines ?? [];
}

type CartOwner = { id: string } | { guestId: string } | { userId: number };

/**
 * One query for a cart: its id, coupon code and lines with live stock and prices (a page view of a
 * visitor with a cart costs this query, not one per table). Null when there is no such cart. A line of a strain
 * that is a draft (back office) is left out: it is not in the shop, so it is neither shown nor ordered.
 */
type CartRow = { id: string; couponCode: string | null; lines: CartLineInput[] };

async function readCart(db: Db, owner: CartOwner, currency: string): Promise<CartRow | null> {
  const where = 'userId' in owner ? sql`c.user_id = ${owner.userId}` : 'guestId' in owner ? sql`c.id = ${owner.guestId} and c.user_id is null` : sql`c.id = ${owner.id}`;
  const rows = await queryRows<{ cart_id: string; coupon_code: string | null } & ({ pack_id: null } | LineRow)>(
    db,
    sql`select c.id as cart_id, c.coupon_code, l.pack_id, p.id as product_id, p.slug, p.name, k.seeds, l.quantity, pp.price_minor as price, k.stock, k.low_stock_threshold as low_stock
      from carts c
      left join (cart_lines l join product_packs k on k.id = l.pack_id join products p on p.id = k.product_id and p.status = 'published') on l.cart_id = c.id
      left join pack_prices pp on pp.pack_id = k.id and pp.currency = ${currency}
      where ${where}
      order by l.added_at, l.pack_id`,
  );
  const first = rows[0];
  if (!first) return null;
  return { id: first.cart_id, couponCode: first.coupon_code, lines: rows.flatMap((r) => (r.pack_id === null ? [] : [toLine(r)])) };
}

/**
 * The cart as the layout shows it (header badge, drawer, a cart visitor's cached page: ADR 031), kept per cart
 * until it changes: every cart write calls cartChanged after its commit, on every process; prices and low stock
 * drop it with the catalogue. Its stock may lag for packs the shop shows as plentiful; the cart page and the
 * checkout read the cart fresh.
 */
function readCartCached(db: Db, owner: CartOwner, currency: string, read: () => Promise<CartRow | null>) {
  if (!watched.has(db)) {
    watched.add(db);
    // Prices, promotions and low stock change with the catalogue: so do the carts' lines (in each process).
    onInvalidate(db, (prefix) => {
      if (catalogueKey('').startsWith(prefix)) invalidateLocal(db, CARTS);
    });
  }
  const key = 'userId' in owner ? `u${owner.userId}:` : 'guestId' in owner ? `${owner.guestId}:g` : `${owner.id}:i`;
  return cached(db, `${CARTS}${key}:${currency}`, 10 * 60_000, read);
}
const CARTS = `${PERSONAL_PREFIX}cart:`;
const watched = new WeakSet<object>();

/** After a cart write has committed: drops what readCartCached keeps of it (by its id and by its customer). */
export function cartChanged(db: Db, cart: { id: string; userId?: number | null }) {
  invalidate(db, `${CARTS}${cart.id}:`);
  if (cart.userId != null) invalidate(db, `${CARTS}u${cart.userId}:`);
}

async function findCoupon(db: Db, code: string): Promise<CouponRule | null> {
  const [c] = await db.select().from(s.coupons).where(eq(s.coupons.code, normaliseCode(code)));
  return c ?? null;
}

const normaliseCode = (code: string) => code.trim().toUpperCase();

/** The free-pack promotions; cached with the catalogue (their stock changes with it), read fresh inside a checkout's transaction. */
export function activePromotions(db: Db): Promise<PromotionRule[]> {
  return cached(db, catalogueKey('promotions'), 60_000, () => readPromotions(db));
}

export async function readPromotions(db: Db): Promise<PromotionRule[]> {
  const rows = await queryRows<{ id: number; name: string; thresholds: Record<string, number>; quantity: number; valid_from: Date | string | null; valid_until: Date | string | null; pack_id: number; product_id: number; slug: string; product_name: string; seeds: number; stock: number }>(
    db,
    sql`select fp.id, fp.name, fp.thresholds, fp.quantity, fp.valid_from, fp.valid_until, k.id as pack_id, p.id as product_id, p.slug, p.name as product_name, k.seeds, k.stock
        from free_pack_promotions fp join product_packs k on k.id = fp.pack_id join products p on p.id = k.product_id and p.status = 'published'
        where fp.active order by fp.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    thresholds: r.thresholds,
    quantity: r.quantity,
    validFrom: r.valid_from === null ? null : new Date(r.valid_from),
    validUntil: r.valid_until === null ? null : new Date(r.valid_until),
    pack: { packId: r.pack_id, productId: r.product_id, slug: r.slug, name: r.product_name, seeds: r.seeds, stock: r.stock },
  }));
}

export function emptyCart(ctx: CartContext): CartView {
  return {
    id: null,
    currency: ctx.currency,
    lines: [],
    coupon: null,
    totals: computeCart({ lines: [], currency: ctx.currency, coupon: null, promotions: [], shipping: ctx.shipping, now: new Date() }),
    maxSeeds: ctx.maxSeeds,
    count: 0,
    country: ctx.country,
  };
}

/** The priced cart; an unknown id gives the empty cart. */
export async function getCart(db: Db, cartId: string | null, ctx: CartContext, now = new Date()): Promise<CartView> {
  return priceCart(db, cartId ? await readCart(db, { id: cartId }, ctx.currency) : null, ctx, now);
}

/**
 * The cart of a customer (by account) or a guest (by the cookie's id, only when it is nobody's); empty when there is
 * none. `cached`: as the layout shows it (readCartCached). `shared`: one read of the cart for a whole request, so the
 * layout's cache miss and the page's fresh read are one query (auth.server.ts passes it per request).
 */
export async function ownedCart(
  db: Db,
  owner: { userId: number } | { guestId: string },
  ctx: CartContext,
  opts: { cached?: boolean; shared?: (read: () => Promise<CartRow | null>) => Promise<CartRow | null> } = {},
): Promise<CartView> {
  const fresh = () => readCart(db, owner, ctx.currency);
  const read = opts.shared ? () => opts.shared!(fresh) : fresh;
  return priceCart(db, await (opts.cached ? readCartCached(db, owner, ctx.currency, read) : read()), ctx);
}

async function priceCart(db: Db, cart: Awaited<ReturnType<typeof readCart>>, ctx: CartContext, now = new Date()): Promise<CartView> {
  if (!cart) return emptyCart(ctx);
  const { lines, couponCode } = cart;
  const [coupon, promotions] = await Promise.all([couponCode ? findCoupon(db, couponCode) : Promise.resolve(null), activePromotions(db)]);
  const totals = computeCart({ lines, currency: ctx.currency, coupon, promotions, shipping: ctx.shipping, now });
  return {
    id: cart.id,
    currency: ctx.currency,
    lines: lines.map((l) => ({ ...l, lineTotal: (l.unitPrice ?? 0) * l.quantity })),
    coupon: couponCode ? { code: couponCode, problem: coupon ? totals.couponProblem : 'invalid', freeShipping: coupon?.kind === 'free_shipping' && !totals.couponProblem } : null,
    totals,
    maxSeeds: ctx.maxSeeds,
    count: lines.reduce((n, l) => n + l.quantity, 0),
    country: ctx.country,
  };
}

/**
 * Runs `fn` with the cart row locked, so two requests on one cart (double clicks, two tabs)
 * cannot both pass the seed limit. Creates the cart when `cartId` is null or unknown; a cart made
 * for a logged-in customer is theirs (`userId`), and a user has one cart (unique index, ADR 010).
 */
async function withCart<T>(db: Db, cartId: string | null, fn: (tx: Db, id: string, created: boolean) => Promise<T>, userId: number | null = null): Promise<{ cartId: string; result: T }> {
  let owner = userId;
  const done = await db.transaction(async (tx) => {
    let id = cartId;
    if (id) {
      // Locks the row and stamps the change in one statement (a refused change rolls the time back with it).
      const [row] = await tx.update(s.carts).set({ updatedAt: new Date() }).where(eq(s.carts.id, id)).returning({ id: s.carts.id, userId: s.carts.userId });
      if (!row) id = null;
      else owner = row.userId;
    }
    if (!id && userId !== null) {
      // Serialised with mergeGuestCart: both may make this user's one cart.
      await lockUser(tx, userId);
      const [own] = await tx.update(s.carts).set({ updatedAt: new Date() }).where(eq(s.carts.userId, userId)).returning({ id: s.carts.id });
      id = own?.id ?? null;
    }
    const created = !id;
    if (!id) {
      id = newCartId();
      await tx.insert(s.carts).values({ id, userId });
    }
    return { cartId: id, created, result: await fn(tx, id, created) };
  });
  // A new guest cart has a new random id: no process can hold anything of it yet.
  if (!done.created || owner !== null) cartChanged(db, { id: done.cartId, userId: owner });
  return { cartId: done.cartId, result: done.result };
}

const lockUser = (tx: Db, userId: number) => queryRows(tx, sql`select id from users where id = ${userId} for update`);

/**
 * The cart a visitor works on: a logged-in customer's own cart (found by the user, on every device),
 * else the guest cart named by the cookie. A cookie never opens a customer's cart (ADR 010).
 */
export async function cartIdFor(db: Db, request: Request, userId: number | null): Promise<string | null> {
  if (userId !== null) {
    const [own] = await db.select({ id: s.carts.id }).from(s.carts).where(eq(s.carts.userId, userId));
    return own?.id ?? null;
  }
  const id = cartIdFrom(request);
  if (!id) return null;
  const [guest] = await db
    .select({ id: s.carts.id })
    .from(s.carts)
    .where(and(eq(s.carts.id, id), isNull(s.carts.userId)));
  return guest?.id ?? null;
}

/**
 * At log-in: the guest cart of this browser joins the customer's cart (quantities added up, within
 * stock and the seed limit; the customer's coupon wins) and is then deleted. Without a customer cart
 * the guest cart simply becomes theirs. `trimmed`: something did not fit and was left out.
 */
export async function mergeGuestCart(db: Db, guestCartId: string | null, userId: number, maxSeeds: number): Promise<{ trimmed: boolean }> {
  if (!guestCartId) return { trimmed: false };
  const merged = await db.transaction(async (tx) => {
    // One merge per customer at a time (two log-ins at once on two devices).
    await lockUser(tx, userId);
    const [guest] = await tx
      .select()
      .from(s.carts)
      .where(and(eq(s.carts.id, guestCartId), isNull(s.carts.userId)))
      .for('update');
    if (!guest) return { trimmed: false };
    const [own] = await tx.select().from(s.carts).where(eq(s.carts.userId, userId)).for('update');
    if (!own) {
      await tx.update(s.carts).set({ userId, updatedAt: new Date() }).where(eq(s.carts.id, guest.id));
      return { trimmed: false };
    }
    type Line = { pack_id: number; quantity: number; seeds: number; stock: number };
    const linesOf = (cartId: string) =>
      queryRows<Line>(tx, sql`select l.pack_id, l.quantity, k.seeds, k.stock from cart_lines l join product_packs k on k.id = l.pack_id
                             where l.cart_id = ${cartId} and not k.is_free order by l.added_at, l.pack_id`);
    const [mine, theirs] = await Promise.all([linesOf(own.id), linesOf(guest.id)]);
    const quantities = new Map(mine.map((l) => [l.pack_id, l.quantity]));
    let seeds = mine.reduce((n, l) => n + l.seeds * l.quantity, 0);
    let trimmed = false;
    for (const line of theirs) {
      const had = quantities.get(line.pack_id) ?? 0;
      const fits = Math.min(line.quantity, Math.max(0, line.stock - had), Math.floor(Math.max(0, maxSeeds - seeds) / line.seeds));
      if (fits < line.quantity) trimmed = true;
      if (fits === 0) continue;
      quantities.set(line.pack_id, had + fits);
      seeds += line.seeds * fits;
      await tx
        .insert(s.cartLines)
        .values({ cartId: own.id, packId: line.pack_id, quantity: had + fits })
        .onConflictDoUpdate({ target: [s.cartLines.cartId, s.cartLines.packId], set: { quantity: had + fits } });
    }
    await tx
      .update(s.carts)
      .set({ couponCode: own.couponCode ?? guest.couponCode, updatedAt: new Date() })
      .where(eq(s.carts.id, own.id));
    await tx.delete(s.carts).where(eq(s.carts.id, guest.id));
    return { trimmed };
  });
  cartChanged(db, { id: guestCartId, userId });
  return merged;
}

/** Checks a wanted quantity of a pack against the pack, its stock and the seed limit of the cart's `lines`. */
async function checkLine(tx: Db, lines: CartLineInput[], packId: number, quantity: number, ctx: CartContext) {
  const [pack] = await queryRows<{ seeds: number; stock: number; is_free: boolean; price: number | null; status: string }>(
    tx,
    sql`select k.seeds, k.stock, k.is_free, pp.price_minor as price, p.status from product_packs k join products p on p.id = k.product_id
        left join pack_prices pp on pp.pack_id = k.id and pp.currency = ${ctx.currency} where k.id = ${packId}`,
  );
  // Free packs are gifts of a promotion, never bought; a pack without a price here is not sold here.
  // …and a strain that is a draft (back office) is not in the shop at all.
  if (!pack || pack.is_free || pack.price === null || pack.status !== 'published') throw new CartError('add_failed');
  if (quantity > pack.stock) throw new CartError('stock', pack.stock);
  const others = lines.filter((l) => l.packId !== packId);
  if (seedCount(others) + pack.seeds * quantity > ctx.maxSeeds) throw new CartError('max_seeds', ctx.maxSeeds);
}

export async function addToCart(db: Db, cartId: string | null, packId: number, quantity: number, ctx: CartContext, userId: number | null = null) {
  return withCart(db, cartId, async (tx, id, created) => {
    const lines = created ? [] : await cartLines(tx, id, ctx.currency);
    const wanted = (lines.find((l) => l.packId === packId)?.quantity ?? 0) + quantity;
    await checkLine(tx, lines, packId, wanted, ctx);
    await tx
      .insert(s.cartLines)
      .values({ cartId: id, packId, quantity: wanted })
      .onConflictDoUpdate({ target: [s.cartLines.cartId, s.cartLines.packId], set: { quantity: wanted } });
  }, userId);
}

export async function setLineQuantity(db: Db, cartId: string | null, packId: number, quantity: number, ctx: CartContext) {
  if (!cartId) throw new CartError('not_found');
  return withCart(db, cartId, async (tx, id) => {
    await checkLine(tx, await cartLines(tx, id, ctx.currency), packId, quantity, ctx);
    const updated = await tx
      .update(s.cartLines)
      .set({ quantity })
      .where(and(eq(s.cartLines.cartId, id), eq(s.cartLines.packId, packId)))
      .returning({ packId: s.cartLines.packId });
    if (updated.length === 0) throw new CartError('not_found');
  });
}

export async function removeLine(db: Db, cartId: string | null, packId: number, userId: number | null = null) {
  if (!cartId) return;
  await db.delete(s.cartLines).where(and(eq(s.cartLines.cartId, cartId), eq(s.cartLines.packId, packId)));
  cartChanged(db, { id: cartId, userId });
}

/** Saves the code on the cart when it exists and applies to the cart as it is now. */
export async function applyCoupon(db: Db, cartId: string | null, code: string, ctx: CartContext, now = new Date(), userId: number | null = null) {
  const coupon = code.trim() ? await findCoupon(db, code) : null;
  if (!coupon) throw new CartError('coupon_invalid');
  return withCart(db, cartId, async (tx, id) => {
    const lines = await cartLines(tx, id, ctx.currency);
    const totals = computeCart({ lines, currency: ctx.currency, coupon, promotions: [], shipping: ctx.shipping, now });
    if (lines.length === 0) throw new CartError('coupon_not_applicable');
    if (totals.couponProblem === 'invalid') throw new CartError('coupon_invalid');
    if (totals.couponProblem) throw new CartError('coupon_not_applicable');
    await tx.update(s.carts).set({ couponCode: coupon.code }).where(eq(s.carts.id, id));
  }, userId);
}

export async function removeCoupon(db: Db, cartId: string | null) {
  if (!cartId) throw new CartError('coupon_remove_failed');
  const updated = await db.update(s.carts).set({ couponCode: null }).where(eq(s.carts.id, cartId)).returning({ id: s.carts.id, userId: s.carts.userId });
  if (updated.length === 0) throw new CartError('coupon_remove_failed');
  cartChanged(db, updated[0]!);
}

/** Empties the cart after an order was placed from it (inside the order's transaction; the caller calls cartChanged after it). */
export async function clearCart(tx: Db, cartId: string) {
  // One statement: the lines go and the cart forgets its coupon.
  await tx.execute(sql`with gone as (delete from cart_lines where cart_id = ${cartId}) update carts set coupon_code = null, updated_at = now() where id = ${cartId}`);
}

/** Public codes for /kortingscodes that are valid now. */
export async function publicCoupons(db: Db, currency: string, now = new Date()) {
  const rows = await db.select().from(s.coupons).where(and(eq(s.coupons.isPublic, true), eq(s.coupons.active, true)));
  return rows
    .filter((c) => (!c.validFrom || c.validFrom <= now) && (!c.validUntil || c.validUntil >= now) && (c.usageLimit === null || c.usedCount < c.usageLimit))
    .filter((c) => c.kind !== 'fixed' || c.amounts[currency] !== undefined)
    .map((c) => ({
      code: c.code,
      kind: c.kind,
      percent: c.percent,
      amount: c.amounts[currency] ?? null,
      minOrder: c.minOrder[currency] ?? null,
      validUntil: c.validUntil?.toISOString() ?? null,
      description: c.description,
      combinesWithPromotions: c.combinesWithPromotions,
    }));
}

/** What the cart action answers an enhanced (fetcher) form: the outcome and the fresh cart. */
export type CartActionData = { ok: boolean; intent: string; pack: number | null; error: string | null; field: CartField | null; cart: CartView };

/** Runs one cart intent and turns a refusal into the Dutch message the form shows. */
export async function runCartAction(
  db: Db,
  cartId: string | null,
  action: CartAction,
  ctx: CartContext,
  userId: number | null = null,
): Promise<{ cartId: string | null; error?: string; field?: CartField }> {
  try {
    switch (action.intent) {
      case 'add':
        return { cartId: (await addToCart(db, cartId, action.pack, action.quantity, ctx, userId)).cartId };
      case 'set-quantity':
        return { cartId: (await setLineQuantity(db, cartId, action.pack, action.quantity, ctx)).cartId };
      case 'remove':
        await removeLine(db, cartId, action.pack, userId);
        return { cartId };
      case 'apply-coupon':
        return { cartId: (await applyCoupon(db, cartId, action.code, ctx, new Date(), userId)).cartId };
      case 'remove-coupon':
        await removeCoupon(db, cartId);
        return { cartId };
    }
  } catch (e) {
    if (!(e instanceof CartError)) throw e;
    return { cartId, ...cartErrorMessage(e, action.intent) };
  }
}

/** The Dutch text (SPEC §8) for a refusal, and the control it belongs to. */
function cartErrorMessage(e: CartError, intent: CartAction['intent']): { error: string; field: CartField } {
  const t = cartText.errors;
  switch (e.code) {
    case 'max_seeds':
      return { error: t.maxSeeds(e.amount ?? 0), field: 'quantity' };
    case 'stock':
      // Adding says it failed first (SPEC text); changing a quantity only needs the stock.
      return { error: intent === 'add' ? `${t.addFailed}. ${t.stock(e.amount ?? 0)}` : t.stock(e.amount ?? 0), field: 'quantity' };
    case 'coupon_invalid':
      return { error: t.couponInvalid, field: 'code' };
    case 'coupon_not_applicable':
      return { error: t.couponApply, field: 'code' };
    case 'coupon_remove_failed':
      return { error: t.couponRemove, field: 'code' };
    default:
      return { error: intent === 'add' ? t.addFailed : t.loadFailed, field: intent === 'add' ? 'pack' : 'quantity' };
  }
}
