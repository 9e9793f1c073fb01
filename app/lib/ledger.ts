// A ledger as the customer's and staff's pages show it (store credit, ADR 073; Kiempunten, ADR 075). The module's
// loader makes every text, so the pages' JavaScript carries no kinds, labels or number formats for it.
import { longDate } from './format.ts';

/** One change: what happened, for which order, staff's reason and other notes, when, the signed amount and the balance after. */
export type LedgerLine = { id: number; what: string; order: string | null; notes: string[]; date: string; amount: string; gain: boolean; after: string };

/** The lines newest first, the text shown when there are none, and the screen reader's labels of the date and amount. */
export type LedgerView = { lines: LedgerLine[]; empty: string; dateLabel: string; amountLabel: string };

type Entry = { id: number; reason: string; createdAt: Date | string; orderNumber: string | null };
type Words = Omit<LedgerView, 'lines'> & { forOrder: (number: string) => string };

/** The view of `entries`: `line` gives each one's kind, amount, balance after and any note beside staff's reason. */
export function ledgerView<T extends Entry>(
  entries: T[],
  { forOrder, ...words }: Words,
  line: (entry: T) => Pick<LedgerLine, 'what' | 'amount' | 'gain' | 'after'> & { note?: string },
): LedgerView {
  return {
    ...words,
    lines: entries.map((e) => {
      const { note, ...rest } = line(e);
      return {
        id: e.id,
        order: e.orderNumber ? forOrder(e.orderNumber) : null,
        notes: [e.reason, note ?? ''].filter(Boolean),
        date: longDate(e.createdAt),
        ...rest,
      };
    }),
  };
}
