import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { OrderStatus } from '~/db/schema/commerce.ts';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder, testAddress as address } from '~/test/test-order.server.ts';
import { logIn, signUp } from '~/modules/accounts/accounts.server.ts';
import { hashPassword } from '~/lib/passwords.server.ts';
import { createSession, getSession } from '~/modules/accounts/sessions.server.ts';
import { saveReview } from '~/modules/reviews/reviews.server.ts';
import { applyAsAffiliate } from '~/modules/affiliates/affiliates.server.ts';
import { insertClaim } from '~/modules/claims/claims.server.ts';
import { forfeitCredit, grantCredit, spendCredit } from '~/modules/credit/credit.server.ts';
import { changePoints, spendPoints } from '~/modules/loyalty/loyalty.server.ts';
import { deleteAccount, exportAccountData, FORFEIT_REASON } from './account-privacy.server.ts';

const PASSWORD = 'zomer in de moestuin 42';

describeEachDatabase('privacy: export and deletion', (database) => {
  let seq = 0;
  const newUser = async () => {
    const { db } = database();
    const email = `sanne${++seq}.${Date.now()}@example.nl`;
    const [u] = await db
      .insert(s.users)
      .values({
        email,
        name: 'Sanne de Vries',
        dateOfBirth: '1990-04-12',
        passwordHash: await hashPassword(PASSWORD),
        emailVerifiedAt: new Date(),
        growingSince: 2015,
        cultivationMethod: 'indoor',
      })
      .returning({ id: s.users.id, email: s.users.email });
    return u!;
  };
  const order = (owner: { id: number | null; email: string }, status: OrderStatus) =>
    insertTestOrder(database().db, { email: owner.email, userId: owner.id, status });

  it('exports the account, profile, addresses, wishlist, sessions and orders as JSON, never the password hash', async () => {
    const { db } = database();
    const user = await newUser();
    const [product] = await db.select({ id: s.products.id, slug: s.products.slug }).from(s.products).limit(1);
    await db.insert(s.addresses).values({ userId: user.id, ...address, isDefaultShipping: true });
    await db.insert(s.wishlistItems).values({ userId: user.id, productId: product!.id });
    await db.insert(s.favouriteStrains).values({ userId: user.id, productId: product!.id });
    await createSession(db, user.id, 'Mozilla/5.0 Firefox/140.0');
    const placed = await order(user, 'shipped');
    await order({ id: null, email: 'iemand.anders@example.nl' }, 'shipped');
    await saveReview(db, {
      userId: user.id,
      productId: product!.id,
      authorName: 'Sanne V.',
      rating: 5,
      title: 'Prachtig',
      body: 'Snel geleverd en netjes verpakt, de zaden zien er gaaf uit.',
    });

    await applyAsAffiliate(db, user.id, { website: 'https://zadenblog.example', promotion: 'Een blog over verzamelen', payoutName: 'S. de Vries', payoutIban: 'NL91ABNA0417164300' });
    const data = await exportAccountData(db, user.id);
    expect(data!.affiliate).toMatchObject({ status: 'pending', website: 'https://zadenblog.example', payoutIban: 'NL91ABNA0417164300' });
    expect(data).toMatchObject({
      account: { name: 'Sanne de Vries', email: user.email, dateOfBirth: '1990-04-12' },
      growerProfile: { growingSince: 2015, cultivationMethod: 'indoor', favouriteStrains: [{ slug: product!.slug }] },
      addresses: [{ firstName: 'Sanne', city: 'Amsterdam', countryIso: 'NL', isDefaultShipping: true }],
      wishlist: [{ slug: product!.slug }],
      reviews: [{ slug: product!.slug, rating: 5, title: 'Prachtig' }],
      sessions: [{ userAgent: 'Mozilla/5.0 Firefox/140.0' }],
    });
    expect(data!.orders.map((o) => o.number)).toEqual([placed.number]);
    expect(data!.orders[0]!.lines).toEqual([{ product: 'Skunk #1', seeds: 3, quantity: 1, unitPriceMinor: 3000, free: false }]);
    const json = JSON.stringify(data);
    expect(json).not.toContain('argon2');
    expect(json).not.toMatch(/passwordHash|"userId"/);
  });

  it('deletes after the password: personal data gone, orders kept anonymised, the session ends, the address can sign up again', async () => {
    const { db } = database();
    const user = await newUser();
    await db.insert(s.addresses).values({ userId: user.id, ...address });
    const token = await createSession(db, user.id, null);
    const placed = await order(user, 'shipped');
    await applyAsAffiliate(db, user.id, { website: 'https://zadenblog.example', promotion: 'Een blog over verzamelen', payoutName: 'S. de Vries', payoutIban: 'NL91ABNA0417164300' });
    const [strain] = await db.select().from(s.products).where(eq(s.products.slug, 'skunk-1'));
    await saveReview(db, {
      userId: user.id,
      productId: strain!.id,
      authorName: 'Sanne V.',
      rating: 1,
      title: 'Tegenvaller',
      body: 'Niet wat ik verwachtte, het pakket was beschadigd en te laat.',
    });
    const reviewed = (await db.select().from(s.products).where(eq(s.products.id, strain!.id)))[0]!;
    expect(reviewed.reviewCount).toBe(strain!.reviewCount + 1);

    expect(await deleteAccount(db, user.id, 'niet mijn wachtwoord')).toEqual({ ok: false, reason: 'wrong_password' });
    expect(await getSession(db, token)).not.toBeNull();

    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: true });
    // Their review is gone and the strain's numbers are back to what they were.
    expect(await db.select().from(s.reviews).where(eq(s.reviews.userId, user.id))).toEqual([]);
    expect((await db.select().from(s.products).where(eq(s.products.id, strain!.id)))[0]).toMatchObject({
      reviewCount: strain!.reviewCount,
      ratingAvg: strain!.ratingAvg,
    });
    expect(await getSession(db, token)).toBeNull();
    expect(await logIn(db, user.email, PASSWORD)).toBeNull();
    expect(await exportAccountData(db, user.id)).toBeNull();
    // The affiliate row stays for the books, switched off and without the site's description.
    expect((await db.select().from(s.affiliates).where(eq(s.affiliates.userId, user.id)))[0]).toMatchObject({ status: 'suspended', website: '', promotion: '' });
    const [row] = await db.select().from(s.users).where(eq(s.users.id, user.id));
    expect(row).toMatchObject({ name: '', passwordHash: '!', growingSince: null, cultivationMethod: null });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.email).not.toBe(user.email);
    expect(await db.select().from(s.addresses).where(eq(s.addresses.userId, user.id))).toEqual([]);

    const [kept] = await db.select().from(s.orders).where(eq(s.orders.id, placed.id));
    expect(kept).toMatchObject({ totalMinor: 3500, currency: 'EUR', status: 'shipped' });
    expect(kept!.email).not.toBe(user.email);
    expect(kept!.shippingAddress).toEqual({ ...Object.fromEntries(Object.keys(address).map((k) => [k, ''])), countryIso: 'NL', countryName: 'Nederland' });
    expect(await db.select().from(s.orderLines).where(eq(s.orderLines.orderId, placed.id))).toHaveLength(1);

    // A second delete (double submit) finds nothing to delete.
    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: false, reason: 'wrong_password' });
    // The address is free again: signing up with it makes a new account.
    await signUp(db, { name: 'Sanne', email: user.email, dateOfBirth: '1990-04-12', password: PASSWORD }, { origin: 'http://shop.test' });
    const again = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, user.email));
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(user.id);
  });

  it('"Mail me als het er weer is": the export lists them, made logged in or as a guest with the address; deletion removes them all', async () => {
    const { db } = database();
    const user = await newUser();
    const packs = await db.select({ id: s.productPacks.id }).from(s.productPacks).where(eq(s.productPacks.isFree, false)).limit(3);
    const row = (packId: number, over: Partial<typeof s.restockSubscriptions.$inferInsert>) => ({
      packId,
      email: user.email,
      status: 'waiting' as const,
      unsubscribeToken: `${'x'.repeat(30)}${seq}${packId}`.padEnd(43, 'y'),
      origin: 'https://shop.test',
      ...over,
    });
    await db.insert(s.restockSubscriptions).values([
      row(packs[0]!.id, { userId: user.id }),
      row(packs[1]!.id, { status: 'pending' }),
      row(packs[2]!.id, { email: 'iemand.anders@example.nl' }),
    ]);
    const data = await exportAccountData(db, user.id);
    expect(data!.restockMails.map((r) => [r.email, r.status])).toEqual([
      [user.email, 'waiting'],
      [user.email, 'pending'],
    ]);
    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: true });
    expect(await db.select().from(s.restockSubscriptions).where(eq(s.restockSubscriptions.email, user.email))).toEqual([]);
    expect(await db.select().from(s.restockSubscriptions).where(eq(s.restockSubscriptions.email, 'iemand.anders@example.nl'))).toHaveLength(1);
  });

  it('exports the claims (states, not photo bytes), the credit ledger and the Kiempunten; deletion waits for an open claim, then drops photos and notes and writes the credit off', async () => {
    const { db } = database();
    const user = await newUser();
    const placed = await order(user, 'shipped');
    const [line] = await db.select().from(s.orderLines).where(eq(s.orderLines.orderId, placed.id));
    const photo = { data: new Uint8Array([82, 73, 70, 70, 7, 7, 7]), width: 800, height: 600 };
    const claimId = (await db.transaction((tx) =>
      insertClaim(tx, { orderId: placed.id, orderLineId: line!.id, seedsSown: 3, seedsFailed: 2, method: 'paper', note: 'Op de vensterbank in de keuken', photos: [photo, photo] }, new Date()),
    ))!;
    await db.transaction((tx) => grantCredit(tx, { userId: user.id, currency: 'EUR', amountMinor: 1500, kind: 'refund', reason: 'Op verzoek', sourceKey: `refund:privacy-${user.id}` }));
    await db.transaction((tx) => spendCredit(tx, { userId: user.id, currency: 'EUR', amountMinor: 400, orderId: placed.id }));

    const data = (await exportAccountData(db, user.id))!;
    expect(data.germinationClaims).toEqual([
      expect.objectContaining({ orderNumber: placed.number, product: 'Skunk #1', seeds: 3, state: 'submitted', outcome: null, seedsSown: 3, seedsFailed: 2, method: 'paper', note: 'Op de vensterbank in de keuken', photos: 2, decidedAt: null }),
    ]);
    // The photos are counted, never sent: no bytes (a Uint8Array would be an object of numbered keys in JSON).
    expect(JSON.stringify(data.germinationClaims)).not.toMatch(/"0":82|"data"/);
    expect(data.storeCredit).toEqual({
      balances: [{ currency: 'EUR', balanceMinor: 1100 }],
      ledger: [
        expect.objectContaining({ kind: 'refund', currency: 'EUR', amountMinor: 1500, balanceAfterMinor: 1500, reason: 'Op verzoek', orderNumber: null }),
        expect.objectContaining({ kind: 'checkout', currency: 'EUR', amountMinor: -400, balanceAfterMinor: 1100, orderNumber: placed.number }),
      ],
    });
    expect(data.orders[0]).toMatchObject({ number: placed.number, creditMinor: 0 });
    expect(data.kiempunten).toEqual({ balance: 0, ledger: [] });
    await db.transaction((tx) => changePoints(tx, { userId: user.id, points: 120, kind: 'staff', reason: 'Welkom', sourceKey: `loyalty:staff:privacy-${user.id}` }));
    await db.transaction((tx) => spendPoints(tx, { userId: user.id, points: 20, orderId: placed.id }));
    expect((await exportAccountData(db, user.id))!.kiempunten).toEqual({
      balance: 100,
      ledger: [
        expect.objectContaining({ kind: 'staff', points: 120, balanceAfter: 120, reason: 'Welkom', orderNumber: null }),
        expect.objectContaining({ kind: 'checkout', points: -20, balanceAfter: 100, orderNumber: placed.number }),
      ],
    });

    // A claim waiting for staff blocks the deletion (it would be approved onto an erased account); nothing changes.
    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: false, reason: 'open_claims' });
    expect(await db.select({ id: s.germinationClaimPhotos.id }).from(s.germinationClaimPhotos).where(eq(s.germinationClaimPhotos.claimId, claimId))).toHaveLength(2);
    expect(await logIn(db, user.email, PASSWORD)).not.toBeNull();

    // Decided, the account can go: photos and the customer's note go, the claim stays for the books, the credit is written off.
    await db.update(s.germinationClaims).set({ state: 'rejected', reason: 'Geen zaden van ons op de foto', decidedAt: new Date() }).where(eq(s.germinationClaims.id, claimId));
    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: true });
    expect(await db.select({ id: s.germinationClaimPhotos.id }).from(s.germinationClaimPhotos).where(eq(s.germinationClaimPhotos.claimId, claimId))).toEqual([]);
    expect((await db.select().from(s.germinationClaims).where(eq(s.germinationClaims.id, claimId)))[0]).toMatchObject({ state: 'rejected', seedsFailed: 2, note: '', reason: 'Geen zaden van ons op de foto' });
    expect((await db.select().from(s.creditBalances).where(eq(s.creditBalances.userId, user.id)))[0]).toMatchObject({ currency: 'EUR', balanceMinor: 0 });
    const ledger = await db.select().from(s.creditLedger).where(eq(s.creditLedger.userId, user.id)).orderBy(s.creditLedger.id);
    expect(ledger.map((l) => [l.kind, l.amountMinor, l.balanceAfterMinor])).toEqual([
      ['refund', 1500, 1500],
      ['checkout', -400, 1100],
      ['staff', -1100, 0],
    ]);
    expect(ledger[2]!.reason).toBe(FORFEIT_REASON);
    // Written off once: a second write-off finds nothing left.
    expect(await db.transaction((tx) => forfeitCredit(tx, user.id, FORFEIT_REASON))).toEqual([]);
    expect(await db.select().from(s.creditLedger).where(eq(s.creditLedger.userId, user.id))).toHaveLength(3);
  });

  it('is refused while an order is on its way, and nothing changes', async () => {
    const { db } = database();
    const user = await newUser();
    const open = await order(user, 'processing');
    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: false, reason: 'open_orders' });
    const [kept] = await db.select().from(s.orders).where(eq(s.orders.id, open.id));
    expect(kept!.email).toBe(user.email);
    expect(await logIn(db, user.email, PASSWORD)).not.toBeNull();
  });

  it('counts password attempts in the log-in’s per-account bucket: the 11th is refused, even with the right password', async () => {
    const { db } = database();
    const user = await newUser();
    for (let i = 0; i < 10; i++) expect(await deleteAccount(db, user.id, 'niet mijn wachtwoord')).toEqual({ ok: false, reason: 'wrong_password' });
    expect(await deleteAccount(db, user.id, PASSWORD)).toEqual({ ok: false, reason: 'rate_limited' });
    expect(await logIn(db, user.email, PASSWORD)).not.toBeNull();
  });
});
