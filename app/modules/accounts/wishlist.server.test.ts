import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { parseWishlistForm } from './wishlist.schemas.ts';
import { addToWishlist, heartIds, removeFromWishlist, WISHLIST_MAX, wishlistProductIds } from './wishlist.server.ts';
import { wishlistCards } from '~/flows/wishlist-cards.server.ts';
import { insertTestUser } from '~/test/test-user.server.ts';

const request = new Request('http://shop.test/account/wishlist');

describeEachDatabase('wishlist', (database) => {
  let products: { id: number; slug: string }[];
  /** A fresh user per test, so tests do not share a list. */
  const user = () => insertTestUser(database().db, { emailPrefix: 'kweker' });

  const rows = async (userId: number) =>
    (await database().db.select().from(s.wishlistItems).where(eq(s.wishlistItems.userId, userId))).map((r) => r.productId).sort((a, b) => a - b);

  beforeAll(async () => {
    products = await database().db.select({ id: s.products.id, slug: s.products.slug }).from(s.products).orderBy(asc(s.products.id)).limit(6);
    expect(products).toHaveLength(6);
  });

  it('adds, lists newest first as product cards, and removes', async () => {
    const { db } = database();
    const u = await user();
    const [a, b] = products;
    expect(await addToWishlist(db, u, a!.id)).toEqual({ ok: true });
    // Same transaction clock would tie the timestamps: make the order explicit.
    await db
      .update(s.wishlistItems)
      .set({ addedAt: sql`now() - interval '1 minute'` })
      .where(eq(s.wishlistItems.userId, u));
    expect(await addToWishlist(db, u, b!.id)).toEqual({ ok: true });
    expect(await wishlistProductIds(db, u)).toEqual([b!.id, a!.id]);

    const cards = await wishlistCards(db, request, u);
    expect(cards.map((c) => c.slug)).toEqual([b!.slug, a!.slug]);
    expect(cards[0]).toMatchObject({ id: b!.id, currency: 'EUR' });
    expect(Object.keys(cards[0]!)).toEqual(expect.arrayContaining(['name', 'type', 'fromPrice', 'thc']));

    await removeFromWishlist(db, u, b!.id);
    expect(await wishlistProductIds(db, u)).toEqual([a!.id]);
    // Removing what is not there is no error.
    await removeFromWishlist(db, u, b!.id);
    expect(await wishlistProductIds(db, u)).toEqual([a!.id]);
    await removeFromWishlist(db, u, a!.id);
    expect(await wishlistCards(db, request, u)).toEqual([]);
  });

  it('the hearts\' ids are kept per user and follow every add and remove at once', async () => {
    const { db } = database();
    const [u, other] = [await user(), await user()];
    const [a, b] = products;
    expect(await heartIds(db, u)).toEqual([]);
    await addToWishlist(db, u, a!.id);
    expect(await heartIds(db, u)).toEqual([a!.id]);
    // Kept: a row written behind the module's back is not seen until the list changes through it.
    await db.insert(s.wishlistItems).values({ userId: u, productId: b!.id });
    expect(await heartIds(db, u)).toEqual([a!.id]);
    await removeFromWishlist(db, u, a!.id);
    expect(await heartIds(db, u)).toEqual([b!.id]);
    expect(await heartIds(db, other)).toEqual([]);
  });

  it('a second add of the same strain is a success and leaves one row', async () => {
    const { db } = database();
    const u = await user();
    expect(await addToWishlist(db, u, products[0]!.id)).toEqual({ ok: true });
    expect(await addToWishlist(db, u, products[0]!.id)).toEqual({ ok: true });
    expect(await rows(u)).toEqual([products[0]!.id]);
  });

  it('20 concurrent adds of one strain leave one row and no error', async () => {
    const { db } = database();
    const u = await user();
    const results = await Promise.all(Array.from({ length: 20 }, () => addToWishlist(db, u, products[1]!.id)));
    expect(results).toEqual(Array.from({ length: 20 }, () => ({ ok: true })));
    expect(await rows(u)).toEqual([products[1]!.id]);
  });

  it('lists are per user: B cannot remove A’s strain, and sees none of A’s', async () => {
    const { db } = database();
    const [alice, bob] = [await user(), await user()];
    await addToWishlist(db, alice, products[2]!.id);
    await addToWishlist(db, alice, products[3]!.id);
    await addToWishlist(db, bob, products[3]!.id);
    await removeFromWishlist(db, bob, products[2]!.id);
    await removeFromWishlist(db, bob, products[3]!.id);
    expect(await rows(alice)).toEqual([products[2]!.id, products[3]!.id].sort((x, y) => x - y));
    expect(await wishlistProductIds(db, bob)).toEqual([]);
  });

  it('refuses an unknown strain with a Dutch message, without touching the list', async () => {
    const { db } = database();
    const u = await user();
    expect(await addToWishlist(db, u, 2_000_000_000)).toEqual({ ok: false, error: 'Deze soort bestaat niet (meer) en kan niet worden bewaard.' });
    expect(await rows(u)).toEqual([]);
  });

  it(`caps the list (${WISHLIST_MAX} by default) with a Dutch message; saving a strain already on a full list still succeeds`, async () => {
    const { db } = database();
    expect(WISHLIST_MAX).toBe(200);
    const u = await user();
    for (const p of products.slice(0, 3)) expect(await addToWishlist(db, u, p.id, { max: 3 })).toEqual({ ok: true });
    expect(await addToWishlist(db, u, products[3]!.id, { max: 3 })).toEqual({
      ok: false,
      error: 'Je verlanglijst is vol: je kunt maximaal 3 soorten bewaren. Verwijder eerst een soort die je niet meer zoekt.',
    });
    expect(await addToWishlist(db, u, products[0]!.id, { max: 3 })).toEqual({ ok: true });
    expect(await rows(u)).toHaveLength(3);
  });

  it('the cap holds under concurrent adds of different strains', async () => {
    const { db } = database();
    const u = await user();
    const results = await Promise.all(products.map((p) => addToWishlist(db, u, p.id, { max: 4 })));
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(await rows(u)).toHaveLength(4);
  });
});

describe('parseWishlistForm', () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  it('reads the intent and product id', () => {
    expect(parseWishlistForm(form({ intent: 'add', productId: ' 12 ', redirectTo: '/product/x', js: '1' }))).toEqual({
      ok: true,
      action: { intent: 'add', productId: 12 },
    });
    expect(parseWishlistForm(form({ intent: 'remove', productId: '3' }))).toEqual({ ok: true, action: { intent: 'remove', productId: 3 } });
  });
  it.each([
    { intent: 'add', productId: 'abc' },
    { intent: 'add', productId: '0' },
    { intent: 'add', productId: '99999999999' },
    { intent: 'add', productId: '1e3' },
    { intent: 'wipe', productId: '1' },
    {},
  ])('refuses %o with the unknown-strain message', (fields) => {
    expect(parseWishlistForm(form(fields as Record<string, string>))).toEqual({
      ok: false,
      error: 'Deze soort bestaat niet (meer) en kan niet worden bewaard.',
    });
  });
});
