// Booking a bank statement's lines: each matched line (or the order staff picked or assigned) is a received amount,
// confirmed through the same step as staff's "payment received", under the line's stable key. A credit staff mark
// "not for an order" is remembered by that key too.
import type { Db } from '~/db/client.server.ts';
import { OrderChangedError } from '~/db/order-version.server.ts';
import type { Actor } from '~/lib/audit.server.ts';
import type { OrderLinks } from '~/modules/orders/orders.server.ts';
import { ignoreLine, statementPreview } from '~/modules/payments/bank.server.ts';
import { recordPaymentReceived } from './confirm-payment.server.ts';

export type BookingResult = { booked: number; review: number; already: number; skipped: number; ignored: number; changed: string[] };

/**
 * Books the matched lines, the ambiguous ones for which staff picked one of the candidates, and the unmatched ones
 * staff assigned to an open order ("<number>~<version the preview showed>"); marks the unmatched ones staff chose
 * "-" for (not for an order, with a note in `notes`). Each line is its own transaction (recordPaymentReceived): a
 * line that fails does not undo the others. An assigned order that changed since the preview (ADR 054, checked
 * under its row lock) is not booked and named in `changed`.
 */
export async function bookStatement(
  db: Db,
  actor: Actor,
  hash: string,
  picks: Map<number, string>,
  links: OrderLinks,
  now = new Date(),
  notes = new Map<number, string>(),
): Promise<BookingResult | null> {
  const preview = await statementPreview(db, hash);
  if (!preview) return null;
  const result: BookingResult = { booked: 0, review: 0, already: 0, skipped: 0, ignored: 0, changed: [] };
  const open = new Map(preview.orders.filter((o) => o.open).map((o) => [o.number, o]));
  for (const { index, line, match } of preview.rows) {
    if (match.kind === 'debit' || match.kind === 'ignored') continue;
    if (match.kind === 'booked') {
      result.already++;
      continue;
    }
    const pick = picks.get(index);
    const note = notes.get(index);
    if (match.kind === 'unmatched' && pick === '-' && note) {
      if (await ignoreLine(db, actor, line.key, note, now)) result.ignored++;
      else result.already++;
      continue;
    }
    let orderNumber: string | null = null;
    let version: string | undefined;
    if (match.kind === 'matched') orderNumber = match.orderNumber;
    else if (match.kind === 'ambiguous' && pick && match.candidates.includes(pick)) orderNumber = pick;
    else if (match.kind === 'unmatched' && pick) {
      const [number = '', v] = pick.split('~');
      const order = open.get(number);
      if (order && v && order.currency === line.currency) [orderNumber, version] = [number, v];
    }
    if (!orderNumber) {
      result.skipped++;
      continue;
    }
    try {
      const r = await recordPaymentReceived(
        db,
        actor,
        { orderNumber, amountMinor: line.amountMinor, currency: line.currency, source: 'bank', key: line.key, payer: line.name, note: line.description, receivedAt: new Date(`${line.date}T12:00:00Z`), version },
        links,
        now,
      );
      if (r.outcome === 'duplicate') result.already++;
      else if (r.state === 'needs_review') result.review++;
      else result.booked++;
    } catch (e) {
      if (!(e instanceof OrderChangedError)) throw e;
      result.changed.push(orderNumber);
    }
  }
  return result;
}
