import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import type { AddressInput } from '~/lib/addresses.schemas.ts';
import {
  AddressError,
  createAddress,
  defaultAddresses,
  deleteAddress,
  getAddress,
  listAddresses,
  MAX_ADDRESSES,
  rememberAddress,
  setDefaultAddress,
  updateAddress,
} from './addresses.server.ts';

const home: AddressInput = {
  firstName: 'Sanne',
  lastName: 'de Vries',
  phone: '+31 6 12345678',
  line1: 'Keizersgracht 1',
  line2: '',
  city: 'Amsterdam',
  postalCode: '1015 cj',
  country: 'nl',
  state: '',
};
const work: AddressInput = { ...home, line1: 'Damrak 70', postalCode: '1012 LM' };
const antwerp: AddressInput = { ...home, line1: 'Meir 12', postalCode: '2000', city: 'Antwerpen', country: 'BE' };

let n = 0;
async function newUser(db: Db): Promise<number> {
  n += 1;
  const [u] = await db
    .insert(s.users)
    .values({ email: `klant.${n}.${Date.now()}@example.com`, name: 'Klant', dateOfBirth: '1990-01-01', passwordHash: 'x' })
    .returning();
  return u!.id;
}

const defaults = async (db: Db, userId: number) => {
  const d = defaultAddresses(await listAddresses(db, userId));
  return { shipping: d.shipping?.id ?? null, billing: d.billing?.id ?? null };
};

describeEachDatabase(
  'saved addresses',
  (database) => {
    let db: Db;
    let a: number;
    let b: number;
    beforeEach(async () => {
      db = database().db;
      a = await newUser(db);
      b = await newUser(db);
    });

    it('creates, reads, updates and deletes; stores postal code and country upper-case', async () => {
      const created = await createAddress(db, a, home);
      expect(created).toMatchObject({ userId: a, line1: 'Keizersgracht 1', postalCode: '1015 CJ', countryIso: 'NL', line2: '', state: '' });
      expect((await getAddress(db, a, created.id))?.city).toBe('Amsterdam');
      const updated = await updateAddress(db, a, created.id, { ...home, city: 'Haarlem' });
      expect(updated?.city).toBe('Haarlem');
      expect((await listAddresses(db, a)).map((x) => x.city)).toEqual(['Haarlem']);
      expect(await deleteAddress(db, a, created.id)).toBe(true);
      expect(await getAddress(db, a, created.id)).toBeNull();
      expect(await deleteAddress(db, a, created.id)).toBe(false);
    });

    it('makes the first address both defaults; later ones only when asked', async () => {
      const first = await createAddress(db, a, home);
      expect(first).toMatchObject({ isDefaultShipping: true, isDefaultBilling: true });
      const second = await createAddress(db, a, work);
      expect(second).toMatchObject({ isDefaultShipping: false, isDefaultBilling: false });
      const third = await createAddress(db, a, antwerp, undefined);
      expect(await defaults(db, a)).toEqual({ shipping: first.id, billing: first.id });
      const fourth = await createAddress(db, a, { ...work, line1: 'Spui 2', defaultBilling: true });
      expect(await defaults(db, a)).toEqual({ shipping: first.id, billing: fourth.id });
      await updateAddress(db, a, third.id, { ...antwerp, defaultShipping: true });
      expect(await defaults(db, a)).toEqual({ shipping: third.id, billing: fourth.id });
      // Defaults first in the list.
      expect((await listAddresses(db, a)).map((x) => x.id)).toEqual([third.id, fourth.id, first.id, second.id]);
    });

    it('switches defaults: exactly one default shipping and one default billing at any time', async () => {
      const x = await createAddress(db, a, home);
      const y = await createAddress(db, a, work);
      expect(await setDefaultAddress(db, a, y.id, 'shipping')).toBe(true);
      expect(await defaults(db, a)).toEqual({ shipping: y.id, billing: x.id });
      expect(await setDefaultAddress(db, a, y.id, 'billing')).toBe(true);
      expect(await defaults(db, a)).toEqual({ shipping: y.id, billing: y.id });
      // Again is harmless.
      expect(await setDefaultAddress(db, a, y.id, 'billing')).toBe(true);
      expect(await defaults(db, a)).toEqual({ shipping: y.id, billing: y.id });
    });

    it('hands a deleted default to the oldest remaining address; the last one leaves none', async () => {
      const x = await createAddress(db, a, home);
      const y = await createAddress(db, a, work);
      const z = await createAddress(db, a, antwerp, undefined);
      await setDefaultAddress(db, a, z.id, 'shipping');
      expect(await deleteAddress(db, a, z.id)).toBe(true);
      expect(await defaults(db, a)).toEqual({ shipping: x.id, billing: x.id });
      expect(await deleteAddress(db, a, x.id)).toBe(true);
      expect(await defaults(db, a)).toEqual({ shipping: y.id, billing: y.id });
      expect(await deleteAddress(db, a, y.id)).toBe(true);
      expect(await defaults(db, a)).toEqual({ shipping: null, billing: null });
    });

    it("scopes everything by user: B cannot read, update, delete or default A's address", async () => {
      const mine = await createAddress(db, a, home);
      await createAddress(db, b, work);
      expect(await getAddress(db, b, mine.id)).toBeNull();
      expect(await updateAddress(db, b, mine.id, { ...home, city: 'Gekaapt' })).toBeNull();
      expect(await deleteAddress(db, b, mine.id)).toBe(false);
      expect(await setDefaultAddress(db, b, mine.id, 'shipping')).toBe(false);
      expect(await setDefaultAddress(db, b, mine.id, 'billing')).toBe(false);
      expect(await getAddress(db, a, mine.id)).toMatchObject({ city: 'Amsterdam', isDefaultShipping: true, isDefaultBilling: true });
      expect((await listAddresses(db, b)).map((x) => x.line1)).toEqual(['Damrak 70']);
      expect((await defaults(db, b)).shipping).not.toBe(mine.id);
    });

    it('treats impossible ids as missing, not as an error', async () => {
      for (const id of [0, -1, 1.5, Number.NaN, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
        expect(await getAddress(db, a, id)).toBeNull();
        expect(await updateAddress(db, a, id, home)).toBeNull();
        expect(await deleteAddress(db, a, id)).toBe(false);
        expect(await setDefaultAddress(db, a, id, 'shipping')).toBe(false);
      }
    });

    it(`caps an account at ${MAX_ADDRESSES} addresses, also under concurrent creates`, async () => {
      const results = await Promise.allSettled(
        Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) => createAddress(db, a, { ...home, line1: `Straat ${i + 1}` })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(MAX_ADDRESSES);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(refused).toHaveLength(5);
      for (const r of refused) expect(r.reason).toBeInstanceOf(AddressError);
      expect(await listAddresses(db, a)).toHaveLength(MAX_ADDRESSES);
      expect(await defaults(db, a)).not.toEqual({ shipping: null, billing: null });
      await expect(createAddress(db, a, work)).rejects.toMatchObject({ code: 'limit' });
      // Another account is not affected.
      await expect(createAddress(db, b, work)).resolves.toMatchObject({ userId: b });
    });

    it('10 concurrent set-default requests for different addresses of one user leave exactly one default and no error', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) ids.push((await createAddress(db, a, { ...home, line1: `Gracht ${i + 1}` })).id);
      for (const kind of ['shipping', 'billing'] as const) {
        const results = await Promise.all(ids.map((id) => setDefaultAddress(db, a, id, kind)));
        expect(results).toEqual(ids.map(() => true));
        const rows = await db.select().from(s.addresses).where(eq(s.addresses.userId, a));
        expect(rows.filter((r) => (kind === 'shipping' ? r.isDefaultShipping : r.isDefaultBilling))).toHaveLength(1);
      }
      // Mixed with deletes and creates, still one of each.
      await Promise.all([
        ...ids.slice(0, 5).map((id, i) => setDefaultAddress(db, a, id, i % 2 ? 'shipping' : 'billing')),
        deleteAddress(db, a, ids[0]!),
        createAddress(db, a, { ...work, defaultShipping: true, defaultBilling: true }),
      ]);
      const rows = await db.select().from(s.addresses).where(eq(s.addresses.userId, a));
      expect(rows.filter((r) => r.isDefaultShipping)).toHaveLength(1);
      expect(rows.filter((r) => r.isDefaultBilling)).toHaveLength(1);
    });

    it('remembers a checkout address once: an identical one is not stored twice, and the cap is respected', async () => {
      expect(await rememberAddress(db, a, home)).toBe('saved');
      expect(await rememberAddress(db, a, { ...home, city: 'AMSTERDAM', postalCode: '1015 CJ' })).toBe('known');
      expect(await rememberAddress(db, a, work)).toBe('saved');
      expect(await listAddresses(db, a)).toHaveLength(2);
      for (let i = 0; i < MAX_ADDRESSES - 2; i++) await createAddress(db, a, { ...home, line1: `Laan ${i}` });
      expect(await rememberAddress(db, a, antwerp)).toBe('limit');
      expect(await listAddresses(db, a)).toHaveLength(MAX_ADDRESSES);
    });
  },
  { seed: false },
);
