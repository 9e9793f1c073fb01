// Pure checkout arithmetic for the page: the shipping price and total for the country and method
// the customer picks. It mirrors computeCart (cart.ts), which the server uses to check the order;
// checkout.test.ts keeps the two in step.

export type ShippingRate = { carrier: 'tracked_parcel' | 'regular_post'; price: number; min: number; max: number };

export function quoteCheckout(input: {
  subtotal: number;
  discount: number;
  /** A free-shipping coupon that applies to this cart. */
  couponFreeShipping: boolean;
  rate: Pick<ShippingRate, 'price'> | undefined;
  /** Free shipping from this amount of goods before a coupon (ADR 006); 0 means never. */
  freeFrom: number;
}): { shipping: number; total: number; freeShipping: boolean } {
  const afterDiscount = input.subtotal - input.discount;
  const freeShipping = input.couponFreeShipping || (input.freeFrom > 0 && input.subtotal >= input.freeFrom);
  const shipping = input.rate && !freeShipping ? input.rate.price : 0;
  return { shipping, total: afterDiscount + shipping, freeShipping };
}

/** One country the customer may ship to, with its rates (see shippingOptions in checkout.server.ts). */
export type CheckoutCountry = { iso: string; name: string; requiresState: boolean; freeFrom: number; rates: ShippingRate[] };

/** For checkoutSchemaFor: the countries that need a province/state. */
export const stateCountries = (countries: readonly Pick<CheckoutCountry, 'iso' | 'requiresState'>[]) => countries.filter((c) => c.requiresState).map((c) => c.iso);
