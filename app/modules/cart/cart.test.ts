import { describe, expect, it } from 'vitest';
import { couponRule } from '~/test/cart.fixtures.ts';
import { type CartLineInput, computeCart, type CouponRule, parseQuantity, type PromotionRule, seedCount } from './cart.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const SHIPPING = { priceMinor: 495, freeFromMinor: 5000 };

const line = (over: Partial<CartLineInput> = {}): CartLineInput => ({
  packId: 1,
  productId: 1,
  slug: 'northern-lights',
  name: 'Northern Lights',
  seeds: 3,
  quantity: 1,
  unitPrice: 2000,
  stock: 10,
  ...over,
});

const coupon = (over: Partial<CouponRule> = {}) => couponRule({ code: 'TEST', ...over });

const promo = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 1,
  name: 'Gratis zaadje vanaf €50',
  thresholds: { EUR: 5000 },
  quantity: 1,
  validFrom: null,
  validUntil: null,
  pack: { packId: 99, productId: 9, slug: 'gift', name: 'Gift', seeds: 1, stock: 5 },
  ...over,
});

const compute = (lines: CartLineInput[], over: Partial<Parameters<typeof computeCart>[0]> = {}) =>
  computeCart({ lines, currency: 'EUR', coupon: null, promotions: [], shipping: SHIPPING, now: NOW, ...over });

describe('computeCart', () => {
  it('sums lines, charges shipping below the free-shipping threshold and says what is missing', () => {
    const t = compute([line({ quantity: 2 }), line({ packId: 2, unitPrice: 500 })]);
    expect(t).toMatchObject({ subtotal: 4500, discount: 0, shipping: 495, total: 4995, freeShippingRemaining: 500, seedCount: 9, couponProblem: null });
  });

  it('ships free from the free_from threshold, counted on the goods before a coupon (a discount never costs free shipping)', () => {
    expect(compute([line({ unitPrice: 5000 })])).toMatchObject({ shipping: 0, freeShippingRemaining: 0, total: 5000 });
    const discounted = compute([line({ unitPrice: 5000 })], { coupon: coupon({ percent: 10 }) });
    expect(discounted).toMatchObject({ discount: 500, shipping: 0, freeShippingRemaining: 0, total: 4500 });
    const below = compute([line({ unitPrice: 4900 })], { coupon: coupon({ percent: 10 }) });
    expect(below).toMatchObject({ discount: 490, shipping: 495, freeShippingRemaining: 100, total: 4905 });
  });

  it('a country without threshold always pays shipping and shows no progress', () => {
    expect(compute([line({ unitPrice: 90000 })], { shipping: { priceMinor: 1200, freeFromMinor: 0 } })).toMatchObject({ shipping: 1200, freeShippingRemaining: 0 });
  });

  it('an empty cart costs nothing, not even shipping', () => {
    expect(compute([])).toMatchObject({ subtotal: 0, shipping: 0, total: 0, freeShippingRemaining: 0, freeLines: [], nextPromotion: null });
  });

  it('percent coupons round the discount down to whole cents', () => {
    const t = compute([line({ unitPrice: 1999 })], { coupon: coupon({ percent: 15 }) });
    expect(t.discount).toBe(299);
  });

  it('fixed coupons are capped at the eligible subtotal', () => {
    const fixed = coupon({ kind: 'fixed', amounts: { EUR: 1500 } });
    expect(compute([line({ unitPrice: 4000 })], { coupon: fixed }).discount).toBe(1500);
    expect(compute([line({ unitPrice: 900 })], { coupon: fixed })).toMatchObject({ discount: 900, subtotal: 900 });
    // Only the eligible part counts when a product is excluded.
    const mixed = [line({ productId: 1, unitPrice: 1000 }), line({ packId: 2, productId: 2, unitPrice: 5000 })];
    expect(compute(mixed, { coupon: { ...fixed, excludedProductIds: [2] } }).discount).toBe(1000);
  });

  it('a fixed coupon without an amount in the currency does not apply', () => {
    const t = compute([line()], { currency: 'GBP', coupon: coupon({ kind: 'fixed', amounts: { EUR: 500 } }) });
    expect(t).toMatchObject({ discount: 0, couponProblem: 'currency' });
  });

  it('excluded products get no discount; a cart of only excluded products does not qualify', () => {
    const lines = [line({ productId: 1, unitPrice: 2000 }), line({ packId: 2, productId: 2, unitPrice: 3000 })];
    expect(compute(lines, { coupon: coupon({ percent: 10, excludedProductIds: [2] }) }).discount).toBe(200);
    expect(compute([line({ productId: 2 })], { coupon: coupon({ excludedProductIds: [2] }) })).toMatchObject({ discount: 0, couponProblem: 'excluded' });
  });

  it('minimum order: below it the coupon is kept but gives nothing', () => {
    const min = coupon({ kind: 'fixed', amounts: { EUR: 500 }, minOrder: { EUR: 4000 } });
    expect(compute([line({ unitPrice: 3999 })], { coupon: min })).toMatchObject({ discount: 0, couponProblem: 'min_order' });
    expect(compute([line({ unitPrice: 4000 })], { coupon: min })).toMatchObject({ discount: 500, couponProblem: null });
  });

  it('a minimum order set only for other currencies does not apply in this one', () => {
    expect(compute([line()], { currency: 'CHF', coupon: coupon({ minOrder: { EUR: 100 } }) }).couponProblem).toBe('currency');
  });

  it('free-shipping coupons drop shipping and give no discount', () => {
    const t = compute([line({ unitPrice: 1000 })], { coupon: coupon({ kind: 'free_shipping' }) });
    expect(t).toMatchObject({ discount: 0, shipping: 0, freeShippingRemaining: 0, total: 1000 });
  });

  it.each([
    ['expired', { validUntil: new Date('2026-05-31T21:59:59Z') }],
    ['not started', { validFrom: new Date('2026-07-01T00:00:00Z') }],
    ['used up', { usageLimit: 3, usedCount: 3 }],
    ['inactive', { active: false }],
  ] as const)('a %s coupon is invalid', (_, over) => {
    expect(compute([line()], { coupon: coupon(over) })).toMatchObject({ discount: 0, couponProblem: 'invalid' });
  });

  it('a coupon with uses left and within its dates applies', () => {
    const ok = coupon({ usageLimit: 3, usedCount: 2, validFrom: new Date('2026-01-01'), validUntil: new Date('2026-12-31') });
    expect(compute([line()], { coupon: ok })).toMatchObject({ discount: 200, couponProblem: null });
  });

  it('promotions: reached tiers add free lines, the next tier says what is missing', () => {
    const tiers = [promo(), promo({ id: 2, name: 'Tweede cadeau', thresholds: { EUR: 10000 }, pack: { ...promo().pack, packId: 98 } })];
    const below = compute([line({ unitPrice: 3000 })], { promotions: tiers });
    expect(below.freeLines).toEqual([]);
    expect(below.nextPromotion).toEqual({ name: 'Gratis zaadje vanaf €50', remaining: 2000 });
    const first = compute([line({ unitPrice: 6000 })], { promotions: tiers });
    expect(first.freeLines.map((f) => f.packId)).toEqual([99]);
    expect(first.nextPromotion).toEqual({ name: 'Tweede cadeau', remaining: 4000 });
    const both = compute([line({ unitPrice: 10000 })], { promotions: tiers });
    expect(both.freeLines.map((f) => f.packId)).toEqual([99, 98]);
    expect(both.nextPromotion).toBeNull();
    // Free packs cost nothing and do not count towards the seed limit.
    expect(both).toMatchObject({ subtotal: 10000, total: 10000, seedCount: 3 });
  });

  it('promotions count the order value after the discount', () => {
    const t = compute([line({ unitPrice: 5000 })], { promotions: [promo()], coupon: coupon({ percent: 10 }) });
    expect(t.freeLines).toEqual([]);
    expect(t.nextPromotion?.remaining).toBe(500);
  });

  it('an out-of-stock gift is skipped, also as next promotion', () => {
    const empty = promo({ pack: { ...promo().pack, stock: 0 } });
    expect(compute([line({ unitPrice: 6000 })], { promotions: [empty] }).freeLines).toEqual([]);
    expect(compute([line({ unitPrice: 1000 })], { promotions: [empty] }).nextPromotion).toBeNull();
  });

  it('promotions without a threshold in the currency are ignored', () => {
    expect(compute([line({ unitPrice: 100000 })], { currency: 'GBP', promotions: [promo()] })).toMatchObject({ freeLines: [], nextPromotion: null });
  });

  it('lines without a price in the currency are left out of the totals', () => {
    const t = compute([line({ unitPrice: 2000 }), line({ packId: 2, unitPrice: null, seeds: 10 })]);
    expect(t).toMatchObject({ subtotal: 2000, seedCount: 3 });
  });
});

// ADR 035: the stacking rule of coupons and free-seed promotions, one test per clause.
describe('stacking rule', () => {
  it('1. one coupon per order: the cart prices with exactly the one coupon it holds', () => {
    const t = compute([line({ unitPrice: 6000 })], { coupon: coupon({ percent: 10 }) });
    expect(t).toMatchObject({ subtotal: 6000, discount: 600, total: 5400 });
  });

  it('2. a percentage is taken of the paid goods only, before shipping; shipping is never discounted', () => {
    const t = compute([line({ unitPrice: 3000 })], { coupon: coupon({ percent: 50 }) });
    expect(t).toMatchObject({ subtotal: 3000, discount: 1500, shipping: 495, total: 1500 + 495 });
  });

  it('2. never below zero: a fixed amount above the goods takes the goods to zero and leaves shipping to pay', () => {
    const t = compute([line({ unitPrice: 1000 })], { coupon: coupon({ kind: 'fixed', amounts: { EUR: 5000 } }) });
    expect(t).toMatchObject({ discount: 1000, shipping: 495, total: 495 });
    const all = compute([line({ unitPrice: 1000 })], { coupon: coupon({ percent: 100 }) });
    expect(all).toMatchObject({ discount: 1000, total: 495 });
    expect(all.total).toBeGreaterThanOrEqual(0);
  });

  it('3. the free-shipping threshold counts the goods before the coupon; a free-shipping code makes shipping free', () => {
    expect(compute([line({ unitPrice: 5200 })], { coupon: coupon({ kind: 'fixed', amounts: { EUR: 500 } }) })).toMatchObject({ shipping: 0, total: 4700 });
    expect(compute([line({ unitPrice: 1000 })], { coupon: coupon({ kind: 'free_shipping' }) })).toMatchObject({ discount: 0, shipping: 0, total: 1000 });
  });

  it('4. promotions count the goods after the coupon, and a combinable coupon keeps the gift', () => {
    const kept = compute([line({ unitPrice: 6000 })], { coupon: coupon({ percent: 10 }), promotions: [promo()] });
    expect(kept).toMatchObject({ discount: 600, promotionsExcluded: false });
    expect(kept.freeLines).toHaveLength(1);
    const lost = compute([line({ unitPrice: 5200 })], { coupon: coupon({ percent: 10 }), promotions: [promo()] });
    expect(lost.freeLines).toEqual([]);
    expect(lost.nextPromotion).toEqual({ name: 'Gratis zaadje vanaf €50', remaining: 5000 - 4680 });
  });

  it('5. a coupon that does not combine with promotions gives the discount but no gift and no hint', () => {
    const t = compute([line({ unitPrice: 9000 })], { coupon: coupon({ percent: 10, combinesWithPromotions: false }), promotions: [promo()] });
    expect(t).toMatchObject({ discount: 900, freeLines: [], nextPromotion: null, promotionsExcluded: true });
    const freeShipping = compute([line({ unitPrice: 9000 })], { coupon: coupon({ kind: 'free_shipping', combinesWithPromotions: false }), promotions: [promo()] });
    expect(freeShipping).toMatchObject({ shipping: 0, freeLines: [], promotionsExcluded: true });
  });

  it('5. a non-combining coupon that does not apply (minimum not reached, expired) leaves the promotions alone', () => {
    const below = compute([line({ unitPrice: 6000 })], { coupon: coupon({ combinesWithPromotions: false, minOrder: { EUR: 10000 } }), promotions: [promo()] });
    expect(below).toMatchObject({ discount: 0, couponProblem: 'min_order', promotionsExcluded: false });
    expect(below.freeLines).toHaveLength(1);
    const expired = compute([line({ unitPrice: 6000 })], { coupon: coupon({ combinesWithPromotions: false, validUntil: new Date('2026-01-01') }), promotions: [promo()] });
    expect(expired.freeLines).toHaveLength(1);
  });

  it('promotions run only within their dates', () => {
    const later = promo({ validFrom: new Date('2026-07-01T00:00:00Z') });
    const over = promo({ validUntil: new Date('2026-05-31T23:59:59Z') });
    const now = promo({ validFrom: new Date('2026-05-01'), validUntil: new Date('2026-06-30') });
    expect(compute([line({ unitPrice: 6000 })], { promotions: [later] }).freeLines).toEqual([]);
    expect(compute([line({ unitPrice: 6000 })], { promotions: [over] }).freeLines).toEqual([]);
    expect(compute([line({ unitPrice: 6000 })], { promotions: [now] }).freeLines).toHaveLength(1);
    expect(compute([line({ unitPrice: 1000 })], { promotions: [later] }).nextPromotion).toBeNull();
  });
});

describe('seedCount and parseQuantity', () => {
  it('counts seeds times quantity', () => {
    expect(seedCount([{ seeds: 10, quantity: 3 }, { seeds: 1, quantity: 5 }])).toBe(35);
  });

  it('accepts whole numbers 1..99 only', () => {
    expect(['1', '99', ' 7 ', 5].map(parseQuantity)).toEqual([1, 99, 7, 5]);
    expect(['0', '-1', '0.5', '100', '2147483648', 'x', '', null, undefined, 1.5].map(parseQuantity)).toEqual(Array(10).fill(null));
  });
});
