// Pure payment facts: which instructions a customer gets for a method.
import type { PaymentMethod, PaymentState } from '~/db/schema/commerce.ts';

export type { PaymentMethod, PaymentState };

/**
 * A confirmation counts only for exactly the order's amount in the order's currency. Anything else
 * (no amount, a different amount or currency) is for staff to review, never an automatic "paid".
 */
export function paidAmountMatches(paid: { minor: number; currency: string } | undefined, order: { totalMinor: number; currency: string }): boolean {
  return !!paid && paid.minor === order.totalMinor && paid.currency === order.currency;
}

export type BankAccount = { name: string; iban: string; bic: string };

export type PaymentInstructions =
  | { kind: 'bank_transfer'; account: BankAccount; amount: number; currency: string; reference: string; dueDate: string }
  | { kind: 'cash_by_mail'; address: string[]; amount: number; currency: string; reference: string; dueDate: string }
  | { kind: 'online' };

/** Days an unpaid order keeps its stock before it is cancelled; online sessions are short-lived. */
const PAYMENT_WINDOW_DAYS: Record<PaymentMethod, number> = { bank_transfer: 7, cash_by_mail: 14, online: 1 };

export function paymentDeadline(method: PaymentMethod, from: Date): Date {
  return new Date(from.getTime() + PAYMENT_WINDOW_DAYS[method] * 24 * 60 * 60 * 1000);
}

export function instructionsFor(
  method: PaymentMethod,
  order: { number: string; totalMinor: number; currency: string; expiresAt: Date | null },
  shop: { bankAccount: BankAccount; cashAddress: string[] },
): PaymentInstructions {
  const dueDate = (order.expiresAt ?? new Date()).toISOString();
  if (method === 'bank_transfer')
    return { kind: 'bank_transfer', account: shop.bankAccount, amount: order.totalMinor, currency: order.currency, reference: order.number, dueDate };
  if (method === 'cash_by_mail')
    return { kind: 'cash_by_mail', address: shop.cashAddress, amount: order.totalMinor, currency: order.currency, reference: order.number, dueDate };
  return { kind: 'online' };
}

/**
 * What came in for an order against what it costs (ADR 029): the complete payment rows minus refunds that
 * did not fail. `due` is what is still to pay, `over` what was paid too much (for staff to refund).
 * "Partly paid" is this figure, not a stored state: the order's payment state stays pending until `due` is 0.
 */
export function receivedSummary(
  totalMinor: number,
  payments: { state: string; amountMinor: number }[],
  refunds: { state: string; amountMinor: number }[] = [],
): { receivedMinor: number; refundedMinor: number; dueMinor: number; overMinor: number; partlyPaid: boolean } {
  const receivedMinor = payments.filter((p) => p.state === 'complete').reduce((n, p) => n + p.amountMinor, 0);
  const refundedMinor = refunds.filter((r) => r.state !== 'failed').reduce((n, r) => n + r.amountMinor, 0);
  const net = receivedMinor - refundedMinor;
  return {
    receivedMinor,
    refundedMinor,
    dueMinor: Math.max(0, totalMinor - receivedMinor),
    overMinor: Math.max(0, net - totalMinor),
    partlyPaid: receivedMinor > 0 && receivedMinor < totalMinor,
  };
}
