// Store credit's pure rules (ADR 073), shared by checkout, the order pages and the tests.

/**
 * Stacking: the coupon is taken off first (it is part of `totalAfterCoupon`), then credit pays what is left,
 * shipping included, up to the balance.
 */
export function creditToUse(balanceMinor: number, totalAfterCouponMinor: number): number {
  return Math.max(0, Math.min(balanceMinor, totalAfterCouponMinor));
}
