import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { adjustCredit, changeCredit, CreditError, creditBalance, creditBalanceIn, creditLedger, grantCredit, spendCredit } from './credit.server.ts';

const cli = { staffId: null, label: 'cli', clientAddress: 'local' };

describeEachDatabase('store credit ledger', (database) => {
  it('grants, spends and keeps the balance per currency, with the balance after each line', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await db.transaction((tx) => grantCredit(tx, { userId: user, currency: 'EUR', amountMinor: 1500, kind: 'claim', reason: 'niet gekiemd', sourceKey: `claim:${user}:1` }));
    await db.transaction((tx) => grantCredit(tx, { userId: user, currency: 'GBP', amountMinor: 700, kind: 'staff', reason: 'goodwill', sourceKey: `staff:${user}:1` }));
    const order = await insertTestOrder(db, { email: `spend-${user}@example.nl`, userId: user, status: 'new' });
    await db.transaction((tx) => spendCredit(tx, { userId: user, currency: 'EUR', amountMinor: 400, orderId: order.id }));
    expect(await creditBalance(db, user)).toEqual([
      { currency: 'EUR', balanceMinor: 1100 },
      { currency: 'GBP', balanceMinor: 700 },
    ]);
    const ledger = await creditLedger(db, user);
    expect(ledger.map((l) => [l.kind, l.currency, l.amountMinor, l.balanceAfterMinor])).toEqual([
      ['checkout', 'EUR', -400, 1100],
      ['staff', 'GBP', 700, 700],
      ['claim', 'EUR', 1500, 1500],
    ]);
  });

  it('books a source key once: a retried grant returns the first entry', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    const grant = () => db.transaction((tx) => grantCredit(tx, { userId: user, currency: 'EUR', amountMinor: 900, kind: 'refund', sourceKey: `refund:test-${user}` }));
    const first = await grant();
    const again = await grant();
    expect(first.existing).toBe(false);
    expect(again).toMatchObject({ existing: true, entry: { id: first.entry.id } });
    expect(await creditBalanceIn(db, user, 'EUR')).toBe(900);
  });

  it('refuses a debit larger than the balance, whole, and never stores a negative balance', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await db.transaction((tx) => grantCredit(tx, { userId: user, currency: 'EUR', amountMinor: 500, kind: 'claim', sourceKey: `claim:neg-${user}` }));
    const debit = db.transaction((tx) => changeCredit(tx, { userId: user, currency: 'EUR', amountMinor: -501, kind: 'staff', reason: 'te veel', sourceKey: `staff:neg-${user}` }));
    await expect(debit).rejects.toMatchObject({ code: 'insufficient', balanceMinor: 500 });
    await expect(db.transaction((tx) => grantCredit(tx, { userId: user, currency: 'EUR', amountMinor: -5, kind: 'claim', sourceKey: `x-${user}` }))).rejects.toBeInstanceOf(CreditError);
    // The database's own guard, for a code path that would forget the check.
    await expect(db.update(s.creditBalances).set({ balanceMinor: -1 }).where(eq(s.creditBalances.userId, user))).rejects.toThrow();
    expect(await creditBalanceIn(db, user, 'EUR')).toBe(500);
  });

  it('ten debits at once of a balance that covers three: three booked, the rest refused, balance 0 or more', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await db.transaction((tx) => grantCredit(tx, { userId: user, currency: 'EUR', amountMinor: 1000, kind: 'claim', sourceKey: `claim:race-${user}` }));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => db.transaction((tx) => changeCredit(tx, { userId: user, currency: 'EUR', amountMinor: -300, kind: 'staff', reason: 'race', sourceKey: `staff:race-${user}-${i}` }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof CreditError)).toBe(true);
    expect(await creditBalanceIn(db, user, 'EUR')).toBe(100);
    const lines = await creditLedger(db, user);
    expect(lines.reduce((n, l) => n + l.amountMinor, 0)).toBe(100);
    expect(lines.every((l) => l.balanceAfterMinor >= 0)).toBe(true);
  });

  it('a staff adjustment is audited in Dutch terms once, also when the form is sent twice', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    const input = { userId: user, currency: 'EUR', amountMinor: 250, reason: 'excuus voor de vertraging', key: `form-${user}` };
    await adjustCredit(db, cli, input);
    await adjustCredit(db, cli, input);
    const audit = await db.select().from(s.auditLog).where(eq(s.auditLog.entityId, String(user)));
    expect(audit.filter((a) => a.action === 'customer.credit')).toHaveLength(1);
    expect(audit.find((a) => a.action === 'customer.credit')?.after).toMatchObject({ amountMinor: 250, currency: 'EUR', reason: 'excuus voor de vertraging', balanceMinor: 250 });
    expect(await adjustCredit(db, cli, { ...input, userId: 999_999, key: 'other' })).toBeNull();
  });

  it('two staff forms opened on the same balance: the second is refused once the first booked, in that currency only', async () => {
    const { db } = database();
    const user = await insertTestUser(db);
    await adjustCredit(db, cli, { userId: user, currency: 'GBP', amountMinor: 300, reason: 'eerder', key: `gbp-${user}` });
    const shownId = (await creditLedger(db, user))[0]!.id;
    const form = { userId: user, currency: 'EUR', amountMinor: 500, reason: 'excuus', shownId };
    await adjustCredit(db, cli, { ...form, key: `first-${user}` });
    await expect(adjustCredit(db, cli, { ...form, key: `second-${user}` })).rejects.toMatchObject({ code: 'changed', balanceMinor: 500 });
    expect(await creditBalanceIn(db, user, 'EUR')).toBe(500);
    // A change in another currency since the form was shown does not make a EUR form stale.
    await adjustCredit(db, cli, { userId: user, currency: 'GBP', amountMinor: 100, reason: 'later', key: `gbp2-${user}` });
    const eurShown = (await creditLedger(db, user)).find((l) => l.currency === 'EUR')!.id;
    await adjustCredit(db, cli, { ...form, shownId: eurShown, key: `third-${user}` });
    expect(await creditBalanceIn(db, user, 'EUR')).toBe(1000);
  });
});

