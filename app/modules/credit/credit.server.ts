// Store credit (ADR 073): a ledger per customer and currency, and a balance row per pair that every change locks
// first. The balance is checked under that lock, so two checkouts spending the same credit at once wait for
// each other and the second sees what the first left; the table's CHECK refuses a negative balance as a last
// guard. Every change carries a unique source key: a retried refund, claim, order or staff form books once.
import { and, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import type { CreditKind } from '~/lib/db-enums.ts';
import { credit as t } from '~/i18n/nl/credit.ts';
import { ledgerView } from '~/lib/ledger.ts';
import { formatMoney } from '~/lib/money.ts';

export type CreditErrorCode = 'insufficient' | 'invalid' | 'changed';

export class CreditError extends Error {
  constructor(
    readonly code: CreditErrorCode,
    /** The balance there was, for the message. */
    readonly balanceMinor?: number,
  ) {
    super(code);
  }
}

export type CreditEntry = typeof s.creditLedger.$inferSelect;

export type CreditChange = {
  userId: number;
  currency: string;
  /** Signed, in minor units: positive adds credit, negative takes it. */
  amountMinor: number;
  kind: CreditKind;
  reason?: string;
  orderId?: number | null;
  staffId?: number | null;
  /** Unique per change: the same key again books nothing and returns the first entry. */
  sourceKey: string;
  /** The newest ledger entry the form showed: a later entry in this currency means the form is stale ('changed'). */
  unchangedSince?: number;
  now?: Date;
};

/**
 * Takes the row lock of the customer's balance in the currency (made at 0 the first time) and returns it. Held to
 * the caller's commit: checkout reads the balance with it before it books the debit in the same transaction.
 */
export async function lockCreditBalance(tx: Db, userId: number, currency: string): Promise<number> {
  await tx.insert(s.creditBalances).values({ userId, currency, balanceMinor: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balanceMinor: s.creditBalances.balanceMinor })
    .from(s.creditBalances)
    .where(and(eq(s.creditBalances.userId, userId), eq(s.creditBalances.currency, currency)))
    .for('update');
  return row!.balanceMinor;
}

/**
 * Books one change in the caller's transaction, under the balance's row lock. A debit larger than the balance
 * is refused (CreditError 'insufficient'), never booked in part. `existing`: the key had been booked already.
 */
export async function changeCredit(tx: Db, change: CreditChange): Promise<{ entry: CreditEntry; existing: boolean }> {
  const { userId, currency, amountMinor, sourceKey } = change;
  if (!Number.isSafeInteger(amountMinor) || amountMinor === 0) throw new CreditError('invalid');
  const balance = await lockCreditBalance(tx, userId, currency);
  // Checked after the lock: a retry waiting on a first attempt sees the first one's entry here.
  const [again] = await tx.select().from(s.creditLedger).where(eq(s.creditLedger.sourceKey, sourceKey));
  if (again) return { entry: again, existing: true };
  // Under the lock every change of this balance is serialised, so an entry newer than the form's is one it did not show.
  if (change.unchangedSince !== undefined) {
    const [newer] = await tx
      .select({ id: s.creditLedger.id })
      .from(s.creditLedger)
      .where(and(eq(s.creditLedger.userId, userId), eq(s.creditLedger.currency, currency), gt(s.creditLedger.id, change.unchangedSince)))
      .limit(1);
    if (newer) throw new CreditError('changed', balance);
  }
  const after = balance + amountMinor;
  if (after < 0) throw new CreditError('insufficient', balance);
  const now = change.now ?? new Date();
  await tx
    .update(s.creditBalances)
    .set({ balanceMinor: after, updatedAt: now })
    .where(and(eq(s.creditBalances.userId, userId), eq(s.creditBalances.currency, currency)));
  const [entry] = await tx
    .insert(s.creditLedger)
    .values({ userId, currency, amountMinor, balanceAfterMinor: after, kind: change.kind, orderId: change.orderId ?? null, reason: change.reason ?? '', staffId: change.staffId ?? null, sourceKey, createdAt: now })
    .returning();
  return { entry: entry!, existing: false };
}

/** Adds credit (a refund as credit, a claim, a cancelled order's credit back). The API other modules' flows call. */
export function grantCredit(tx: Db, change: Omit<CreditChange, 'amountMinor'> & { amountMinor: number }) {
  if (change.amountMinor <= 0) throw new CreditError('invalid');
  return changeCredit(tx, change);
}

/** Takes credit for an order at checkout: the whole amount or nothing (CreditError 'insufficient'). */
export function spendCredit(tx: Db, input: { userId: number; currency: string; amountMinor: number; orderId: number; now?: Date }) {
  if (input.amountMinor <= 0) throw new CreditError('invalid');
  return changeCredit(tx, { ...input, amountMinor: -input.amountMinor, kind: 'checkout', sourceKey: `checkout:${input.orderId}` });
}

/** A cancelled order's credit back, once (the key is the order's). Null when the order used no credit. */
export async function returnOrderCredit(tx: Db, order: { id: number; userId: number | null; currency: string; creditMinor: number }, now = new Date()) {
  if (order.creditMinor <= 0 || order.userId === null) return null;
  return changeCredit(tx, { userId: order.userId, currency: order.currency, amountMinor: order.creditMinor, kind: 'cancellation', orderId: order.id, sourceKey: `cancel:${order.id}`, now });
}

/** Whether credit can go to this account: a guest (null) has none, a deleted account no longer has one. */
export async function canHoldCredit(db: Db, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [user] = await db.select({ id: s.users.id }).from(s.users).where(and(eq(s.users.id, userId), sql`${s.users.deletedAt} is null`));
  return !!user;
}

/**
 * The customer's balances above zero, per currency, as one JSON array: a part of a larger statement too (the account
 * overview's, app/flows/account-overview.server.ts).
 */
export function creditBalanceJson(userId: number): SQL {
  return sql`(select coalesce(json_agg(json_build_object('currency', b.currency, 'balanceMinor', b.balance_minor) order by b.currency), '[]')
    from credit_balances b where b.user_id = ${userId} and b.balance_minor > 0)`;
}

/** The customer's balances above zero, per currency. */
export async function creditBalance(db: Db, userId: number): Promise<{ currency: string; balanceMinor: number }[]> {
  const [row] = await queryRows<{ balances: { currency: string; balanceMinor: number }[] }>(db, sql`select ${creditBalanceJson(userId)} as balances`);
  return row!.balances;
}

/** The balance in one currency (0 when there is none); read without a lock, for showing. */
export async function creditBalanceIn(db: Db, userId: number, currency: string): Promise<number> {
  const [row] = await db
    .select({ balanceMinor: s.creditBalances.balanceMinor })
    .from(s.creditBalances)
    .where(and(eq(s.creditBalances.userId, userId), eq(s.creditBalances.currency, currency)));
  return row?.balanceMinor ?? 0;
}

export type CreditLine = Pick<CreditEntry, 'id' | 'currency' | 'amountMinor' | 'balanceAfterMinor' | 'kind' | 'reason' | 'createdAt'> & { orderNumber: string | null };

/** The ledger newest first, with the order's number where there is one. */
export function creditLedger(db: Db, userId: number, limit = 200): Promise<CreditLine[]> {
  return db
    .select({
      id: s.creditLedger.id,
      currency: s.creditLedger.currency,
      amountMinor: s.creditLedger.amountMinor,
      balanceAfterMinor: s.creditLedger.balanceAfterMinor,
      kind: s.creditLedger.kind,
      reason: s.creditLedger.reason,
      createdAt: s.creditLedger.createdAt,
      orderNumber: s.orders.number,
    })
    .from(s.creditLedger)
    .leftJoin(s.orders, eq(s.orders.id, s.creditLedger.orderId))
    .where(eq(s.creditLedger.userId, userId))
    .orderBy(desc(s.creditLedger.id))
    .limit(limit);
}

/** An order's credit movements (spent at checkout, refunds as credit, back on cancellation), oldest first. */
export function orderCreditEntries(db: Db, orderId: number): Promise<Pick<CreditEntry, 'kind' | 'amountMinor' | 'createdAt'>[]> {
  return db
    .select({ kind: s.creditLedger.kind, amountMinor: s.creditLedger.amountMinor, createdAt: s.creditLedger.createdAt })
    .from(s.creditLedger)
    .where(eq(s.creditLedger.orderId, orderId))
    .orderBy(s.creditLedger.id);
}

/**
 * Staff's adjustment from the customer page: signed amount, a reason, audited in the same transaction. The form's
 * key makes a double submit one adjustment. False when the customer does not exist (or was deleted).
 */
export async function adjustCredit(
  db: Db,
  actor: Actor,
  input: { userId: number; currency: string; amountMinor: number; reason: string; key: string; shownId?: number },
  now = new Date(),
): Promise<{ entry: CreditEntry; existing: boolean } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: s.users.id }).from(s.users).where(and(eq(s.users.id, input.userId), sql`${s.users.deletedAt} is null`));
    if (!user) return null;
    const booked = await changeCredit(tx, {
      userId: input.userId,
      currency: input.currency,
      amountMinor: input.amountMinor,
      kind: 'staff',
      reason: input.reason,
      staffId: actor.staffId,
      sourceKey: `staff:${input.key}`,
      unchangedSince: input.shownId,
      now,
    });
    if (!booked.existing) {
      await recordAudit(
        tx,
        actor,
        {
          action: 'customer.credit',
          entity: 'customer',
          entityId: input.userId,
          before: { balanceMinor: booked.entry.balanceAfterMinor - input.amountMinor, currency: input.currency },
          after: { amountMinor: input.amountMinor, currency: input.currency, reason: input.reason, balanceMinor: booked.entry.balanceAfterMinor },
        },
        now,
      );
    }
    return booked;
  });
}

/**
 * On the account's deletion (its own transaction): every balance left is written off with a last ledger line, so
 * the books show where the credit went and nothing can spend it later. The lines stay (append-only, ADR 073) with
 * the anonymised account; their key makes a repeated deletion book nothing more. Returns what was written off.
 */
export async function forfeitCredit(tx: Db, userId: number, reason: string, now = new Date()): Promise<{ currency: string; amountMinor: number }[]> {
  const left = await creditBalance(tx, userId);
  const written: { currency: string; amountMinor: number }[] = [];
  for (const { currency } of left) {
    // The amount as it is under the lock, not as read above.
    const balance = await lockCreditBalance(tx, userId, currency);
    if (balance <= 0) continue;
    await changeCredit(tx, { userId, currency, amountMinor: -balance, kind: 'staff', reason, sourceKey: `erase:${userId}:${currency}`, now });
    written.push({ currency, amountMinor: balance });
  }
  return written;
}

/** The whole ledger oldest first and the balances, for the customer's data export (dates as ISO strings). */
export async function creditExport(db: Db, userId: number) {
  const [balances, lines] = await Promise.all([creditBalance(db, userId), creditLedger(db, userId, 100_000)]);
  return {
    balances,
    ledger: lines.reverse().map(({ id: _id, createdAt, ...l }) => ({ ...l, createdAt: createdAt.toISOString() })),
  };
}

/** The ledger as the account's and staff's pages show it (lib/ledger.ts): amounts signed, in their currency. */
export function creditLedgerView(lines: CreditLine[]) {
  return ledgerView(lines, { empty: t.ledgerEmpty, dateLabel: t.columns.date, amountLabel: t.columns.amount, forOrder: t.forOrder }, (l) => ({
    what: t.kinds[l.kind],
    amount: `${l.amountMinor > 0 ? '+' : '−'}${formatMoney(Math.abs(l.amountMinor), l.currency)}`,
    gain: l.amountMinor > 0,
    after: `${t.columns.after}: ${formatMoney(l.balanceAfterMinor, l.currency)}`,
  }));
}

/** The account's credit page (and the customer page's, with a smaller limit): balances and the ledger's view. */
export async function creditAccount(db: Db, userId: number, limit = 200) {
  const [balances, lines] = await Promise.all([creditBalance(db, userId), creditLedger(db, userId, limit)]);
  return { balances, ledger: creditLedgerView(lines) };
}
