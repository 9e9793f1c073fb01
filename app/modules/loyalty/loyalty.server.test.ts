import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { adjustPoints, changePoints, LoyaltyError, loyaltyLedger, loyaltyStaffView, loyaltySummary, pointsBalance, readLoyaltySettings, saveLoyaltySettings, spendPoints } from './loyalty.server.ts';
import { DEFAULT_LOYALTY } from './loyalty.ts';

const cli = { staffId: null, label: 'cli', clientAddress: 'local' };

describeEachDatabase('Kiempunten ledger', (database) => {
  const grant = (userId: number, points: number, key: string) => database().db.transaction((tx) => changePoints(tx, { userId, points, kind: 'staff', reason: 'test', sourceKey: key }));

  it('adds and spends with the balance after each line; a source key books once', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await grant(user, 500, `t:${user}:1`);
    expect((await grant(user, 500, `t:${user}:1`)).existing).toBe(true);
    const order = await insertTestOrder(db, { email: `pts-${user}@example.nl`, userId: user, status: 'new' });
    await db.transaction((tx) => spendPoints(tx, { userId: user, points: 120, orderId: order.id }));
    expect(await pointsBalance(db, user)).toBe(380);
    expect((await loyaltyLedger(db, user)).map((l) => [l.kind, l.points, l.balanceAfter, l.orderNumber])).toEqual([
      ['checkout', -120, 380, order.number],
      ['staff', 500, 500, null],
    ]);
  });

  it('refuses spending more than the balance, whole; a reversal takes what is there and records the rest', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await grant(user, 50, `t:${user}:a`);
    await expect(db.transaction((tx) => changePoints(tx, { userId: user, points: -51, kind: 'staff', sourceKey: `t:${user}:b` }))).rejects.toMatchObject({ code: 'insufficient', balance: 50 });
    const { entry } = await db.transaction((tx) => changePoints(tx, { userId: user, points: -80, kind: 'reversal', partial: true, sourceKey: `t:${user}:c` }));
    expect(entry).toMatchObject({ points: -50, missedPoints: 30, balanceAfter: 0 });
    // Nothing left at all: the reversal is still recorded, with 0 points taken.
    const { entry: empty } = await db.transaction((tx) => changePoints(tx, { userId: user, points: -5, kind: 'reversal', partial: true, sourceKey: `t:${user}:d` }));
    expect(empty).toMatchObject({ points: 0, missedPoints: 5, balanceAfter: 0 });
    await expect(db.update(s.loyaltyBalances).set({ points: -1 }).where(eq(s.loyaltyBalances.userId, user))).rejects.toThrow();
  });

  it('ten spends at once of a balance that covers three: three booked, the rest refused', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await grant(user, 1000, `t:${user}:race`);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => db.transaction((tx) => changePoints(tx, { userId: user, points: -300, kind: 'staff', sourceKey: `t:${user}:race-${i}` }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof LoyaltyError)).toBe(true);
    expect(await pointsBalance(db, user)).toBe(100);
  });

  it('a staff adjustment is audited once; a form older than the newest entry is refused', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    const input = { userId: user, points: 40, reason: 'excuus', key: `form-${user}`, shownId: 0 };
    await adjustPoints(db, cli, input);
    await adjustPoints(db, cli, input);
    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, String(user)));
    expect(audit.filter((a) => a.action === 'customer.points').map((a) => a.after)).toEqual([{ delta: 40, reason: 'excuus', balance: 40 }]);
    await expect(adjustPoints(db, cli, { ...input, key: `second-${user}` })).rejects.toMatchObject({ code: 'changed', balance: 40 });
    const shownId = (await loyaltyLedger(db, user))[0]!.id;
    await expect(adjustPoints(db, cli, { ...input, points: -41, key: `third-${user}`, shownId })).rejects.toMatchObject({ code: 'insufficient' });
    expect(await adjustPoints(db, cli, { ...input, userId: 999_999, key: 'x' })).toBeNull();
  });

  it('the settings are saved audited; the account summary reads balance, spend and tier in one go', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    const settings = { ...DEFAULT_LOYALTY, reviewPoints: 30, tiers: DEFAULT_LOYALTY.tiers.map((t, i) => (i === 1 ? { ...t, minSpendMinor: 1000 } : t)) };
    await saveLoyaltySettings(db, cli, settings);
    expect(await readLoyaltySettings(db)).toEqual(settings);
    const [audit] = await db.select().from(s.auditLog).where(eq(s.auditLog.action, 'settings.loyalty'));
    expect(audit!.after).toEqual(settings);
    await insertTestOrder(db, { email: `tier-${user}@example.nl`, userId: user, status: 'shipped' });
    await grant(user, 75, `t:${user}:sum`);
    expect(await loyaltySummary(db, user)).toMatchObject({
      points: 75,
      spendMinor: 3000,
      card: { points: '75 punten', lines: ['Waard €\u00a00,75 korting bij een volgende bestelling.', 'Niveau Zilver: 1,25% terug in punten', 'Nog €\u00a0720,00 besteden in 12 maanden voor Goud.'] },
    });
    await saveLoyaltySettings(db, cli, DEFAULT_LOYALTY);
  });

  it('the customer page reads the card in staff words: "Op het hoogste niveau.", not "Je zit …"', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    // Thresholds so low that one order reaches the top tier.
    await saveLoyaltySettings(db, cli, { ...DEFAULT_LOYALTY, tiers: DEFAULT_LOYALTY.tiers.map((t, i) => ({ ...t, minSpendMinor: i * 100 })) });
    await insertTestOrder(db, { email: `top-${user}@example.nl`, userId: user, status: 'shipped' });
    try {
      expect((await loyaltySummary(db, user)).card.lines).toContain('Je zit op het hoogste niveau.');
      const { view } = await loyaltyStaffView(db, user);
      expect(view.lines).toContain('Op het hoogste niveau.');
      expect([view.points, ...view.lines].filter((l) => /\bje\b/i.test(l))).toEqual([]);
    } finally {
      await saveLoyaltySettings(db, cli, DEFAULT_LOYALTY);
    }
  });
});
