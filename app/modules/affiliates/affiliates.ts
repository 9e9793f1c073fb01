// Pure rules of the affiliate programme (ADR 021): commission, reversal, hold, balances, IBAN.

/** A commission becomes payable 30 days after the order was paid (room for a return or a chargeback). */
const HOLD_DAYS = 30;
export const HOLD_MS = HOLD_DAYS * 24 * 60 * 60_000;
export const DEFAULT_PERCENT = 10;

/** Commission on the goods value: what the customer paid for the goods (after discount), without shipping. */
export function commissionFor(goodsMinor: number, percent: number): number {
  return Math.max(0, Math.round((goodsMinor * percent) / 100));
}

/** The goods value of an order: subtotal minus discount, never below zero. */
export const goodsValue = (o: { subtotalMinor: number; discountMinor: number }) => Math.max(0, o.subtotalMinor - o.discountMinor);

/**
 * What a refund takes back: the refunded share of what was paid, applied to the commission, never more
 * than what is left of it. A cancel takes back everything left (`refundMinor` = `paidMinor`).
 */
export function reversalFor(commissionMinor: number, reversedMinor: number, refundMinor: number, paidMinor: number): number {
  const left = Math.max(0, commissionMinor - reversedMinor);
  if (paidMinor <= 0 || refundMinor >= paidMinor) return left;
  return Math.min(left, Math.round((commissionMinor * refundMinor) / paidMinor));
}

export type LedgerEntry = {
  kind: 'commission' | 'reversal' | 'payout';
  amountMinor: number;
  currency: string;
  availableAt: Date;
};
export type Balance = {
  currency: string;
  held: number;
  payable: number;
  paidOut: number;
  earned: number;
};

/** Per currency: still on hold, payable now (earned minus reversed minus paid out), paid out so far. */
export function balances(entries: LedgerEntry[], now: Date): Balance[] {
  const by = new Map<string, Balance>();
  for (const e of entries) {
    const b = by.get(e.currency) ?? {
      currency: e.currency,
      held: 0,
      payable: 0,
      paidOut: 0,
      earned: 0,
    };
    if (e.kind === 'payout') b.paidOut -= e.amountMinor;
    if (e.kind === 'commission') b.earned += e.amountMinor;
    if (e.availableAt > now) b.held += e.amountMinor;
    else b.payable += e.amountMinor;
    by.set(e.currency, b);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** ISO 13616 check (mod 97); spaces allowed, any case. */
export function normaliseIban(input: string): string | null {
  const iban = input.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return null;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1 ? iban : null;
}

/** A link of our own shop with the affiliate code in it; null for another site or a malformed address. */
export function affiliateLink(origin: string, target: string, code: string): string | null {
  let url: URL;
  try {
    url = new URL(target.trim() || '/', origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  url.searchParams.set('a_aid', code);
  url.hash = '';
  return url.href;
}
