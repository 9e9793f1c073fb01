// The affiliate programme in the back office (/beheer/affiliates, ADR 037): applications decided, commission
// rates set, the payable balance per affiliate from the ledger (ADR 021), and a payout marked paid once the
// money was transferred. Each write locks the affiliate's row, is audited in its transaction, and is idempotent:
// deciding twice or saving the same rate records once; a payout form's key makes exactly one ledger row.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
 
import { balances, type Balance } from '~/modules/affiliates/affiliates.ts';
 
import { decideAffiliate } from '~/modules/affiliates/affiliates.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';

export const PERCENT_MAX = 50;
export const PAYOUT_REFERENCE_MAX = 140;

export type AffiliateAdminRow = Awaited<ReturnType<typeof affiliateOverview>>[number];

/** Every affiliate with their account's e-mail and the balances of their ledger: applications first, then by date. */
export async function affiliateOverview(db: Db, now = new Date()) {
  const [rows, ledger] = await Promise.all([
    db
      .select({
        ...columns(s.affiliates, 'id', 'userId', 'code', 'status'),
        email: s.users.email,
        name: s.users.name,
        ...columns(s.affiliates, 'website', 'promotion', 'payoutName', 'payoutIban'),
        percent: s.affiliates.commissionPercent,
        createdAt: s.affiliates.createdAt,
        decidedAt: s.affiliates.decidedAt,
      })
      .from(s.affiliates)
      .innerJoin(s.users, eq(s.users.id, s.affiliates.userId))
      .orderBy(sql`${s.affiliates.status} <> 'pending'`, asc(s.affiliates.createdAt), asc(s.affiliates.id)),
    db
      .select(columns(s.affiliateLedger, 'affiliateId', 'kind', 'amountMinor', 'currency', 'availableAt'))
      .from(s.affiliateLedger),
  ]);
  return rows.map((r) => ({ ...r, balances: balances(ledger.filter((e) => e.affiliateId === r.id), now) as Balance[] }));
}

export type DecideResult = 'done' | 'unchanged' | 'not_found';

/**
 * Approve (with the commission rate), reject or suspend; approving a rejected or suspended affiliate reinstates
 * them. Deciding what was already decided records nothing (a double submit).
 */
export async function decideApplication(
  db: Db,
  actor: Actor,
  affiliateId: number,
  status: 'approved' | 'rejected' | 'suspended',
  percent?: number,
  now = new Date(),
): Promise<DecideResult> {
  if (percent !== undefined && !(Number.isInteger(percent) && percent >= 0 && percent <= PERCENT_MAX)) throw new RangeError(`percent ${percent}`);
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select({ code: s.affiliates.code, status: s.affiliates.status, percent: s.affiliates.commissionPercent })
      .from(s.affiliates)
      .where(eq(s.affiliates.id, affiliateId))
      .for('update');
    if (!a) return 'not_found';
    if (a.status === status) return 'unchanged';
    await decideAffiliate(tx, a.code, status, percent, now);
    await recordAudit(
      tx,
      actor,
      { action: `affiliate.${status}`, entity: 'affiliate', entityId: affiliateId, before: { status: a.status, percent: a.percent }, after: { status, percent: percent ?? a.percent } },
      now,
    );
    return 'done';
  });
}

/** The commission on orders attributed from now on (orders already attributed keep theirs). */
export async function setCommissionPercent(db: Db, actor: Actor, affiliateId: number, percent: number, now = new Date()): Promise<DecideResult> {
  if (!Number.isInteger(percent) || percent < 0 || percent > PERCENT_MAX) throw new RangeError(`percent ${percent}`);
  return db.transaction(async (tx) => {
    const [a] = await tx.select({ percent: s.affiliates.commissionPercent }).from(s.affiliates).where(eq(s.affiliates.id, affiliateId)).for('update');
    if (!a) return 'not_found';
    if (a.percent === percent) return 'unchanged';
    await tx.update(s.affiliates).set({ commissionPercent: percent }).where(eq(s.affiliates.id, affiliateId));
    await recordAudit(tx, actor, { action: 'affiliate.percent', entity: 'affiliate', entityId: affiliateId, before: { percent: a.percent }, after: { percent } }, now);
    return 'done';
  });
}

export type PayoutInput = { affiliateId: number; currency: string; amountMinor: number; reference: string; key: string };
export type PayoutResult = { status: 'paid' | 'already_paid'; amountMinor: number; currency: string } | { status: 'not_found' } | { status: 'too_much'; payableMinor: number };

/**
 * Marks a transfer to the affiliate as paid: one payout row in the ledger for the amount the form showed,
 * never more than is payable now. The affiliate's row is locked and the ledger row's key is the form's, so
 * a double submit (even two at once) makes one row and one audit entry; the second answers 'already_paid'.
 */
export async function markPayoutPaid(db: Db, actor: Actor, input: PayoutInput, now = new Date()): Promise<PayoutResult> {
  const key = `payout:staff:${input.key}`;
  return db.transaction(async (tx) => {
    const [a] = await tx.select({ id: s.affiliates.id, code: s.affiliates.code }).from(s.affiliates).where(eq(s.affiliates.id, input.affiliateId)).for('update');
    if (!a) return { status: 'not_found' } as const;
    const entries = await tx.select().from(s.affiliateLedger).where(eq(s.affiliateLedger.affiliateId, a.id));
    const done = entries.find((e) => e.key === key);
    if (done) return { status: 'already_paid', amountMinor: -done.amountMinor, currency: done.currency } as const;
    const payable = balances(entries, now).find((b) => b.currency === input.currency)?.payable ?? 0;
    if (!(Number.isInteger(input.amountMinor) && input.amountMinor > 0 && input.amountMinor <= payable)) return { status: 'too_much', payableMinor: Math.max(0, payable) } as const;
    const reference = input.reference.trim().slice(0, PAYOUT_REFERENCE_MAX);
    const [row] = await tx
      .insert(s.affiliateLedger)
      .values({ affiliateId: a.id, kind: 'payout', amountMinor: -input.amountMinor, currency: input.currency, key, note: reference, availableAt: now, createdAt: now })
      .onConflictDoNothing({ target: s.affiliateLedger.key })
      .returning({ id: s.affiliateLedger.id });
    if (!row) return { status: 'already_paid', amountMinor: input.amountMinor, currency: input.currency } as const;
    await recordAudit(
      tx,
      actor,
      { action: 'affiliate.payout', entity: 'affiliate', entityId: a.id, before: { payableMinor: payable }, after: { ledgerId: row.id, amountMinor: input.amountMinor, currency: input.currency, reference } },
      now,
    );
    return { status: 'paid', amountMinor: input.amountMinor, currency: input.currency } as const;
  });
}
