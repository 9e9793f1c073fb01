import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { applyAsAffiliate } from '~/modules/affiliates/affiliates.server.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { addStaff } from '~/modules/staff/staff.server.ts';
import { affiliateOverview, decideApplication, markPayoutPaid, setCommissionPercent } from './affiliate-admin.server.ts';

const DAY = 24 * 60 * 60_000;

describeEachDatabase('back office: affiliates', (database) => {
  const db = () => database().db;
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  let seq = 0;
  async function owner(): Promise<Actor> {
    const added = await addStaff(db(), cli, { email: `eigenaar.${crypto.randomUUID()}@kiemkracht.nl`, name: 'Olga Owner', role: 'owner' });
    if (!added.ok) throw new Error('staff not added');
    return { staffId: added.staffId, label: 'Olga Owner', clientAddress: '203.0.113.9' };
  }
  async function affiliate() {
    const [u] = await db()
      .insert(s.users)
      .values({ email: `affiliate${++seq}.${crypto.randomUUID()}@example.nl`, name: 'Piet Partner', dateOfBirth: '1985-01-01', passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning({ id: s.users.id });
    await applyAsAffiliate(db(), u!.id, { website: 'https://zadenblog.example', promotion: 'Een blog', payoutName: 'P. Partner', payoutIban: 'NL91ABNA0417164300' });
    const [a] = await db().select().from(s.affiliates).where(eq(s.affiliates.userId, u!.id));
    return a!;
  }
  const ledger = (affiliateId: number, kind: 'commission' | 'reversal' | 'payout', amountMinor: number, availableAt: Date, currency = 'EUR') =>
    db().insert(s.affiliateLedger).values({ affiliateId, kind, amountMinor, currency, key: `test:${crypto.randomUUID()}`, availableAt });

  it('applications first; approve with a rate, reject and reinstate, each decision audited once', async () => {
    const actor = await owner();
    const a = await affiliate();
    const waiting = await affiliate();

    expect(await Promise.all([decideApplication(db(), actor, a.id, 'approved', 15), decideApplication(db(), actor, a.id, 'approved', 15)])).toEqual(expect.arrayContaining(['done', 'unchanged']));
    const [row] = await db().select().from(s.affiliates).where(eq(s.affiliates.id, a.id));
    expect(row).toMatchObject({ status: 'approved', commissionPercent: 15 });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    expect((await listAudit(db(), { entity: 'affiliate', entityId: String(a.id), action: 'affiliate.approved' })).rows).toEqual([
      expect.objectContaining({ staffId: actor.staffId, before: { status: 'pending', percent: 10 }, after: { status: 'approved', percent: 15 } }),
    ]);

    expect(await decideApplication(db(), actor, a.id, 'suspended')).toBe('done');
    expect(await decideApplication(db(), actor, a.id, 'approved')).toBe('done');
    expect((await db().select().from(s.affiliates).where(eq(s.affiliates.id, a.id)))[0]).toMatchObject({ status: 'approved', commissionPercent: 15 });
    expect(await decideApplication(db(), actor, 2 ** 31 - 1, 'rejected')).toBe('not_found');
    // Applications waiting for a decision come first, whatever their date.
    const statuses = (await affiliateOverview(db())).map((r) => r.status);
    expect(statuses.slice(statuses.findIndex((st) => st !== 'pending'))).not.toContain('pending');
    expect((await affiliateOverview(db())).find((r) => r.id === waiting.id)!.status).toBe('pending');
  });

  it('the commission rate: saved and audited; the same rate again records nothing; outside 0–50 refused', async () => {
    const actor = await owner();
    const a = await affiliate();
    expect(await setCommissionPercent(db(), actor, a.id, 12)).toBe('done');
    expect(await setCommissionPercent(db(), actor, a.id, 12)).toBe('unchanged');
    expect((await db().select().from(s.affiliates).where(eq(s.affiliates.id, a.id)))[0]!.commissionPercent).toBe(12);
    expect((await listAudit(db(), { entity: 'affiliate', entityId: String(a.id), action: 'affiliate.percent' })).rows).toHaveLength(1);
    await expect(setCommissionPercent(db(), actor, a.id, 51)).rejects.toThrow(RangeError);
  });

  it('the balance per affiliate from the ledger: on hold, payable, paid out', async () => {
    const a = await affiliate();
    const now = Date.now();
    await ledger(a.id, 'commission', 1500, new Date(now - DAY));
    await ledger(a.id, 'commission', 700, new Date(now + 20 * DAY));
    await ledger(a.id, 'reversal', -500, new Date(now - DAY));
    await ledger(a.id, 'payout', -400, new Date(now - DAY));
    const row = (await affiliateOverview(db())).find((r) => r.id === a.id)!;
    expect(row.balances).toEqual([{ currency: 'EUR', held: 700, payable: 600, paidOut: 400, earned: 2200 }]);
  });

  it('a payout marked paid twice at once (double submit) makes one ledger row and one audit entry; never more than is payable', async () => {
    const actor = await owner();
    const a = await affiliate();
    await ledger(a.id, 'commission', 2500, new Date(Date.now() - DAY));
    const key = crypto.randomUUID();
    const input = { affiliateId: a.id, currency: 'EUR', amountMinor: 2500, reference: 'Overschrijving 2026-11', key };
    const results = await Promise.all(Array.from({ length: 4 }, () => markPayoutPaid(db(), actor, input)));
    expect(results.filter((r) => r.status === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'already_paid')).toHaveLength(3);
    const payouts = await db().select().from(s.affiliateLedger).where(eq(s.affiliateLedger.affiliateId, a.id));
    expect(payouts.filter((e) => e.kind === 'payout')).toEqual([expect.objectContaining({ amountMinor: -2500, currency: 'EUR', note: 'Overschrijving 2026-11' })]);
    const audit = await listAudit(db(), { entity: 'affiliate', entityId: String(a.id), action: 'affiliate.payout' });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ staffId: actor.staffId, after: { amountMinor: 2500, currency: 'EUR', reference: 'Overschrijving 2026-11' } });
    expect((await affiliateOverview(db())).find((r) => r.id === a.id)!.balances[0]).toMatchObject({ payable: 0, paidOut: 2500 });

    // Another form (a new key) for the same amount: nothing is payable any more.
    expect(await markPayoutPaid(db(), actor, { ...input, key: crypto.randomUUID() })).toEqual({ status: 'too_much', payableMinor: 0 });
    expect(await markPayoutPaid(db(), actor, { ...input, affiliateId: 2 ** 31 - 1 })).toEqual({ status: 'not_found' });
  });

  it('two different payout forms at once for the whole balance: one is paid, the other refused', async () => {
    const actor = await owner();
    const a = await affiliate();
    await ledger(a.id, 'commission', 1800, new Date(Date.now() - DAY));
    const pay = () => markPayoutPaid(db(), actor, { affiliateId: a.id, currency: 'EUR', amountMinor: 1800, reference: 'Bank', key: crypto.randomUUID() });
    const results = await Promise.all([pay(), pay()]);
    expect(results.map((r) => r.status).sort()).toEqual(['paid', 'too_much']);
    const rows = await db().select().from(s.affiliateLedger).where(eq(s.affiliateLedger.affiliateId, a.id));
    expect(rows.filter((e) => e.kind === 'payout')).toHaveLength(1);
  });
});
