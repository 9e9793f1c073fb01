import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { formatMoney } from '~/lib/money.ts';
import { listRegions } from '~/lib/regions.server.ts';
import { pickRegion } from '~/lib/regions.ts';
import { createAddress, setDefaultAddress } from '~/modules/accounts/addresses.server.ts';
import { saveGrowerProfile } from '~/modules/accounts/details.server.ts';
import { createSession, SESSION_IDLE_MS } from '~/modules/accounts/sessions.server.ts';
import { grantCredit } from '~/modules/credit/credit.server.ts';
import { changePoints } from '~/modules/loyalty/loyalty.server.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { accountOverview } from './account-overview.server.ts';
import { growerOverview } from './grower-overview.server.ts';

const MIN = 60_000;
const home = { firstName: 'Sanne', lastName: 'de Vries', phone: '+31 6 12345678', line1: 'Keizersgracht 1', line2: '', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL', state: '' };
const work = { ...home, line1: 'Damrak 70', postalCode: '1012 LM' };

describeEachDatabase('account overview', (database) => {
  /** A customer with something of everything the overview shows; `tag` keeps their rows apart from the other's. */
  async function customer(db: Db, tag: string, now: Date) {
    const id = await insertTestUser(db, { emailPrefix: tag });
    const orders: string[] = [];
    for (let i = 0; i < 6; i++) orders.push((await insertTestOrder(db, { email: `${tag}@example.nl`, userId: id, status: i % 2 ? 'shipped' : 'new' })).number);
    const laptop = await createSession(db, id, `${tag} laptop Firefox/120 Windows`, new Date(now.getTime() - 2 * MIN));
    const phone = await createSession(db, id, `${tag} telefoon`, new Date(now.getTime() - MIN));
    await createSession(db, id, `${tag} oud`, new Date(now.getTime() - SESSION_IDLE_MS - MIN));
    const first = await createAddress(db, id, home, now);
    const second = await createAddress(db, id, work, now);
    await setDefaultAddress(db, id, second.id, 'shipping');
    await db.transaction((tx) => grantCredit(tx, { userId: id, currency: 'EUR', amountMinor: 1500, kind: 'staff', reason: tag, sourceKey: `overview:${tag}:${id}` }));
    await db.transaction((tx) => changePoints(tx, { userId: id, points: 120, kind: 'staff', reason: tag, sourceKey: `overview:${tag}:${id}` }));
    return { id, orders, laptop, phone, shippingId: second.id, billingId: first.id };
  }

  it("shows the customer's own orders, sessions, addresses, profile, credit and points, and nothing of another customer", async () => {
    const { db } = database();
    const now = new Date();
    const region = pickRegion(await listRegions(db), 'nl');
    const sanne = await customer(db, `sanne${Date.now()}`, now);
    const jan = await customer(db, `jan${Date.now()}`, now);
    const [nl] = await db.select({ id: s.products.id }).from(s.products).where(eq(s.products.slug, 'northern-lights'));
    await saveGrowerProfile(db, sanne.id, { growingSince: 2020, cultivationMethod: 'indoor', floweringPreference: 'photoperiod', favouriteType: 'indica', favouriteIds: [nl!.id] }, now);
    // Jan has more credit and points, and a profile of his own: none of it may show on Sanne's page.
    await db.transaction((tx) => grantCredit(tx, { userId: jan.id, currency: 'GBP', amountMinor: 700, kind: 'staff', reason: 'jan', sourceKey: `overview:jan-gbp:${jan.id}` }));
    await saveGrowerProfile(db, jan.id, { growingSince: 1999, cultivationMethod: 'outdoor', floweringPreference: 'autoflower', favouriteType: 'sativa', favouriteIds: [] }, now);

    const o = await accountOverview(db, sanne.id, { region, currentToken: sanne.phone, now });
    // The five newest of her six orders, newest first.
    expect(o.orders.map((x) => x.number)).toEqual(sanne.orders.slice(1).reverse());
    expect(o.orders[0]).toEqual({ number: sanne.orders[5], createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), status: 'shipped', paymentState: 'complete', currency: 'EUR', total: 3500 });
    // Live sessions only, most recently used first, this one marked.
    expect(o.sessions.map((x) => [x.userAgent, x.current])).toEqual([
      [expect.stringContaining('telefoon'), true],
      [expect.stringContaining('laptop'), false],
    ]);
    expect(o.sessions.every((x) => x.lastSeenAt instanceof Date && x.idleExpiresAt instanceof Date)).toBe(true);
    expect(o.defaultAddresses.shipping).toEqual({
      id: sanne.shippingId,
      firstName: 'Sanne',
      lastName: 'de Vries',
      phone: '+31 6 12345678',
      line1: 'Damrak 70',
      line2: '',
      city: 'Amsterdam',
      postalCode: '1012 LM',
      countryIso: 'NL',
      state: '',
      isDefaultShipping: true,
      isDefaultBilling: false,
      countryName: 'Nederland',
      inRegion: true,
    });
    expect(o.defaultAddresses.billing).toMatchObject({ id: sanne.billingId, line1: 'Keizersgracht 1', isDefaultBilling: true });
    expect(o.grower).toEqual(await growerOverview(db, sanne.id, region.currency, now));
    expect(o.grower.profile).toMatchObject({ growingSince: 2020, cultivationMethod: 'indoor', favouriteIds: [nl!.id] });
    expect(o.credit).toEqual([{ currency: 'EUR', balanceMinor: 1500 }]);
    expect(o.loyalty.card.points).toBe('120 punten');
  });

  it('a customer with nothing yet: empty lists, no addresses, an empty profile, no credit, no points', async () => {
    const { db } = database();
    const region = pickRegion(await listRegions(db), 'nl');
    const id = await insertTestUser(db);
    const o = await accountOverview(db, id, { region, currentToken: null });
    expect(o).toMatchObject({ orders: [], sessions: [], defaultAddresses: { shipping: null, billing: null }, credit: [] });
    expect(o.grower).toEqual({ profile: { growingSince: null, cultivationMethod: null, floweringPreference: null, favouriteType: null, favouriteIds: [] }, filled: false, favourites: [], recommendations: [] });
    expect(o.loyalty.card.points).toBe('0 punten');
    expect(o.loyalty.card.lines).toEqual(['Niveau Brons: 1% terug in punten', `Nog ${formatMoney(25_000, 'EUR')} besteden in 12 maanden voor Zilver.`]);
  });
});
