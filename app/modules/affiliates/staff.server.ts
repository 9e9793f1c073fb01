import type { Db } from '~/db/client.server.ts';
// Server-only texts: imported from their file so they stay out of the browser's copy.
import { affiliates } from '~/i18n/nl/affiliates.ts';
import { formatMoney } from '~/lib/money.ts';
import { affiliateList, decideAffiliate, payOut } from './affiliates.server.ts';

const t = affiliates.staff;

export type StaffAffiliateAction =
  | { action: 'list' }
  | { action: 'approve'; code: string; percent?: number }
  | { action: 'reject' | 'suspend'; code: string }
  | { action: 'payout'; code: string; reference: string };

/** The staff actions on affiliates through `npm run affiliate` and the staff API (the back office: backoffice/affiliates.server.ts). */
export async function staffAffiliateAction(db: Db, a: StaffAffiliateAction): Promise<{ ok: boolean; message: string }> {
  if (a.action === 'list') {
    const rows = await affiliateList(db);
    return { ok: true, message: rows.length === 0 ? t.none : rows.map((r) => t.line(r)).join('\n') };
  }
  if (a.action === 'payout') {
    const paid = await payOut(db, a.code, a.reference);
    if (paid === null) return { ok: false, message: t.notFound(a.code) };
    if (paid.length === 0) return { ok: true, message: t.nothingPayable(a.code) };
    return { ok: true, message: t.paid(a.code, paid.map((p) => formatMoney(p.amountMinor, p.currency)).join(', ')) };
  }
  if (a.action === 'approve' && a.percent !== undefined && !(Number.isInteger(a.percent) && a.percent >= 0 && a.percent <= 50)) return { ok: false, message: t.percentInvalid };
  const status = a.action === 'approve' ? 'approved' : a.action === 'reject' ? 'rejected' : 'suspended';
  const found = await decideAffiliate(db, a.code, status, a.action === 'approve' ? a.percent : undefined);
  return found ? { ok: true, message: t.decided(a.code, status) } : { ok: false, message: t.notFound(a.code) };
}
