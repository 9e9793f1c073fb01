import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import type { AddressSnapshot, OrderStatus } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';

// An order row for integration tests that need one without going through the checkout.

export const testAddress: AddressSnapshot = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  phone: '+31 6 12345678',
  line1: 'Keizersgracht 1',
  line2: '',
  city: 'Amsterdam',
  postalCode: '1015 CJ',
  countryIso: 'NL',
  countryName: 'Nederland',
  state: '',
};

/** A € 35 order for one pack, paid unless it is still new. */
export async function insertTestOrder(db: Db, { email, userId = null, status = 'shipped' }: { email: string; userId?: number | null; status?: OrderStatus }) {
  const [o] = await db
    .insert(s.orders)
    .values({
      number: `KK-${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
      idempotencyKey: crypto.randomUUID(),
      email,
      userId,
      regionCode: 'nl',
      currency: 'EUR',
      status,
      paymentState: status === 'new' ? 'pending' : 'complete',
      paymentMethod: 'bank_transfer',
      subtotalMinor: 3000,
      discountMinor: 0,
      shippingMinor: 500,
      totalMinor: 3500,
      carrier: 'tracked_parcel',
      deliveryMinDays: 2,
      deliveryMaxDays: 4,
      shippingAddress: testAddress,
      billingAddress: testAddress,
    })
    .returning({ id: s.orders.id, number: s.orders.number });
  const [pack] = await queryRows<{ id: number }>(db, sql`select id from product_packs where not is_free order by id limit 1`);
  await db
    .insert(s.orderLines)
    .values({ orderId: o!.id, packId: pack!.id, productSlug: 'skunk-1', productName: 'Skunk #1', seeds: 3, quantity: 1, unitPriceMinor: 3000 });
  return o!;
}
