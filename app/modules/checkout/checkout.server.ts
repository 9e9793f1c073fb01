import type { AddressSnapshot } from '~/db/schema/commerce.ts';
import type { AddressInput } from '~/lib/addresses.schemas.ts';
import type { Region } from '~/lib/regions.ts';
import type { CheckoutCountry } from './checkout.ts';

export type CheckoutErrorCode =
  'empty_cart' | 'tampered' | 'country_not_allowed' | 'state_required' | 'shipping_method' | 'coupon' | 'price_changed' | 'out_of_stock' | 'max_seeds' | 'payment_method';

/** The order was refused; `field` says where the form shows it, `detail` carries names or amounts. */
export class CheckoutError extends Error {
  constructor(
    readonly code: CheckoutErrorCode,
    readonly field?: string,
    readonly detail?: string,
  ) {
    super(code);
  }
}

/** Shipping choices for every country of the region (the form switches between them without a round trip). */
export function shippingOptions(region: Region): CheckoutCountry[] {
  return region.countries.map((c) => ({
    iso: c.iso,
    name: c.name,
    requiresState: c.requiresState,
    freeFrom: c.carrier.free_from,
    rates: c.rates.map((r) => ({ carrier: r.carrier, price: r.priceMinor, min: r.minDays + c.carrier.delay, max: r.maxDays + c.carrier.delay })),
  }));
}

/** An address as the order keeps it, with the country's code and name (the checkout's, and staff's address change). */
export function addressSnapshot(a: AddressInput, country: { iso: string; name: string }): AddressSnapshot {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    line1: a.line1,
    line2: a.line2,
    city: a.city,
    postalCode: a.postalCode.toUpperCase(),
    countryIso: country.iso,
    countryName: country.name,
    state: a.state,
  };
}

export type PlacedOrder = { number: string; email: string; statusPath: string; redirect: string; existing: boolean };


