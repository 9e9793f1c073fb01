// Matching bank statement lines to orders (ADR 029). Pure. Only money coming in is matched: first by the
// payment reference in the description (the order number, as the payment instructions ask), tolerant of
// spaces, dashes, case and one typo when that leaves exactly one open order; then by the exact amount
// and the payer's name against open orders. What is left is ambiguous (staff pick) or unmatched.
import type { BankLine } from './bank-statement.ts';

export type MatchOrder = {
  number: string;
  currency: string;
  totalMinor: number;
  /** What is still to pay (the total minus what came in before). */
  dueMinor: number;
  /** Unpaid and not cancelled: the only orders an amount, a name or a typo may match. */
  open: boolean;
  /** Customer names from the order's addresses. */
  names: string[];
};

export type LineMatch =
  | { kind: 'debit' }
  | { kind: 'booked'; orderNumber: string | null }
  | { kind: 'ignored'; note: string }
  | { kind: 'matched'; orderNumber: string; via: 'reference' | 'reference_typo' | 'amount_name' }
  | { kind: 'ambiguous'; candidates: string[]; via: 'reference' | 'amount_name' | 'amount' }
  | { kind: 'unmatched' };

/** Upper case letters and digits only: "kk 7q4m-9xhd" and "KK-7Q4M-9XHD" compare equal. */
export const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The part of an order number a customer must type: without the KK prefix, spaces and dashes. */
export const referenceBody = (number: string) => compact(number).replace(/^KK/, '');

/** Whether `pattern` occurs in `text` with at most one insertion, deletion or substitution (Sellers' algorithm). */
export function occursWithinOneEdit(pattern: string, text: string): boolean {
  const m = pattern.length;
  let prev = Array.from({ length: m + 1 }, (_, i) => i);
  if (prev[m]! <= 1) return true;
  for (let j = 1; j <= text.length; j++) {
    const cur = [0];
    for (let i = 1; i <= m; i++) cur[i] = Math.min(prev[i]! + 1, cur[i - 1]! + 1, prev[i - 1]! + (pattern[i - 1] === text[j - 1] ? 0 : 1));
    if (cur[m]! <= 1) return true;
    prev = cur;
  }
  return false;
}

const words = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/**
 * Whether the bank's payer name is the customer's: the last name's words all appear, and the first name
 * appears in full or as its initial ("S DE VRIES", "de Vries, Sanne", "S. de Vries").
 */
export function nameMatches(payer: string, customer: string): boolean {
  const p = words(payer);
  const c = words(customer);
  if (p.length === 0 || c.length < 2) return false;
  const [first, ...last] = c as [string, ...string[]];
  return last.every((w) => p.includes(w)) && p.some((w) => w === first || w === first[0]);
}

/** `ignored`: the keys of lines staff marked "not for an order", with their note. */
export function matchLine(line: BankLine, orders: MatchOrder[], booked: Map<string, string | null>, ignored = new Map<string, string>()): LineMatch {
  if (booked.has(line.key)) return { kind: 'booked', orderNumber: booked.get(line.key) ?? null };
  if (!line.credit) return { kind: 'debit' };
  const note = ignored.get(line.key);
  if (note !== undefined) return { kind: 'ignored', note };
  const text = compact(line.description);
  // 1. The reference exactly (any order: money for a paid or cancelled order is recorded, and kept for review).
  const exact = orders.filter((o) => {
    const body = referenceBody(o.number);
    return body.length >= 6 && text.includes(body);
  });
  if (exact.length === 1) return { kind: 'matched', orderNumber: exact[0]!.number, via: 'reference' };
  if (exact.length > 1) return { kind: 'ambiguous', candidates: exact.map((o) => o.number), via: 'reference' };
  const open = orders.filter((o) => o.open && o.currency === line.currency);
  // 2. One typo in the reference, only when exactly one open order fits.
  const typo = open.filter((o) => {
    const body = referenceBody(o.number);
    return body.length >= 6 && occursWithinOneEdit(body, text);
  });
  if (typo.length === 1) return { kind: 'matched', orderNumber: typo[0]!.number, via: 'reference_typo' };
  // 3. The exact amount (what is due) and the payer's name.
  const byAmount = open.filter((o) => o.dueMinor === line.amountMinor);
  const byName = byAmount.filter((o) => o.names.some((n) => nameMatches(line.name, n)));
  if (byName.length === 1) return { kind: 'matched', orderNumber: byName[0]!.number, via: 'amount_name' };
  if (byName.length > 1) return { kind: 'ambiguous', candidates: byName.map((o) => o.number), via: 'amount_name' };
  if (byAmount.length > 0) return { kind: 'ambiguous', candidates: byAmount.map((o) => o.number), via: 'amount' };
  return { kind: 'unmatched' };
}

export function matchLines(lines: BankLine[], orders: MatchOrder[], booked: Map<string, string | null>, ignored?: Map<string, string>) {
  return lines.map((line) => ({ line, match: matchLine(line, orders, booked, ignored) }));
}

/** The order numbers a description could name exactly: "KK" and the eight characters after it, spaces and dashes ignored. */
export function referencedNumbers(description: string): string[] {
  const text = compact(description);
  const found = new Set<string>();
  for (let i = text.indexOf('KK'); i !== -1; i = text.indexOf('KK', i + 1)) {
    const body = text.slice(i + 2, i + 10);
    if (body.length === 8) found.add(body);
  }
  return [...found];
}
