import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import {
  addToCart,
  applyCoupon,
  CartError,
  type CartContext,
  cartContext,
  cartIdFor,
  cartIdFrom,
  getCart,
  mergeGuestCart,
  ownedCart,
  publicCoupons,
  removeCoupon,
  removeLine,
  runCartAction,
  setLineQuantity,
} from './cart.server.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';
import { invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';

type Pack = { id: number; productId: number; seeds: number; price: number };

/** The CartError a promise rejects with (code and amount), or null when it resolves. */
async function refusal(p: Promise<unknown>) {
  try {
    await p;
    return null;
  } catch (e) {
    if (!(e instanceof CartError)) throw e;
    return { code: e.code, amount: e.amount };
  }
}

describeEachDatabase('cart', (database) => {
  let ctx: CartContext;
  // Sold packs in EUR by size, each of a different strain; stock set high so only the tests limit it.
  const packs: Record<1 | 3 | 5 | 10, Pack[]> = { 1: [], 3: [], 5: [], 10: [] };
  let freePack: number;

  beforeAll(async () => {
    const { db } = database();
    ctx = await cartContext(db, new Request('http://shop.test/'));
    for (const seeds of [1, 3, 5, 10] as const) {
      packs[seeds] = await queryRows<Pack>(
        db,
        sql`select k.id, k.product_id as "productId", k.seeds, pp.price_minor as price from product_packs k
            join pack_prices pp on pp.pack_id = k.id and pp.currency = 'EUR'
            where not k.is_free and k.seeds = ${seeds} order by k.id limit 6`,
      );
      await db.update(s.productPacks).set({ stock: 500 }).where(sql`${s.productPacks.id} in ${packs[seeds].map((p) => p.id)}`);
    }
    const [free] = await queryRows<{ id: number }>(db, sql`select id from product_packs where is_free order by id limit 1`);
    freePack = free!.id;
  });

  const setStock = (packId: number, stock: number) => database().db.update(s.productPacks).set({ stock }).where(eq(s.productPacks.id, packId));

  it('prices the cart in the region of the request: EUR, the Netherlands, max 100 seeds', () => {
    expect(ctx).toMatchObject({ currency: 'EUR', maxSeeds: 100, country: { iso: 'NL' } });
    expect(ctx.shipping?.freeFromMinor).toBe(5000);
  });

  it('adds a pack (creating the cart), adds up on a second add, changes and removes lines', async () => {
    const { db } = database();
    const [a, b] = [packs[3][0]!, packs[5][0]!];
    const { cartId } = await addToCart(db, null, a.id, 1, ctx);
    expect(cartId).toMatch(/^[\w-]{24}$/);
    expect(cartIdFrom(new Request('http://x/', { headers: { cookie: `cart=${cartId}` } }))).toBe(cartId);
    expect((await addToCart(db, cartId, a.id, 2, ctx)).cartId).toBe(cartId);
    await addToCart(db, cartId, b.id, 1, ctx);

    let cart = await getCart(db, cartId, ctx);
    expect(cart.lines.map((l) => [l.packId, l.quantity, l.lineTotal])).toEqual([
      [a.id, 3, a.price * 3],
      [b.id, 1, b.price],
    ]);
    expect(cart).toMatchObject({ count: 4, maxSeeds: 100, currency: 'EUR' });
    expect(cart.totals.subtotal).toBe(a.price * 3 + b.price);
    expect(cart.totals.seedCount).toBe(14);

    await setLineQuantity(db, cartId, a.id, 1, ctx);
    await removeLine(db, cartId, b.id);
    cart = await getCart(db, cartId, ctx);
    expect(cart.lines.map((l) => [l.packId, l.quantity])).toEqual([[a.id, 1]]);
    expect(cart.count).toBe(1);
  });

  it('an unknown or missing cart id reads as the empty cart; changing a line needs a cart and the line', async () => {
    const { db } = database();
    expect(await getCart(db, 'x'.repeat(24), ctx)).toMatchObject({ id: null, lines: [], count: 0 });
    expect(await getCart(db, null, ctx)).toMatchObject({ id: null, lines: [] });
    expect(await refusal(setLineQuantity(db, null, packs[1][0]!.id, 2, ctx))).toEqual({ code: 'not_found', amount: undefined });
    const { cartId } = await addToCart(db, null, packs[1][0]!.id, 1, ctx);
    expect(await refusal(setLineQuantity(db, cartId, packs[1][1]!.id, 2, ctx))).toMatchObject({ code: 'not_found' });
    // An add with a stale cart id starts a new cart instead of failing.
    const fresh = await addToCart(db, 'y'.repeat(24), packs[1][0]!.id, 1, ctx);
    expect(fresh.cartId).not.toBe('y'.repeat(24));
  });

  it('refuses more packs than in stock, sold-out packs, free gift packs and unknown packs', async () => {
    const { db } = database();
    const p = packs[1][2]!;
    await setStock(p.id, 2);
    const { cartId } = await addToCart(db, null, p.id, 2, ctx);
    expect(await refusal(addToCart(db, cartId, p.id, 1, ctx))).toEqual({ code: 'stock', amount: 2 });
    expect(await refusal(setLineQuantity(db, cartId, p.id, 3, ctx))).toEqual({ code: 'stock', amount: 2 });
    await setStock(p.id, 0);
    expect(await refusal(addToCart(db, null, p.id, 1, ctx))).toEqual({ code: 'stock', amount: 0 });
    expect(await refusal(addToCart(db, null, freePack, 1, ctx))).toMatchObject({ code: 'add_failed' });
    expect(await refusal(addToCart(db, null, 2_147_483_647, 1, ctx))).toMatchObject({ code: 'add_failed' });
    // The refused line kept its quantity; the cart shows it as more than in stock.
    const cart = await getCart(db, cartId, ctx);
    expect(cart.lines[0]).toMatchObject({ quantity: 2, stock: 0 });
    await setStock(p.id, 500);
  });

  it('refuses more than 100 seeds, counted across packs, for adds and quantity changes', async () => {
    const { db } = database();
    const [ten1, ten2] = [packs[10][0]!, packs[10][1]!];
    const { cartId } = await addToCart(db, null, ten1.id, 5, ctx);
    await addToCart(db, cartId, ten2.id, 5, ctx);
    expect((await getCart(db, cartId, ctx)).totals.seedCount).toBe(100);
    expect(await refusal(addToCart(db, cartId, packs[1][3]!.id, 1, ctx))).toEqual({ code: 'max_seeds', amount: 100 });
    expect(await refusal(setLineQuantity(db, cartId, ten1.id, 6, ctx))).toEqual({ code: 'max_seeds', amount: 100 });
    // Lowering is always allowed, and then there is room again.
    await setLineQuantity(db, cartId, ten1.id, 4, ctx);
    await addToCart(db, cartId, packs[5][1]!.id, 2, ctx);
    expect((await getCart(db, cartId, ctx)).totals.seedCount).toBe(100);
  });

  it('maps refusals to the SPEC texts, the seed limit with its amount', async () => {
    const { db } = database();
    const { cartId } = await addToCart(db, null, packs[10][2]!.id, 10, ctx);
    const full = await runCartAction(db, cartId, { intent: 'add', pack: packs[1][0]!.id, quantity: 1 }, ctx);
    expect(full).toEqual({ cartId, error: cartText.errors.maxSeeds(100), field: 'quantity' });
    expect(full.error).toContain('100');
    expect(await runCartAction(db, cartId, { intent: 'apply-coupon', code: 'BESTAATNIET' }, ctx)).toMatchObject({ error: 'Ongeldige kortingscode.', field: 'code' });
    expect(await runCartAction(db, cartId, { intent: 'add', pack: freePack, quantity: 1 }, ctx)).toMatchObject({ error: 'Product kan niet worden toegevoegd' });
    expect(await runCartAction(db, null, { intent: 'remove-coupon' }, ctx)).toMatchObject({ error: 'Kortingscode kan niet worden verwijderd' });
    expect(await runCartAction(db, cartId, { intent: 'set-quantity', pack: packs[10][2]!.id, quantity: 9 }, ctx)).toEqual({ cartId });
  });

  it('coupons: WELKOM10 gives 10%, codes are case-insensitive, removing it restores the price', async () => {
    const { db } = database();
    const p = packs[5][2]!;
    const { cartId } = await addToCart(db, null, p.id, 2, ctx);
    await applyCoupon(db, cartId, ' welkom10 ', ctx);
    let cart = await getCart(db, cartId, ctx);
    expect(cart.coupon).toMatchObject({ code: 'WELKOM10', problem: null });
    expect(cart.totals.discount).toBe(Math.floor((p.price * 2) / 10));
    expect(cart.totals.total).toBe(cart.totals.subtotal - cart.totals.discount + cart.totals.shipping);
    await removeCoupon(db, cartId);
    cart = await getCart(db, cartId, ctx);
    expect(cart.coupon).toBeNull();
    expect(cart.totals.discount).toBe(0);
  });

  it('coupons: unknown and expired codes are invalid; ZOMER5 needs €40 and then gives €5', async () => {
    const { db } = database();
    const cheap = packs[1][4]!;
    expect(cheap.price).toBeLessThan(4000);
    const { cartId } = await addToCart(db, null, cheap.id, 1, ctx);
    expect(await refusal(applyCoupon(db, cartId, 'NIETBESTAAND', ctx))).toMatchObject({ code: 'coupon_invalid' });
    expect(await refusal(applyCoupon(db, cartId, 'VOORJAAR2025', ctx))).toMatchObject({ code: 'coupon_invalid' });
    expect(await refusal(applyCoupon(db, cartId, '', ctx))).toMatchObject({ code: 'coupon_invalid' });
    expect(await refusal(applyCoupon(db, cartId, 'ZOMER5', ctx))).toMatchObject({ code: 'coupon_not_applicable' });
    expect((await getCart(db, cartId, ctx)).coupon).toBeNull();

    const big = packs[10][3]!;
    await addToCart(db, cartId, big.id, 1, ctx);
    await applyCoupon(db, cartId, 'ZOMER5', ctx);
    let cart = await getCart(db, cartId, ctx);
    expect(cart.totals.subtotal).toBeGreaterThanOrEqual(4000);
    expect(cart.totals.discount).toBe(500);
    // Dropping below the minimum keeps the code on the cart, with the reason it no longer counts.
    await removeLine(db, cartId, big.id);
    cart = await getCart(db, cartId, ctx);
    expect(cart.coupon).toMatchObject({ code: 'ZOMER5', problem: 'min_order' });
    expect(cart.totals.discount).toBe(0);
  });

  it('coupons: GRATISVERZENDING drops shipping from €25; an empty cart cannot take a code', async () => {
    const { db } = database();
    expect(await refusal(applyCoupon(db, null, 'WELKOM10', ctx))).toMatchObject({ code: 'coupon_not_applicable' });
    const p = packs[3][3]!;
    const quantity = Math.ceil(2500 / p.price);
    const { cartId } = await addToCart(db, null, p.id, quantity, ctx);
    const before = await getCart(db, cartId, ctx);
    expect(before.totals.shipping).toBeGreaterThan(0);
    await applyCoupon(db, cartId, 'GRATISVERZENDING', ctx);
    const after = await getCart(db, cartId, ctx);
    expect(after.totals).toMatchObject({ shipping: 0, discount: 0, freeShippingRemaining: 0, total: after.totals.subtotal });
    expect(after.coupon).toMatchObject({ code: 'GRATISVERZENDING', problem: null });
  });

  it('lists the public, valid codes for /kortingscodes in the currency', async () => {
    const { db } = database();
    const eur = await publicCoupons(db, 'EUR');
    expect(eur.map((c) => c.code).sort()).toEqual(['GRATISVERZENDING', 'WELKOM10', 'ZOMER5']);
    expect(eur.find((c) => c.code === 'ZOMER5')).toMatchObject({ kind: 'fixed', amount: 500, minOrder: 4000 });
    const gbp = await publicCoupons(db, 'GBP');
    expect(gbp.find((c) => c.code === 'ZOMER5')).toMatchObject({ amount: 400, minOrder: 3500 });
  });

  it('10 concurrent adds of a 10-seed pack to one cart never pass 100 seeds', async () => {
    const { db } = database();
    const ten = packs[10][4]!;
    // The cart holds 5 seeds already: at most 9 of the 10 adds fit.
    const { cartId } = await addToCart(db, null, packs[5][3]!.id, 1, ctx);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => addToCart(db, cartId, ten.id, 1, ctx)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    for (const e of refused) expect(e).toMatchObject({ code: 'max_seeds', amount: 100 });
    const cart = await getCart(db, cartId, ctx);
    expect(cart.totals.seedCount).toBeLessThanOrEqual(100);
    expect(ok).toBe(9);
    expect(cart.lines.find((l) => l.packId === ten.id)?.quantity).toBe(ok);
    expect(cart.totals.seedCount).toBe(95);
  });

  it('the layout\'s cached cart follows every cart write, a merge at log-in and a price change at once', async () => {
    const { db } = database();
    const [a, b] = [packs[1][3]!, packs[3][3]!];
    const { cartId } = await addToCart(db, null, a.id, 1, ctx);
    const layout = async (id: string) => (await ownedCart(db, { guestId: id }, ctx, { cached: true })).lines.map((l) => [l.packId, l.quantity, l.unitPrice]);
    expect(await layout(cartId)).toEqual([[a.id, 1, a.price]]);
    await runCartAction(db, cartId, { intent: 'add', pack: b.id, quantity: 2 }, ctx);
    expect(await layout(cartId)).toEqual([[a.id, 1, a.price], [b.id, 2, b.price]]);
    await runCartAction(db, cartId, { intent: 'set-quantity', pack: b.id, quantity: 1 }, ctx);
    await runCartAction(db, cartId, { intent: 'remove', pack: a.id }, ctx);
    expect(await layout(cartId)).toEqual([[b.id, 1, b.price]]);
    // A price changed by staff reaches the cached carts with the catalogue.
    await db.update(s.packPrices).set({ priceMinor: b.price + 100 }).where(and(eq(s.packPrices.packId, b.id), eq(s.packPrices.currency, 'EUR')));
    invalidateCatalogue(db);
    expect(await layout(cartId)).toEqual([[b.id, 1, b.price + 100]]);
    await db.update(s.packPrices).set({ priceMinor: b.price }).where(and(eq(s.packPrices.packId, b.id), eq(s.packPrices.currency, 'EUR')));
    invalidateCatalogue(db);
    // At log-in the guest cart becomes the customer's: gone as a guest cart, found by the account.
    const [u] = await db
      .insert(s.users)
      .values({ email: `layout.${Date.now()}@example.com`, name: 'Klant', dateOfBirth: '1990-01-01', passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning({ id: s.users.id });
    const own = async () => (await ownedCart(db, { userId: u!.id }, ctx, { cached: true })).lines.length;
    expect(await own()).toBe(0);
    await mergeGuestCart(db, cartId, u!.id, 100);
    expect(await layout(cartId)).toEqual([]);
    expect(await own()).toBe(1);
    await runCartAction(db, cartId, { intent: 'add', pack: a.id, quantity: 1 }, ctx, u!.id);
    expect(await own()).toBe(2);
  });

  it('the layout\'s cache miss and the page\'s fresh read of one request share one cart query', async () => {
    const { db } = database();
    const { cartId } = await addToCart(db, null, packs[1][3]!.id, 1, ctx);
    const execute = vi.spyOn(db, 'execute');
    const cartQueries = () => execute.mock.calls.filter(([q]) => JSON.stringify((q as unknown as { queryChunks: unknown[] }).queryChunks).includes('from carts c')).length;
    let memo: Promise<unknown> | undefined;
    // As auth.server.ts shares it per request; the cart was just written, so the layout's cache has none.
    const shared = <T,>(read: () => Promise<T>) => (memo ??= read()) as Promise<T>;
    const [layout, page] = await Promise.all([
      ownedCart(db, { guestId: cartId }, ctx, { cached: true, shared }),
      ownedCart(db, { guestId: cartId }, ctx, { shared }),
    ]);
    const queries = cartQueries();
    execute.mockRestore();
    expect(queries).toBe(1);
    expect(layout.lines).toEqual(page.lines);
    expect(page.count).toBe(1);
  });

  describe('a customer\'s cart (ADR 010)', () => {
    let userSeq = 0;
    const newUser = async () => {
      const [u] = await database()
        .db.insert(s.users)
        .values({ email: `klant${++userSeq}.${Date.now()}@example.com`, name: 'Klant', dateOfBirth: '1990-01-01', passwordHash: 'x', emailVerifiedAt: new Date() })
        .returning({ id: s.users.id });
      return u!.id;
    };
    const guestRequest = (cartId: string | null) => new Request('http://shop.test/', cartId ? { headers: { cookie: `cart=${cartId}` } } : {});
    const quantities = async (cartId: string) =>
      Object.fromEntries((await getCart(database().db, cartId, ctx)).lines.map((l) => [l.packId, l.quantity]));

    it('a cart made while logged in is the customer\'s and is found by the account, never by a cookie', async () => {
      const { db } = database();
      const user = await newUser();
      const { cartId } = await addToCart(db, null, packs[1][0]!.id, 2, ctx, user);
      expect(await cartIdFor(db, guestRequest(null), user)).toBe(cartId);
      // Knowing the id is not enough without the session: a cookie opens guest carts only.
      expect(await cartIdFor(db, guestRequest(cartId), null)).toBeNull();
      // A second "new" cart for the same customer is the same cart.
      const again = await addToCart(db, null, packs[1][1]!.id, 1, ctx, user);
      expect(again.cartId).toBe(cartId);
    });

    it('at log-in a guest cart becomes the customer\'s when they have none', async () => {
      const { db } = database();
      const user = await newUser();
      const { cartId: guest } = await addToCart(db, null, packs[3][0]!.id, 1, ctx);
      expect(await cartIdFor(db, guestRequest(guest), null)).toBe(guest);
      expect(await mergeGuestCart(db, guest, user, 100)).toEqual({ trimmed: false });
      expect(await cartIdFor(db, guestRequest(guest), user)).toBe(guest);
      expect(await cartIdFor(db, guestRequest(guest), null)).toBeNull();
    });

    it('at log-in a guest cart joins the customer\'s cart: quantities added up, coupon kept, guest cart gone', async () => {
      const { db } = database();
      const user = await newUser();
      const [a, b] = [packs[1][2]!, packs[3][1]!];
      const { cartId: own } = await addToCart(db, null, a.id, 1, ctx, user);
      const { cartId: guest } = await addToCart(db, null, a.id, 2, ctx);
      await addToCart(db, guest, b.id, 1, ctx);
      await applyCoupon(db, guest, 'welkom10', ctx);
      expect(await mergeGuestCart(db, guest, user, 100)).toEqual({ trimmed: false });
      expect(await quantities(own)).toEqual({ [a.id]: 3, [b.id]: 1 });
      expect((await getCart(db, own, ctx)).coupon?.code).toBe('WELKOM10');
      expect(await db.select().from(s.carts).where(eq(s.carts.id, guest))).toEqual([]);
      // Merging again (a repeated log-in with the old cookie) changes nothing.
      expect(await mergeGuestCart(db, guest, user, 100)).toEqual({ trimmed: false });
      expect(await quantities(own)).toEqual({ [a.id]: 3, [b.id]: 1 });
    });

    it('a merge stays within the seed limit and the stock, and says so', async () => {
      const { db } = database();
      const user = await newUser();
      const [ten, five] = [packs[10][0]!, packs[5][0]!];
      const { cartId: own } = await addToCart(db, null, ten.id, 8, ctx, user); // 80 seeds
      const { cartId: guest } = await addToCart(db, null, five.id, 3, ctx); // 15 seeds: 80 + 15 = 95 fits
      await addToCart(db, guest, ten.id, 2, ctx); // 20 more seeds: not even one pack fits after the fives
      expect(await mergeGuestCart(db, guest, user, 100)).toEqual({ trimmed: true });
      expect(await quantities(own)).toEqual({ [ten.id]: 8, [five.id]: 3 });
      expect((await getCart(db, own, ctx)).totals.seedCount).toBe(95);
    });

    it('another customer\'s cart is never merged, and two log-ins at once with two guest carts lose nothing', async () => {
      const { db } = database();
      const [user, other] = [await newUser(), await newUser()];
      const { cartId: theirs } = await addToCart(db, null, packs[1][3]!.id, 1, ctx, other);
      expect(await mergeGuestCart(db, theirs, user, 100)).toEqual({ trimmed: false });
      expect(await cartIdFor(db, guestRequest(null), user)).toBeNull();
      expect(await quantities(theirs)).toEqual({ [packs[1][3]!.id]: 1 });

      const guests = await Promise.all([1, 2, 3, 4].map(async (i) => (await addToCart(db, null, packs[1][i]!.id, 1, ctx)).cartId));
      await Promise.all(guests.map((g) => mergeGuestCart(db, g, user, 100)));
      const own = await cartIdFor(db, guestRequest(null), user);
      expect(own).not.toBeNull();
      expect(await quantities(own!)).toEqual(Object.fromEntries([1, 2, 3, 4].map((i) => [packs[1][i]!.id, 1])));
      const left = await db.select({ id: s.carts.id }).from(s.carts).where(eq(s.carts.userId, user));
      expect(left).toHaveLength(1);
    });
  });
});
