// What a customer sees of an order's money: each amount that came in, each refund, what is still due and the
// balance. Pure, so the order page, the account's order page and the order mails say the same.
import type { PaymentMethod } from '~/db/schema/commerce.ts';
import { order as t } from '~/i18n/nl/order.ts';
import { longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';

export type MoneyEvent =
  | { kind: 'received'; at: string; amountMinor: number; method: PaymentMethod }
  | { kind: 'refund'; at: string; amountMinor: number; manual: boolean; pending: boolean; credit?: boolean }
  // Store credit (ADR 073): what the order's credit paid at checkout, and that credit back after a cancellation.
  | { kind: 'credit'; at: string; amountMinor: number; points?: true }
  | { kind: 'credit_back'; at: string; amountMinor: number };

export type MoneyState = 'unpaid' | 'partly_paid' | 'paid' | 'partly_refunded' | 'refunded';

export type MoneyHistory = {
  currency: string;
  state: MoneyState;
  events: MoneyEvent[];
  receivedMinor: number;
  /** Paid with store credit at checkout (ADR 073); not part of receivedMinor, which is money. */
  creditMinor: number;
  refundedMinor: number;
  /** Still to pay; 0 once cancelled (nothing more is asked). */
  dueMinor: number;
  /** Received minus refunded: what the shop keeps. */
  balanceMinor: number;
};

export type PaymentFacts = { method: PaymentMethod; state: string; amountMinor: number; receivedAt: string | null; updatedAt: string };
export type RefundFacts = { state: string; amountMinor: number; createdAt: string; updatedAt: string };

/**
 * Complete payment rows are money received (a bank or cash amount on the day staff booked it, an online payment
 * when it was confirmed); refunds that did not fail are money given back ("manual": paid out by hand).
 */
export function moneyHistory(
  /** `totalMinor`: what is paid in money; `creditMinor` the store credit that paid the rest (ADR 073). */
  order: { totalMinor: number; currency: string; cancelled: boolean; creditMinor?: number; pointsMinor?: number; placedAt?: string; cancelledAt?: string | null },
  payments: PaymentFacts[],
  refunds: RefundFacts[],
): MoneyHistory {
  const creditMinor = order.creditMinor ?? 0;
  const credit: MoneyEvent[] =
    creditMinor > 0
      ? [
          { kind: 'credit', at: order.placedAt ?? '', amountMinor: creditMinor },
          // cancelLocked gives the credit back in the cancellation's transaction.
          ...(order.cancelled ? [{ kind: 'credit_back' as const, at: order.cancelledAt ?? order.placedAt ?? '', amountMinor: creditMinor }] : []),
        ]
      : [];
  const pointsMinor = order.pointsMinor ?? 0;
  // Kiempunten (ADR 075) paid at checkout: shown as a credit-like line (they come back as points on cancellation).
  if (pointsMinor > 0) credit.unshift({ kind: 'credit', at: order.placedAt ?? '', amountMinor: pointsMinor, points: true });
  const received: MoneyEvent[] = payments
    .filter((p) => p.state === 'complete')
    .map((p) => ({ kind: 'received', at: p.receivedAt ?? p.updatedAt, amountMinor: p.amountMinor, method: p.method }));
  const back: MoneyEvent[] = refunds
    .filter((r) => r.state !== 'failed')
    .map((r) => ({
      kind: 'refund',
      at: r.state === 'refunded' ? r.updatedAt : r.createdAt,
      amountMinor: r.amountMinor,
      manual: r.state === 'manual',
      pending: r.state === 'pending',
      ...(r.state === 'credit' ? { credit: true } : {}),
    }));
  const sum = (events: MoneyEvent[]) => events.reduce((n, e) => n + e.amountMinor, 0);
  const receivedMinor = sum(received);
  const refundedMinor = sum(back);
  // Credit counts as paid: an order wholly paid with credit is paid, one partly paid with it owes the rest.
  const paidIn = receivedMinor + creditMinor + pointsMinor;
  const state: MoneyState =
    refundedMinor > 0
      ? refundedMinor >= receivedMinor
        ? 'refunded'
        : 'partly_refunded'
      : paidIn === 0
        ? 'unpaid'
        : receivedMinor < order.totalMinor
          ? 'partly_paid'
          : 'paid';
  return {
    currency: order.currency,
    state,
    // Stable: the credit that paid at placement stays first among events of the same moment.
    events: [...credit, ...received, ...back].sort((a, b) => a.at.localeCompare(b.at)),
    receivedMinor,
    creditMinor,
    refundedMinor,
    dueMinor: order.cancelled ? 0 : Math.max(0, order.totalMinor - receivedMinor),
    balanceMinor: receivedMinor - refundedMinor,
  };
}

/** The history as label/value rows in Dutch: one per event, then what is still due and the balance. */
export function moneyRows(h: MoneyHistory): { label: string; value: string }[] {
  const m = (minor: number) => formatMoney(minor, h.currency);
  const rows = h.events.map((e) => {
    switch (e.kind) {
      case 'received':
        return { label: t.money.receivedOn(longDate(e.at)), value: `${m(e.amountMinor)} (${t.money.methods[e.method]})` };
      case 'credit':
        return { label: e.points ? t.money.paidWithPoints : t.money.paidWithCredit, value: m(e.amountMinor) };
      case 'credit_back':
        return { label: t.money.creditBackOn(longDate(e.at)), value: m(e.amountMinor) };
      default:
        return {
          label: (e.pending ? t.money.refundRequestedOn : t.money.refundedOn)(longDate(e.at)),
          value: `${m(e.amountMinor)} (${e.credit ? t.money.refundCredit : e.manual ? t.money.refundManual : t.money.refundOnline})`,
        };
    }
  });
  // Something was paid already (money, credit or points): say what is left.
  if (h.dueMinor > 0 && h.events.length > 0) rows.push({ label: t.money.due, value: m(h.dueMinor) });
  if (h.refundedMinor > 0) rows.push({ label: t.money.balance, value: m(h.balanceMinor) });
  return rows;
}

/** The state as the customer reads it; "unpaid" leaves the word to the order's own payment state. */
export const moneyStateLabel = (state: MoneyState): string | null => (state === 'unpaid' ? null : t.money.states[state]);
