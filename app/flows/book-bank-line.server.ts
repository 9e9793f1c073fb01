// Booking a bank statement's lines: each matched line (or the candidate staff picked) is a received amount,
// confirmed through the same step as staff's "payment received", under the line's stable key.
import type { Db } from '~/db/client.server.ts';
import type { Actor } from '~/lib/audit.server.ts';
import type { OrderLinks } from '~/modules/orders/orders.server.ts';
import { statementPreview } from '~/modules/payments/bank.server.ts';
import { recordPaymentReceived } from './confirm-payment.server.ts';

export type BookingResult = { booked: number; review: number; already: number; skipped: number };

/**
 * Books the matched lines, and the ambiguous ones for which staff picked one of the candidates. Each line
 * is its own transaction (recordPaymentReceived): a line that fails does not undo the others.
 */
export async function bookStatement(db: Db, actor: Actor, hash: string, picks: Map<number, string>, links: OrderLinks, now = new Date()): Promise<BookingResult | null> {
  const preview = await statementPreview(db, hash);
  if (!preview) return null;
  const result: BookingResult = { booked: 0, review: 0, already: 0, skipped: 0 };
  for (const { index, line, match } of preview.rows) {
    if (match.kind === 'debit') continue;
    if (match.kind === 'booked') {
      result.already++;
      continue;
    }
    const pick = picks.get(index);
    const orderNumber = match.kind === 'matched' ? match.orderNumber : match.kind === 'ambiguous' && pick && match.candidates.includes(pick) ? pick : null;
    if (!orderNumber) {
      result.skipped++;
      continue;
    }
    const r = await recordPaymentReceived(
      db,
      actor,
      { orderNumber, amountMinor: line.amountMinor, currency: line.currency, source: 'bank', key: line.key, payer: line.name, note: line.description, receivedAt: new Date(`${line.date}T12:00:00Z`) },
      links,
      now,
    );
    if (r.outcome === 'duplicate') result.already++;
    else if (r.state === 'needs_review') result.review++;
    else result.booked++;
  }
  return result;
}
