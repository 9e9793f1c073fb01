// Pure cart arithmetic: lines, coupon, free-pack promotions and shipping -> totals.
// Every amount is integer minor units in one currency; the server feeds it from the database.
//
// The stacking rule (ADR 035), enforced here and nowhere else:
// 1. One coupon per order (the cart holds one code; applying another replaces it).
// 2. The coupon counts the paid goods only, excluded products left out: a percentage is taken of them
//    (rounded down to the cent), a fixed amount is capped at them. Shipping is never discounted by it, so
//    the goods never go below zero and the total never below the shipping.
// 3. Free shipping: a free-shipping code, or goods before the coupon reaching the country's threshold.
// 4. Free-seed promotions count the goods after the coupon; gifts are free packs and count towards nothing.
// 5. A coupon that does not combine with promotions (combinesWithPromotions false) and applies to the cart
//    gives no free-seed gift and no "still X to go" hint; a coupon that does not apply changes nothing.

export type CartLineInput = {
  packId: number;
  productId: number;
  slug: string;
  name: string;
  seeds: number;
  quantity: number;
  /** Price of one pack in the cart's currency; null when the pack is not sold in it. */
  unitPrice: number | null;
  stock: number;
  /** The pack's low-stock threshold (ADR 034); the default when not read. */
  lowStock?: number;
};

import { couponKinds } from '~/lib/db-enums.ts';

export { couponKinds };

export type CouponRule = {
  code: string;
  kind: (typeof couponKinds)[number];
  percent: number;
  amounts: Record<string, number>;
  minOrder: Record<string, number>;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  usedCount: number;
  excludedProductIds: number[];
  active: boolean;
  /** False: while this coupon applies, the order gets no free-seed promotion (rule 5). */
  combinesWithPromotions: boolean;
};

export type PromotionRule = {
  id: number;
  name: string;
  thresholds: Record<string, number>;
  quantity: number;
  /** The promotion runs from/until these moments (null: open-ended). */
  validFrom: Date | null;
  validUntil: Date | null;
  pack: { packId: number; productId: number; slug: string; name: string; seeds: number; stock: number };
};

export type ShippingQuote = { priceMinor: number; freeFromMinor: number } | null;

/** Why a coupon does not count: 'invalid' is an unknown, expired or used-up code; the rest cannot apply to this cart. */
export type CouponProblem = 'invalid' | 'currency' | 'min_order' | 'excluded';

export type FreeLine = { promotionId: number; promotionName: string; packId: number; slug: string; name: string; seeds: number; quantity: number };

export type CartTotals = {
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** Amount still to spend for free shipping; 0 when shipping is already free. */
  freeShippingRemaining: number;
  freeLines: FreeLine[];
  /** The next promotion not reached yet and what is still missing for it. */
  nextPromotion: { name: string; remaining: number } | null;
  couponProblem: CouponProblem | null;
  /** The applied coupon does not combine with free-seed promotions, so none was given (rule 5). */
  promotionsExcluded: boolean;
  seedCount: number;
};

/** Seeds in the paid lines (free packs do not count towards the cart's maximum). */
export function seedCount(lines: Pick<CartLineInput, 'seeds' | 'quantity'>[]): number {
  return lines.reduce((n, l) => n + l.seeds * l.quantity, 0);
}

export function couponProblem(coupon: CouponRule, ctx: { currency: string; subtotal: number; eligibleSubtotal: number; now: Date }): CouponProblem | null {
  if (!coupon.active) return 'invalid';
  if (coupon.validFrom && ctx.now < coupon.validFrom) return 'invalid';
  if (coupon.validUntil && ctx.now > coupon.validUntil) return 'invalid';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'invalid';
  if (coupon.kind === 'fixed' && coupon.amounts[ctx.currency] === undefined) return 'currency';
  const min = coupon.minOrder[ctx.currency];
  if (min !== undefined && ctx.subtotal < min) return 'min_order';
  if (Object.keys(coupon.minOrder).length > 0 && min === undefined) return 'currency';
  if (coupon.kind !== 'free_shipping' && ctx.eligibleSubtotal <= 0) return 'excluded';
  return null;
}

export function computeCart(input: {
  lines: CartLineInput[];
  currency: string;
  coupon: CouponRule | null;
  promotions: PromotionRule[];
  shipping: ShippingQuote;
  now: Date;
}): CartTotals {
  const { lines, currency, coupon, now } = input;
  const priced = lines.filter((l) => l.unitPrice !== null);
  const subtotal = priced.reduce((n, l) => n + l.unitPrice! * l.quantity, 0);
  const excluded = new Set(coupon?.excludedProductIds ?? []);
  const eligibleSubtotal = priced.filter((l) => !excluded.has(l.productId)).reduce((n, l) => n + l.unitPrice! * l.quantity, 0);

  let discount = 0;
  let freeShipping = false;
  let problem: CouponProblem | null = null;
  if (coupon && priced.length > 0) {
    problem = couponProblem(coupon, { currency, subtotal, eligibleSubtotal, now });
    if (!problem) {
      if (coupon.kind === 'percent') discount = Math.floor((eligibleSubtotal * coupon.percent) / 100);
      else if (coupon.kind === 'fixed') discount = Math.min(coupon.amounts[currency]!, eligibleSubtotal);
      else freeShipping = true;
    }
  }
  const afterDiscount = subtotal - discount;

  let shipping = 0;
  let freeShippingRemaining = 0;
  if (input.shipping && priced.length > 0) {
    const { priceMinor, freeFromMinor } = input.shipping;
    // The threshold counts the goods before a coupon (ADR 006): a discount never makes an order dearer
    // by costing it its free shipping.
    const reached = freeFromMinor > 0 && subtotal >= freeFromMinor;
    shipping = freeShipping || reached ? 0 : priceMinor;
    freeShippingRemaining = freeShipping || reached || freeFromMinor <= 0 ? 0 : freeFromMinor - subtotal;
  }

  // Promotions count the order value after discount; a gift that is out of stock is skipped.
  const freeLines: FreeLine[] = [];
  let nextPromotion: CartTotals['nextPromotion'] = null;
  const promotionsExcluded = coupon !== null && priced.length > 0 && problem === null && !coupon.combinesWithPromotions;
  const running = input.promotions.filter((p) => (!p.validFrom || now >= p.validFrom) && (!p.validUntil || now <= p.validUntil));
  if (priced.length > 0 && !promotionsExcluded) {
    for (const p of [...running].sort((a, b) => (a.thresholds[currency] ?? 0) - (b.thresholds[currency] ?? 0))) {
      const threshold = p.thresholds[currency];
      if (threshold === undefined) continue;
      if (afterDiscount >= threshold) {
        if (p.pack.stock >= p.quantity)
          freeLines.push({ promotionId: p.id, promotionName: p.name, packId: p.pack.packId, slug: p.pack.slug, name: p.pack.name, seeds: p.pack.seeds, quantity: p.quantity });
      } else if (!nextPromotion && p.pack.stock >= p.quantity) {
        nextPromotion = { name: p.name, remaining: threshold - afterDiscount };
      }
    }
  }

  return {
    subtotal,
    discount,
    shipping,
    total: afterDiscount + shipping,
    freeShippingRemaining,
    freeLines,
    nextPromotion,
    couponProblem: problem,
    promotionsExcluded,
    seedCount: seedCount(priced),
  };
}

/** A quantity from a form: a whole number from 1 to 99; anything else (0, -1, 0.5, 2^31, 'x') is refused. */
export const MAX_LINE_QUANTITY = 99;
export function parseQuantity(raw: unknown): number | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const text = String(raw).trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_LINE_QUANTITY ? n : null;
}
