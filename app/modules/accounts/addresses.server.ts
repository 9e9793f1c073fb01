import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { listRegions } from '~/lib/regions.server.ts';
import type { Region } from '~/lib/regions.ts';
import { type AddressInput, addressIdSchema } from '~/lib/addresses.schemas.ts';
import { type AddressFields, type AddressView, MAX_ADDRESSES, toAddressView } from './addresses.ts';

// Saved addresses (SPEC §3). Every query is scoped by the user id: another customer's address id
// behaves exactly like one that does not exist (null / false), so ids cannot be probed.
//
// Invariant: an account with addresses has exactly one default shipping and one default billing
// address. The first address takes both roles; a default is only moved (never just cleared); deleting
// a default hands the role to the oldest remaining address, so the checkout always has one to prefill.
// Every change locks the user's row first, which serialises one customer's concurrent requests on
// PostgreSQL (the cap and the defaults are then read and written by one request at a time); the partial
// unique indexes of the table stay the last line of defence.

export type AddressKind = 'shipping' | 'billing';
export type SavedAddress = typeof s.addresses.$inferSelect;
export type AddressChanges = AddressInput & { defaultShipping?: boolean; defaultBilling?: boolean };

export { MAX_ADDRESSES };

export class AddressError extends Error {
  constructor(readonly code: 'limit') {
    super(code);
  }
}

const mine = (userId: number, id: number) => and(eq(s.addresses.userId, userId), eq(s.addresses.id, id));

/** Ids outside the int4 range would make PostgreSQL refuse the query: they are simply not found. */
const validId = (id: number) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

function columns(a: AddressInput) {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone,
    line1: a.line1,
    line2: a.line2 ?? '',
    city: a.city,
    postalCode: a.postalCode.toUpperCase(),
    countryIso: a.country.toUpperCase(),
    state: a.state ?? '',
  };
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (e: unknown): boolean =>
  !!e && typeof e === 'object' && ((e as { code?: unknown }).code === UNIQUE_VIOLATION || isUniqueViolation((e as { cause?: unknown }).cause));

/**
 * One change to a user's addresses, in a transaction that first locks the user's row. A unique
 * violation (a default written by a path that skipped the lock) is retried rather than shown as a 500.
 */
async function change<T>(db: Db, userId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, userId)).for('no key update');
        return fn(tx);
      });
    } catch (e) {
      if (attempt >= 3 || !isUniqueViolation(e)) throw e;
    }
  }
}

/** Moves a default role to `id` (which must be the user's): the old holder is cleared first, in the same transaction. */
async function makeDefault(tx: Db, userId: number, id: number, kind: AddressKind) {
  const column = kind === 'shipping' ? s.addresses.isDefaultShipping : s.addresses.isDefaultBilling;
  const flag = (on: boolean) => (kind === 'shipping' ? { isDefaultShipping: on } : { isDefaultBilling: on });
  await tx
    .update(s.addresses)
    .set(flag(false))
    .where(and(eq(s.addresses.userId, userId), eq(column, true), ne(s.addresses.id, id)));
  await tx.update(s.addresses).set(flag(true)).where(mine(userId, id));
}

/** The user's addresses: default shipping first, then default billing, then oldest first. */
export function listAddresses(db: Db, userId: number): Promise<SavedAddress[]> {
  return db
    .select()
    .from(s.addresses)
    .where(eq(s.addresses.userId, userId))
    .orderBy(desc(s.addresses.isDefaultShipping), desc(s.addresses.isDefaultBilling), asc(s.addresses.id));
}

/** One of the user's addresses, or null (missing, or somebody else's). */
export async function getAddress(db: Db, userId: number, id: number): Promise<SavedAddress | null> {
  if (!validId(id)) return null;
  const [row] = await db.select().from(s.addresses).where(mine(userId, id));
  return row ?? null;
}

/** Saves a new address; the first one becomes both defaults. Throws AddressError('limit') at MAX_ADDRESSES. */
export function createAddress(db: Db, userId: number, input: AddressChanges, now = new Date()): Promise<SavedAddress> {
  return change(db, userId, async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(s.addresses)
      .where(eq(s.addresses.userId, userId));
    const n = count?.n ?? 0;
    if (n >= MAX_ADDRESSES) throw new AddressError('limit');
    const [row] = await tx
      .insert(s.addresses)
      .values({ userId, ...columns(input), createdAt: now, updatedAt: now })
      .returning();
    const id = row!.id;
    if (n === 0 || input.defaultShipping) await makeDefault(tx, userId, id, 'shipping');
    if (n === 0 || input.defaultBilling) await makeDefault(tx, userId, id, 'billing');
    const [saved] = await tx.select().from(s.addresses).where(eq(s.addresses.id, id));
    return saved!;
  });
}

/**
 * Saves the checkout's shipping address after an order, unless the user has the same address already
 * (a repeat order, or a double submit) or is at the cap. Returns whether a new address was stored.
 */
export async function rememberAddress(db: Db, userId: number, input: AddressInput, now = new Date()): Promise<'saved' | 'known' | 'limit'> {
  const wanted = columns(input);
  const same = (a: SavedAddress) =>
    (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => String(a[k]).trim().toLowerCase() === String(wanted[k]).trim().toLowerCase());
  if ((await listAddresses(db, userId)).some(same)) return 'known';
  try {
    await createAddress(db, userId, input, now);
    return 'saved';
  } catch (e) {
    if (e instanceof AddressError) return 'limit';
    throw e;
  }
}

/** Changes an address; `defaultShipping`/`defaultBilling` only ever move a role here (see the invariant above). */
export function updateAddress(db: Db, userId: number, id: number, input: AddressChanges, now = new Date()): Promise<SavedAddress | null> {
  if (!validId(id)) return Promise.resolve(null);
  return change(db, userId, async (tx) => {
    const [row] = await tx
      .update(s.addresses)
      .set({ ...columns(input), updatedAt: now })
      .where(mine(userId, id))
      .returning({ id: s.addresses.id });
    if (!row) return null;
    if (input.defaultShipping) await makeDefault(tx, userId, id, 'shipping');
    if (input.defaultBilling) await makeDefault(tx, userId, id, 'billing');
    const [saved] = await tx.select().from(s.addresses).where(eq(s.addresses.id, id));
    return saved!;
  });
}

/** Deletes an address; a default role it held goes to the oldest remaining address. False when not the user's. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  if (!validId(id)) return Promise.resolve(false);
  return change(db, userId, async (tx) => {
    const [gone] = await tx.delete(s.addresses).where(mine(userId, id)).returning();
    if (!gone) return false;
    if (gone.isDefaultShipping || gone.isDefaultBilling) {
      const [heir] = await tx.select({ id: s.addresses.id }).from(s.addresses).where(eq(s.addresses.userId, userId)).orderBy(asc(s.addresses.id)).limit(1);
      if (heir && gone.isDefaultShipping) await makeDefault(tx, userId, heir.id, 'shipping');
      if (heir && gone.isDefaultBilling) await makeDefault(tx, userId, heir.id, 'billing');
    }
    return true;
  });
}

/** Makes the address the default for shipping or billing. False when it is not the user's. */
export function setDefaultAddress(db: Db, userId: number, id: number, kind: AddressKind): Promise<boolean> {
  if (!validId(id)) return Promise.resolve(false);
  return change(db, userId, async (tx) => {
    const [row] = await tx.select({ id: s.addresses.id }).from(s.addresses).where(mine(userId, id));
    if (!row) return false;
    await makeDefault(tx, userId, id, kind);
    return true;
  });
}

/** The default shipping and billing addresses (null when the user has none). */
export function defaultAddresses(addresses: readonly SavedAddress[]): { shipping: SavedAddress | null; billing: SavedAddress | null } {
  return { shipping: addresses.find((a) => a.isDefaultShipping) ?? null, billing: addresses.find((a) => a.isDefaultBilling) ?? null };
}

export type AddressCountry = { iso: string; name: string; requiresState: boolean };

/** Every country the shop ships to (of any region), by ISO code: names and province rules for saved addresses. */
export async function addressCountries(db: Db): Promise<Map<string, AddressCountry>> {
  const byIso = new Map<string, AddressCountry>();
  for (const r of await listRegions(db)) for (const c of r.countries) byIso.set(c.iso, { iso: c.iso, name: c.name, requiresState: c.requiresState });
  return byIso;
}

/** SPEC §5: may this address be used (and be a default) in the visitor's region? */
export const allowedInRegion = (region: Pick<Region, 'countries'>, iso: string) => region.countries.some((c) => c.iso.toUpperCase() === iso.toUpperCase());

/**
 * The user's default shipping and billing addresses (one row when one address has both roles) as one JSON array:
 * a part of the account overview's statement (app/flows/account-overview.server.ts). The keys are SavedAddress's,
 * without the owner and the timestamps, which the pages never get.
 */
export function defaultAddressesJson(userId: number): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', a.id, 'firstName', a.first_name, 'lastName', a.last_name, 'phone', a.phone,
      'line1', a.line1, 'line2', a.line2, 'city', a.city, 'postalCode', a.postal_code, 'countryIso', a.country_iso, 'state', a.state,
      'isDefaultShipping', a.is_default_shipping, 'isDefaultBilling', a.is_default_billing) order by a.id), '[]')
    from addresses a where a.user_id = ${userId} and (a.is_default_shipping or a.is_default_billing))`;
}

/** For the account overview: the default shipping and billing addresses of defaultAddressesJson, ready to show. */
export function defaultAddressViews(
  rows: AddressFields[],
  countries: Map<string, AddressCountry>,
  region: Pick<Region, 'countries'>,
): { shipping: AddressView | null; billing: AddressView | null } {
  const view = (a: AddressFields | undefined) =>
    a
      ? toAddressView(
          a,
          (iso) => countries.get(iso)?.name,
          (iso) => allowedInRegion(region, iso),
        )
      : null;
  return { shipping: view(rows.find((a) => a.isDefaultShipping)), billing: view(rows.find((a) => a.isDefaultBilling)) };
}

/**
 * For the checkout: the saved addresses allowed in this region (SPEC §5) and which of them fill the form:
 * ?verzendadres= / ?factuuradres= (the no-JS pick), else the defaults.
 */
export async function checkoutAddresses(db: Db, userId: number, region: Pick<Region, 'countries' | 'name'>, query: URLSearchParams) {
  const names = new Map(region.countries.map((c) => [c.iso, c.name]));
  const all = await listAddresses(db, userId);
  // SPEC §5: a default shipping address outside this region cannot be used; the checkout says so.
  const outside = defaultAddresses(all).shipping;
  const defaultOutsideRegion =
    outside && !allowedInRegion(region, outside.countryIso)
      ? { country: (await addressCountries(db)).get(outside.countryIso)?.name ?? outside.countryIso, region: region.name }
      : null;
  const addresses = all
    .filter((a) => allowedInRegion(region, a.countryIso))
    .map((a) =>
      toAddressView(
        a,
        (iso) => names.get(iso),
        () => true,
      ),
    );
  const pick = (param: string, fallback: AddressView | undefined) => {
    const id = addressIdSchema.safeParse(query.get(param));
    return (id.success ? addresses.find((a) => a.id === id.data) : undefined) ?? fallback ?? null;
  };
  return {
    addresses,
    defaultOutsideRegion,
    shipping: pick(
      'verzendadres',
      addresses.find((a) => a.isDefaultShipping),
    ),
    billing: pick(
      'factuuradres',
      addresses.find((a) => a.isDefaultBilling),
    ),
  };
}
