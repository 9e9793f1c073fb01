import type { CheckoutInput } from '~/modules/checkout/checkout.schemas.ts';
import { testAddress } from './test-order.server.ts';

const { countryIso, countryName: _name, ...rest } = testAddress;

/** The test orders' Dutch home address as the checkout form posts it. */
export const testCheckoutAddress = { ...rest, country: countryIso };

/** A checkout form for the Dutch shop: one address for shipping and billing, tracked parcel, bank transfer, a fresh idempotency key. */
export const testCheckoutForm = (email: string, expectedTotal: number, over: Partial<CheckoutInput> = {}): CheckoutInput => ({
  email,
  shipping: testCheckoutAddress,
  billingSame: true,
  billing: testCheckoutAddress,
  shippingMethod: 'tracked_parcel',
  paymentMethod: 'bank_transfer',
  expectedTotal,
  currency: 'EUR',
  region: 'nl',
  idempotencyKey: crypto.randomUUID(),
  ...over,
});
