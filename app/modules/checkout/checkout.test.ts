import { describe, expect, it } from 'vitest';
import { couponRule } from '~/test/cart.fixtures.ts';
import { type CartLineInput, computeCart, type CouponRule } from '~/modules/cart/cart.ts';
import { quoteCheckout } from './checkout.ts';

const line = (unitPrice: number, quantity = 1): CartLineInput => ({ packId: unitPrice, productId: unitPrice, slug: 's', name: 'S', seeds: 3, quantity, unitPrice, stock: 10 });
const coupon = (over: Partial<CouponRule> = {}) => couponRule({ code: 'X', ...over });

describe('quoteCheckout', () => {
  // The page's figure must be the server's figure, or every order would be refused as price_changed.
  it.each([
    { name: 'below the free-shipping amount', lines: [line(2395)], coupon: null, price: 695, freeFrom: 5000 },
    { name: 'exactly at it', lines: [line(2500, 2)], coupon: null, price: 695, freeFrom: 5000 },
    { name: 'above it before the discount, below after', lines: [line(2600, 2)], coupon: coupon({ percent: 10 }), price: 395, freeFrom: 5000 },
    { name: 'never free (freeFrom 0)', lines: [line(9000)], coupon: null, price: 1295, freeFrom: 0 },
    { name: 'a free-shipping coupon', lines: [line(1000)], coupon: coupon({ kind: 'free_shipping' }), price: 695, freeFrom: 5000 },
    { name: 'a fixed coupon', lines: [line(3000)], coupon: coupon({ kind: 'fixed', amounts: { EUR: 500 } }), price: 695, freeFrom: 2600 },
  ])('matches computeCart: $name', ({ lines, coupon: c, price, freeFrom }) => {
    const server = computeCart({ lines, currency: 'EUR', coupon: c, promotions: [], shipping: { priceMinor: price, freeFromMinor: freeFrom }, now: new Date() });
    const page = quoteCheckout({ subtotal: server.subtotal, discount: server.discount, couponFreeShipping: c?.kind === 'free_shipping', rate: { price }, freeFrom });
    expect(page.shipping).toBe(server.shipping);
    expect(page.total).toBe(server.total);
  });

  it('says when shipping is free, so every method shows "Gratis"', () => {
    expect(quoteCheckout({ subtotal: 6000, discount: 0, couponFreeShipping: false, rate: { price: 695 }, freeFrom: 5000 })).toEqual({ shipping: 0, total: 6000, freeShipping: true });
    expect(quoteCheckout({ subtotal: 1000, discount: 0, couponFreeShipping: false, rate: undefined, freeFrom: 5000 })).toEqual({ shipping: 0, total: 1000, freeShipping: false });
  });
});
