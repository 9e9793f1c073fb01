import type { CouponRule } from '~/modules/cart/cart.ts';

/** A coupon for unit tests: 10% off, no limits; override what the test is about. */
export const couponRule = (over: Partial<CouponRule> = {}): CouponRule => ({
  code: 'TEST',
  kind: 'percent',
  percent: 10,
  amounts: {},
  minOrder: {},
  validFrom: null,
  validUntil: null,
  usageLimit: null,
  usedCount: 0,
  excludedProductIds: [],
  active: true,
  combinesWithPromotions: true,
  ...over,
});
