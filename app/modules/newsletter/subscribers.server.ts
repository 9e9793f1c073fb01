// Newsletter subscribers in the back office (/beheer/nieuwsbrief, ADR 037): the list with each address's
// proof of consent (ADR 018), and the CSV for the mail tool: confirmed addresses only, safe against formula
// injection (lib/csv.ts), each export recorded in the audit log.
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { CSV_BOM, csvLine } from '~/lib/csv.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { SUBSCRIBER_PAGE_SIZE, type SubscriberStatus, subscriberStatuses } from './subscribers.ts';


const n = s.newsletterSubscribers;

/** One page of subscribers (newest sign-up first), filtered by status and part of the address, and the count per status. */
export async function listSubscribers(db: Db, filter: { status?: SubscriberStatus; query?: string }, page: number) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(n.status, filter.status));
  const q = filter.query?.trim().toLowerCase().slice(0, 100);
  if (q) conditions.push(ilike(n.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select({
        id: n.id,
        email: n.email,
        status: n.status,
        consentAt: n.consentAt,
        consentIp: n.consentIp,
        consentUserAgent: n.consentUserAgent,
        consentTextVersion: n.consentTextVersion,
        consentSource: n.consentSource,
        confirmedAt: n.confirmedAt,
        unsubscribedAt: n.unsubscribedAt,
      })
      .from(n)
      .where(where)
      .orderBy(desc(n.consentAt), desc(n.id))
      .limit(SUBSCRIBER_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * SUBSCRIBER_PAGE_SIZE),
    db.select({ n: count() }).from(n).where(where),
    db.select({ status: n.status, n: count() }).from(n).groupBy(n.status),
  ]);
  const counts = Object.fromEntries(subscriberStatuses.map((st) => [st, perStatus.find((r) => r.status === st)?.n ?? 0])) as Record<SubscriberStatus, number>;
  return { rows, total: total?.n ?? 0, counts };
}

export const subscribersFileName = (now: Date) => `kiemkracht-nieuwsbrief-${now.toISOString().slice(0, 10)}.csv`;

/**
 * The mail tool's import: every confirmed address with when and how it consented. Recorded in the audit log
 * (who took the list, how many addresses) in the same transaction that reads it, so the count is the file's.
 */
export async function exportSubscribers(db: Db, actor: Actor, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ email: n.email, confirmedAt: n.confirmedAt, consentAt: n.consentAt, consentSource: n.consentSource, consentTextVersion: n.consentTextVersion })
      .from(n)
      .where(eq(n.status, 'confirmed'))
      .orderBy(n.confirmedAt, n.id);
    await recordAudit(tx, actor, { action: 'newsletter.export', entity: 'newsletter', entityId: null, after: { addresses: rows.length } }, now);
    const iso = (d: Date | null) => d?.toISOString() ?? '';
    return (
      CSV_BOM +
      csvLine(t.newsletter.csvColumns) +
      rows.map((r) => csvLine([r.email, iso(r.confirmedAt), iso(r.consentAt), t.newsletter.sources[r.consentSource as keyof typeof t.newsletter.sources] ?? r.consentSource, r.consentTextVersion])).join('')
    );
  });
}
