// Placing an order from the cart, in one transaction under the cart's row lock: validate the form, price it from
// the database, reserve the stock, write the order (lines, coupon, shipment, payment, attribution, mail) and
// empty the cart; then start the online payment. The idempotency key makes a double submit or a retry return
// the order already made.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { attributeOrder } from '~/modules/affiliates/affiliates.server.ts';
import { readPromotions, type CartContext, cartChanged, cartLines, clearCart } from '~/modules/cart/cart.server.ts';
import { computeCart, seedCount } from '~/modules/cart/cart.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { stockCap } from '~/modules/catalog/catalog.ts';
import { addressSnapshot, CheckoutError, type PlacedOrder } from '~/modules/checkout/checkout.server.ts';
import type { CheckoutInput } from '~/modules/checkout/checkout.schemas.ts';
import { kickMail } from '~/lib/mail-outbox.server.ts';
import { orderOwner, orderStatusPath, takeStock } from '~/modules/orders/orders.server.ts';
import { orderNumber } from '~/modules/orders/orders.ts';
import { CreditError, lockCreditBalance, spendCredit } from '~/modules/credit/credit.server.ts';
import { creditToUse } from '~/modules/credit/credit.ts';
import { LoyaltyError, lockPoints, readLoyaltySettings, spendPoints } from '~/modules/loyalty/loyalty.server.ts';
import { pointsToUse } from '~/modules/loyalty/loyalty.ts';
import { payLocked } from './confirm-payment.server.ts';
import { onlineProvider, type PaymentDeps, recordManualPayment } from '~/modules/payments/payments.server.ts';
import { paymentDeadline } from '~/modules/payments/payments.ts';
import type { Region } from '~/lib/regions.ts';
import type { AddressInput } from '~/lib/addresses.schemas.ts';
import { queueOrderMail } from './order-mail.server.ts';
import { startOnlinePayment } from './start-payment.server.ts';

// The form's country was validated against the region (validateCheckout).
const countryOf = (region: Region, a: AddressInput) => region.countries.find((c) => c.iso.toLowerCase() === a.country.toLowerCase())!;

/**
 * The total the page showed: today's figures with the shipping the page priced (`quotedFor`). A price,
 * promotion or coupon that changed since still differs from what the shopper saw; a method or country the
 * shopper picked without JavaScript (the page could not re-price it) does not.
 */
function quotedTotal(region: Region, quotedFor: string | undefined, compute: (shipping: { priceMinor: number; freeFromMinor: number }) => number): number | null {
  if (!quotedFor) return null;
  const [iso, carrier] = quotedFor.split(':');
  const country = region.countries.find((c) => c.iso.toLowerCase() === iso!.toLowerCase());
  const rate = country?.rates.find((r) => r.carrier === carrier);
  return country && rate ? compute({ priceMinor: rate.priceMinor, freeFromMinor: country.carrier.free_from }) : null;
}

type Rate = Region['countries'][number]['rates'][number];
type Country = Region['countries'][number];
type Lines = Awaited<ReturnType<typeof cartLines>>;
type Coupon = typeof s.coupons.$inferSelect;
type Totals = ReturnType<typeof computeCart>;

// ---- the steps, each named, each with one job ----------------------------------------------------

/** Before any lock: the form fits the visitor's region, country, shipping and payment choice. */
function validateCheckout(form: CheckoutInput, ctx: CartContext, region: Region, deps: PaymentDeps): { country: Country; rate: Rate } {
  // "online" is offered only when a provider is configured; a crafted post cannot bring it back.
  if (form.paymentMethod === 'online' && !onlineProvider(deps)) throw new CheckoutError('payment_method', 'paymentMethod');
  // The form says what the customer saw; a different region or currency means a stale or forged form.
  if (form.currency !== ctx.currency || form.region !== ctx.regionCode) throw new CheckoutError('tampered');
  const country = region.countries.find((c) => c.iso.toLowerCase() === form.shipping.country.toLowerCase());
  // SPEC §5: the address must be allowed in the selected region.
  if (!country) throw new CheckoutError('country_not_allowed', 'shipping.country');
  if (!region.countries.some((c) => c.iso.toLowerCase() === form.billing.country.toLowerCase())) throw new CheckoutError('country_not_allowed', 'billing.country');
  if (country.requiresState && !form.shipping.state) throw new CheckoutError('state_required', 'shipping.state');
  const rate = country.rates.find((r) => r.carrier === form.shippingMethod);
  if (!rate) throw new CheckoutError('shipping_method', 'shippingMethod');
  return { country, rate };
}

/**
 * Under the cart's lock: every figure from the database (lines, coupon, promotions, shipping), the
 * coupon's per-customer limit, and the total the page showed. The coupon row is locked so its usage counter
 * and per-customer count are read and written by one buyer at a time.
 */
async function priceOrder(
  tx: Db,
  input: { cart: typeof s.carts.$inferSelect; form: CheckoutInput; ctx: CartContext; region: Region; country: Country; rate: Rate; now: Date },
): Promise<{ lines: Lines; coupon: Coupon | null; totals: Totals }> {
  const { cart, form, ctx, region, country, rate, now } = input;
  const lines = await cartLines(tx, cart.id, ctx.currency);
  if (lines.length === 0) throw new CheckoutError('empty_cart');
  if (lines.some((l) => l.unitPrice === null)) throw new CheckoutError('tampered');
  if (seedCount(lines) > ctx.maxSeeds) throw new CheckoutError('max_seeds', undefined, String(ctx.maxSeeds));
  const [coupon] = cart.couponCode ? await tx.select().from(s.coupons).where(eq(s.coupons.code, cart.couponCode)).for('update') : [];
  if (cart.couponCode && !coupon) throw new CheckoutError('coupon', 'coupon');
  const promotions = await readPromotions(tx);
  const totalsWith = (shipping: { priceMinor: number; freeFromMinor: number }) => computeCart({ lines, currency: ctx.currency, coupon: coupon ?? null, promotions, shipping, now });
  const totals = totalsWith({ priceMinor: rate.priceMinor, freeFromMinor: country.carrier.free_from });
  if (totals.couponProblem) throw new CheckoutError('coupon', 'coupon');
  if (coupon?.perCustomerLimit != null) {
    const [used] = await queryRows<{ n: number }>(
      tx,
      sql`
      select count(*)::int as n from coupon_redemptions r join orders o on o.id = r.order_id
      where r.coupon_code = ${coupon.code} and r.email = ${form.email.toLowerCase()} and o.status <> 'cancelled'`,
    );
    if ((used?.n ?? 0) >= coupon.perCustomerLimit) throw new CheckoutError('coupon', 'coupon');
  }
  const shown = quotedTotal(region, form.quotedFor, (shipping) => totalsWith(shipping).total) ?? totals.total;
  if (shown !== form.expectedTotal) throw new CheckoutError('price_changed');
  return { lines, coupon: coupon ?? null, totals };
}

/**
 * Takes the stock; a free gift that ran out is left out rather than failing the order. `lowStock`: a pack
 * is now below the cap the shop shows its stock under (stockCap), so the pages showing it must change.
 */
async function reserveStock(tx: Db, lines: Lines, totals: Totals) {
  const taken = await takeStock(tx, lines);
  if (taken.short.length > 0)
    throw new CheckoutError(
      'out_of_stock',
      undefined,
      lines
        .filter((l) => taken.short.includes(l.packId))
        .map((l) => l.name)
        .join(', '),
    );
  const gifts = [];
  const left = [...taken.left];
  for (const f of totals.freeLines) {
    const gift = await takeStock(tx, [f]);
    if (gift.short.length === 0) gifts.push(f);
    left.push(...gift.left);
  }
  return { gifts, lowStock: left.some((k) => k.stock < stockCap(k.lowStock)) };
}

/**
 * Store credit (ADR 073), after the coupon: the logged-in buyer's balance in the order's currency pays what is
 * left, shipping included, up to the balance. The balance row is locked here and held to the commit, so a
 * second checkout or a staff debit at once waits and then sees what this one left. The page showed the balance:
 * when it is another one now, the order is refused as a changed price, never placed for a different amount.
 */
async function takeCredit(tx: Db, input: { cart: typeof s.carts.$inferSelect; form: CheckoutInput; ctx: CartContext; totals: Totals; pointsMinor: number }): Promise<number> {
  const { cart, form, ctx, totals } = input;
  if (!form.useCredit) return 0;
  // Only a logged-in customer has credit: a guest's form cannot ask for any.
  if (cart.userId === null) throw new CheckoutError('tampered');
  // Read under the balance's row lock: spendCredit below books in this same transaction.
  const balance = await lockCreditBalance(tx, cart.userId, ctx.currency);
  // Refused on the checkbox's field: the message stands next to "Tegoed gebruiken", also without JavaScript.
  if (balance !== form.creditBalanceMinor) throw new CheckoutError('price_changed', 'useCredit', 'credit');
  return creditToUse(balance, totals.total - input.pointsMinor);
}

/**
 * Kiempunten (ADR 075), after the coupon and before store credit: the logged-in buyer's points pay what is left,
 * shipping included, up to their value. Locked here and held to the commit, like takeCredit; a balance other than
 * the one the page showed refuses the order (409), never places it for another amount.
 */
async function takePoints(tx: Db, input: { cart: typeof s.carts.$inferSelect; form: CheckoutInput; ctx: CartContext; totals: Totals }): Promise<{ points: number; minor: number }> {
  const { cart, form, ctx, totals } = input;
  if (!form.usePoints) return { points: 0, minor: 0 };
  if (cart.userId === null) throw new CheckoutError('tampered');
  const balance = await lockPoints(tx, cart.userId);
  if (balance !== form.pointsBalance) throw new CheckoutError('price_changed', undefined, 'points');
  return pointsToUse(balance, totals.total, ctx.currency, await readLoyaltySettings(tx));
}

/** Books the points the order used, under the lock takePoints took. */
async function debitPoints(tx: Db, orderId: number, userId: number, points: number, now: Date) {
  try {
    await spendPoints(tx, { userId, points, orderId, now });
  } catch (e) {
    if (e instanceof LoyaltyError && e.code === 'insufficient') throw new CheckoutError('price_changed', undefined, 'points');
    throw e;
  }
}

/** Books the credit the order used, under the lock takeCredit took; a balance too small is a changed price. */
async function debitCredit(tx: Db, order: { id: number; userId: number | null; currency: string }, userId: number, amountMinor: number, now: Date) {
  try {
    await spendCredit(tx, { userId, currency: order.currency, amountMinor, orderId: order.id, now });
  } catch (e) {
    if (e instanceof CreditError && e.code === 'insufficient') throw new CheckoutError('price_changed', 'useCredit', 'credit');
    throw e;
  }
}

/** Writes the order, its lines, shipment, payment, attribution and mail, and empties the cart. */
async function writeOrder(
  tx: Db,
  input: { cart: typeof s.carts.$inferSelect; form: CheckoutInput; ctx: CartContext; region: Region; country: Country; rate: Rate; lines: Lines; gifts: Totals['freeLines']; coupon: Coupon | null; totals: Totals; creditMinor: number; points: { points: number; minor: number }; referral: string | null; deps: PaymentDeps; now: Date },
) {
  const { cart, form, ctx, region, country, rate, lines, gifts, coupon, totals, creditMinor, points, deps, now } = input;
  const userId = await orderOwner(tx, cart.userId, form.email);
  const insertOrder = (number: string) =>
    tx
      .insert(s.orders)
      .values({
      number,
      idempotencyKey: form.idempotencyKey,
      email: form.email.toLowerCase(),
      userId,
      regionCode: ctx.regionCode,
      currency: ctx.currency,
      paymentMethod: form.paymentMethod,
      subtotalMinor: totals.subtotal,
      discountMinor: totals.discount,
      shippingMinor: totals.shipping,
      // What is paid in money; the credit and points parts are columns of their own (ADR 073, 075).
      totalMinor: totals.total - points.minor - creditMinor,
      creditMinor,
      pointsUsed: points.points,
      pointsMinor: points.minor,
      couponCode: coupon?.code ?? null,
      carrier: rate.carrier,
      deliveryMinDays: rate.minDays + country.carrier.delay,
      deliveryMaxDays: rate.maxDays + country.carrier.delay,
      shippingAddress: addressSnapshot(form.shipping, countryOf(region, form.shipping)),
      billingAddress: addressSnapshot(form.billing, countryOf(region, form.billing)),
      expiresAt: paymentDeadline(form.paymentMethod, now),
      createdAt: now,
    })
      .onConflictDoNothing({ target: s.orders.number })
      .returning();
  // A random number that is taken already (one of 31^8) gets no row back: the next one is tried.
  let order: typeof s.orders.$inferSelect | undefined;
  for (let i = 0; i < 5 && !order; i++) [order] = await insertOrder(orderNumber((n) => crypto.randomBytes(n)));
  if (!order) throw new Error('no free order number after 5 tries');
  // Paid lines first, then the gifts: the order the order mail lists them in.
  const written = await tx
    .insert(s.orderLines)
    .values([
      ...lines.map((l) => ({ orderId: order.id, packId: l.packId, productSlug: l.slug, productName: l.name, seeds: l.seeds, quantity: l.quantity, unitPriceMinor: l.unitPrice! })),
      ...gifts.map((g) => ({ orderId: order.id, packId: g.packId, productSlug: g.slug, productName: g.name, seeds: g.seeds, quantity: g.quantity, unitPriceMinor: 0, isFree: true })),
    ])
    .returning();
  if (coupon) await redeemCoupon(tx, coupon, order);
  await tx.insert(s.shipments).values({ orderId: order.id, carrier: rate.carrier, createdAt: now });
  await attributeOrder(tx, order, input.referral, cart.userId, now);
  if (points.points > 0) await debitPoints(tx, order.id, cart.userId!, points.points, now);
  if (creditMinor > 0) await debitCredit(tx, order, cart.userId!, creditMinor, now);
  const covered = order.totalMinor === 0 && creditMinor + points.minor > 0;
  if (form.paymentMethod !== 'online' && !covered) await recordManualPayment(tx, order, form.paymentMethod, { first: true });
  await queueOrderMail(tx, { ...order, lines: written }, 'order_received', deps.links);
  // Credit and points paid it all: paid at once, as any order whose money is in (its mail and the shipment's next step).
  if (covered) await payLocked(tx, order, deps.links, now, 'none');
  await clearCart(tx, cart.id);
  // Only payLocked changes the row written above: it is read back only then (a statement less per order).
  if (!covered) return order;
  const [placed] = await tx.select().from(s.orders).where(eq(s.orders.id, order.id));
  return placed!;
}

/** The coupon's use, as a conditional update: so with a usage limit only the buyers that fit under it get a row back. */
async function redeemCoupon(tx: Db, coupon: Coupon, order: { id: number; email: string }) {
  const redeemed = await tx
    .update(s.coupons)
    .set({ usedCount: sql`${s.coupons.usedCount} + 1` })
    .where(sql`${s.coupons.code} = ${coupon.code} and (${s.coupons.usageLimit} is null or ${s.coupons.usedCount} < ${s.coupons.usageLimit})`)
    .returning({ code: s.coupons.code });
  if (redeemed.length === 0) throw new CheckoutError('coupon', 'coupon');
  await tx.insert(s.couponRedemptions).values({ couponCode: coupon.code, orderId: order.id, email: order.email });
}

/**
 * Places the order from the cart in one transaction: validate, price, reserve stock, redeem the coupon,
 * write the order (the steps above), then start the online payment. The idempotency key makes a double
 * submit or a retry return the order already made.
 */
export async function placeOrder(
  db: Db,
  /** `referral`: the visitor id of the affiliate cookie, when the visitor allowed it (ADR 021). */
  input: { cartId: string | null; form: CheckoutInput; ctx: CartContext; region: Region; referral?: string | null },
  deps: PaymentDeps,
  now = new Date(),
): Promise<PlacedOrder> {
  const { form, ctx, region } = input;
  const done = (o: { number: string; email: string }, existing: boolean): PlacedOrder => {
    const statusPath = orderStatusPath(deps.links, o.number, o.email);
    return { number: o.number, email: o.email, statusPath, redirect: statusPath, existing };
  };
  // Without a cart there is nothing to lock: only a retry of an order placed already gets an answer.
  if (!input.cartId) {
    const [known] = await db.select().from(s.orders).where(eq(s.orders.idempotencyKey, form.idempotencyKey));
    if (known) return done(known, true);
    throw new CheckoutError('empty_cart');
  }
  const cartId = input.cartId;

  const placed = await db.transaction(async (tx) => {
    // One checkout per cart at a time; a second submit with the same key waits here, then finds the order
    // (before the form is checked: a retry gets its order whatever changed since).
    const [cart] = await tx.select().from(s.carts).where(eq(s.carts.id, cartId)).for('update');
    // A statement of its own after the lock: its snapshot sees an order a concurrent submit just committed.
    const [again] = await tx.select().from(s.orders).where(eq(s.orders.idempotencyKey, form.idempotencyKey));
    if (again) return { order: again, existing: true, lowStock: false, cart };
    const { country, rate } = validateCheckout(form, ctx, region, deps);
    if (!cart) throw new CheckoutError('empty_cart');
    const { lines, coupon, totals } = await priceOrder(tx, { cart, form, ctx, region, country, rate, now });
    const points = await takePoints(tx, { cart, form, ctx, totals });
    const creditMinor = await takeCredit(tx, { cart, form, ctx, totals, pointsMinor: points.minor });
    const { gifts, lowStock } = await reserveStock(tx, lines, totals);
    const order = await writeOrder(tx, { cart, form, ctx, region, country, rate, lines, gifts, coupon, totals, creditMinor, points, referral: input.referral ?? null, deps, now });
    return { order, existing: false, lowStock, cart };
  });

  const result = done(placed.order, placed.existing);
  if (placed.existing) return result;
  if (placed.cart) cartChanged(db, placed.cart);
  // Stock that stays at its cap or more shows the same on every page: nothing to drop.
  if (placed.lowStock) await stockChanged(db);
  kickMail();
  if (form.paymentMethod === 'online' && placed.order.totalMinor > 0) {
    const returnUrl = `${result.statusPath}&betaling=terug`;
    const redirect = await startOnlinePayment(db, placed.order.number, deps, returnUrl, now);
    return { ...result, redirect: redirect ?? result.statusPath };
  }
  return { ...result, redirect: `${result.statusPath}&bedankt=1` };
}
