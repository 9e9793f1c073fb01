// The back office's order timeline (pure): the order's events, payments, refunds, parcels, mails, notes and audit
// entries merged into one list, newest first (ADR 064), each with its real moment and who did it. A payment booked
// by staff or from a bank statement is placed at the moment it was booked; the day the money came in is only a day
// (the form and the statement give no time), so it is shown as a date and never as an invented time.
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { describeAudit } from '~/lib/audit-text.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';

const t = backoffice.order;
const h = backoffice.order.history;

type When = Date | string;
export type HistoryKind = 'order' | 'payment' | 'refund' | 'parcel' | 'mail' | 'note' | 'action';
export type HistoryTone = 'green' | 'red' | 'amber' | 'slate' | 'blue';
export type HistoryEntry = { key: string; at: string; kind: HistoryKind; title: string; amount?: string; details: string[]; by: string; tone: HistoryTone };

export type HistoryInput = {
  order: { number: string; createdAt: When; paidAt: When | null; cancelledAt: When | null; paymentMethod: string; carrier: string };
  lines: { id: number; productName: string; seeds: number }[];
  payments: {
    id: number;
    method: string;
    provider: string;
    reference: string;
    state: string;
    amountMinor: number;
    currency: string;
    receivedAmountMinor: number | null;
    receivedCurrency: string | null;
    receivedAt: When | null;
    payer: string | null;
    note: string | null;
    createdAt: When;
    updatedAt: When;
  }[];
  refunds: { id: number; amountMinor: number; currency: string; state: string; reason: string | null; createdAt: When }[];
  shipments: { id: number; carrier: string; status: string; trackingCode: string | null; sentAt: When | null; createdAt: When; lines: { orderLineId: number; quantity: number }[] }[];
  mails: { id: number; template: string; createdAt: When; sentAt: When | null; failedAt: When | null }[];
  notes: { id: number; body: string; createdAt: When; author: string }[];
  audit: { id: number; at: When; action: string; actor: string; staffName: string | null; before: unknown; after: unknown }[];
};

type Audit = HistoryInput['audit'][number];
const iso = (at: When) => new Date(at).toISOString();
/** "6 december 2026 14:05" in Amsterdam time (the page shows `at` this way too). */
export const moment = (at: When) => `${longDate(at)} ${clockTime(at)}`;
const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const whoOf = (a: Audit) => a.staffName ?? h.who[a.actor] ?? a.actor;

/** The audit entries that say who booked a payment, shipped a parcel or refunded, by the id of what they made. */
function bookedBy(audit: Audit[]) {
  const by = new Map<string, string>();
  const ids: Record<string, string> = { 'payment.received': 'paymentId', 'order.ship': 'shipmentId', 'order.refund': 'refundId', 'payment.review.refund': 'refundId' };
  for (const a of audit) {
    const field = ids[a.action];
    const id = field ? record(a.after)[field] : undefined;
    if (typeof id === 'number') by.set(`${field}:${id}`, whoOf(a));
  }
  return by;
}

function orderEntries(input: HistoryInput): HistoryEntry[] {
  const o = input.order;
  const method = backoffice.paymentMethod[o.paymentMethod as keyof typeof backoffice.paymentMethod] ?? o.paymentMethod;
  const entries: HistoryEntry[] = [
    { key: 'order', at: iso(o.createdAt), kind: 'order', title: h.placed, details: [`${method} · ${t.carrier[o.carrier as keyof typeof t.carrier] ?? o.carrier}`], by: h.who.customer!, tone: 'blue' },
  ];
  if (o.paidAt) entries.push({ key: 'paid', at: iso(o.paidAt), kind: 'order', title: h.paid, details: [], by: h.who.system!, tone: 'green' });
  // Staff's cancellation is its audit entry (with who and why); without one the expiry job cancelled it.
  if (o.cancelledAt && !input.audit.some((a) => a.action === 'order.cancel')) {
    entries.push({ key: 'cancelled', at: iso(o.cancelledAt), kind: 'order', title: h.expired, details: [], by: h.who.system!, tone: 'slate' });
  }
  return entries;
}

const stateTone = (state: string): HistoryTone => (state === 'complete' ? 'green' : state === 'failed' || state === 'needs_review' ? 'red' : 'amber');

function paymentEntries(input: HistoryInput, by: Map<string, string>): HistoryEntry[] {
  return input.payments.flatMap((p): HistoryEntry[] => {
    const amount = formatMoney(p.amountMinor, p.currency);
    const state = t.attemptState[p.state as keyof typeof t.attemptState] ?? p.state;
    const base = { kind: 'payment' as const, amount };
    const extra = [p.receivedAmountMinor !== null ? t.received(formatMoney(p.receivedAmountMinor, p.receivedCurrency ?? p.currency)) : null, p.note].filter((x): x is string => !!x);
    if (p.receivedAt && (p.provider === 'manual' || p.provider === 'bank')) {
      // Booked by staff (the reference is the form's key, not worth showing) or from a statement line.
      const staff = by.get(`paymentId:${p.id}`);
      const who = p.provider === 'bank' ? (staff ? h.bankBookedBy(staff) : h.who.bank!) : (staff ?? h.who.system!);
      const day = longDate(p.receivedAt);
      const details = [p.provider === 'bank' ? h.statementDay(day) : h.receivedOn(day), p.payer ? h.payer(p.payer) : null, ...extra].filter((x): x is string => !!x);
      return [{ ...base, key: `p${p.id}`, at: iso(p.createdAt), title: t.receivedVia[p.provider]!, details: p.state === 'complete' ? details : [state, ...details], by: who, tone: stateTone(p.state) }];
    }
    if (p.provider === 'manual') {
      return [{ ...base, key: `p${p.id}`, at: iso(p.createdAt), title: t.request, details: [h.reference(p.reference)], by: h.who.customer!, tone: 'slate' }];
    }
    const started: HistoryEntry = { ...base, key: `p${p.id}`, at: iso(p.createdAt), title: h.onlineStarted, details: [h.reference(p.reference)], by: h.who.customer!, tone: 'slate' };
    if (p.state === 'pending' || p.state === 'processing') return [started];
    return [started, { ...base, key: `p${p.id}-outcome`, at: iso(p.updatedAt), title: h.onlineOutcome(state), details: extra, by: h.who.system!, tone: stateTone(p.state) }];
  });
}

function refundEntries(input: HistoryInput, by: Map<string, string>): HistoryEntry[] {
  return input.refunds.map((r) => ({
    key: `r${r.id}`,
    at: iso(r.createdAt),
    kind: 'refund',
    title: h.refund,
    amount: `− ${formatMoney(r.amountMinor, r.currency)}`,
    details: [t.refundState[r.state as keyof typeof t.refundState] ?? r.state, r.reason ? h.reason(r.reason) : null].filter((x): x is string => !!x),
    by: by.get(`refundId:${r.id}`) ?? h.who.system!,
    tone: r.state === 'failed' ? 'red' : 'slate',
  }));
}

/** Parcels sent (checkout makes the order's first, empty parcel row: not an event until it goes). */
function parcelEntries(input: HistoryInput, by: Map<string, string>): HistoryEntry[] {
  return input.shipments.flatMap((sh): HistoryEntry[] => {
    if (!sh.sentAt) return [];
    const carrier = t.carrier[sh.carrier as keyof typeof t.carrier] ?? sh.carrier;
    const contents = sh.lines.map((pl) => {
      const line = input.lines.find((l) => l.id === pl.orderLineId);
      return h.parcelLine(pl.quantity, line?.productName ?? '?', t.seeds(line?.seeds ?? 0));
    });
    const details = [...(sh.trackingCode ? [h.tracking(sh.trackingCode)] : []), ...contents];
    return [{ key: `s${sh.id}`, at: iso(sh.sentAt), kind: 'parcel', title: h.parcel(carrier), details, by: by.get(`shipmentId:${sh.id}`) ?? h.who.system!, tone: 'green' }];
  });
}

function mailEntries(input: HistoryInput): HistoryEntry[] {
  return input.mails.map((m) => ({
    key: `m${m.id}`,
    at: iso(m.createdAt),
    kind: 'mail',
    title: h.mail(t.mailNames[m.template] ?? m.template),
    details: [m.failedAt ? h.mailFailed : m.sentAt ? h.mailSent(moment(m.sentAt)) : h.mailPending],
    by: h.who.system!,
    tone: m.failedAt ? 'red' : 'slate',
  }));
}

/** The audit entries that are their own event (address, cancellation, resent mail, accepted review…), in words. */
function actionEntries(input: HistoryInput): HistoryEntry[] {
  const covered = new Set(['payment.received', 'order.ship', 'order.refund', 'payment.review.refund', 'order.note']);
  return input.audit
    .filter((a) => !covered.has(a.action))
    .map((a) => {
      const text = describeAudit({ who: whoOf(a), action: a.action, entity: 'order', entityId: input.order.number, before: a.before, after: a.after });
      const after = record(a.after);
      const own = h.actions[a.action];
      const title = a.action === 'order.mail.resend' && typeof after.template === 'string' ? `${own}: ${t.mailNames[after.template] ?? after.template}` : (own ?? text.sentence);
      const details = a.action === 'order.mail.resend' ? [] : a.action === 'order.cancel' ? (typeof after.reason === 'string' ? [h.reason(after.reason)] : []) : text.changes.map((c) => `${c.label}: ${c.before === null ? '' : `${c.before} → `}${c.after ?? ''}`);
      return { key: `a${a.id}`, at: iso(a.at), kind: 'action' as const, title, details, by: whoOf(a), tone: a.action === 'order.cancel' ? ('red' as const) : ('slate' as const) };
    });
}

// Events at the same moment (a payment, the order becoming paid, its mail) in the order they follow each other.
const RANK: Record<HistoryKind, number> = { order: 0, payment: 1, refund: 3, parcel: 4, action: 5, note: 6, mail: 7 };
const rank = (e: HistoryEntry) => (e.key === 'paid' || e.key === 'cancelled' ? 2 : RANK[e.kind]);

/** The whole history, newest first; at the same moment the later step of a chain first. */
export function orderHistory(input: HistoryInput): HistoryEntry[] {
  const by = bookedBy(input.audit);
  const notes: HistoryEntry[] = input.notes.map((n) => ({ key: `n${n.id}`, at: iso(n.createdAt), kind: 'note', title: h.note, details: [n.body], by: n.author, tone: 'amber' }));
  const all = [...orderEntries(input), ...paymentEntries(input, by), ...refundEntries(input, by), ...parcelEntries(input, by), ...mailEntries(input), ...notes, ...actionEntries(input)];
  return all.sort((a, b) => b.at.localeCompare(a.at) || rank(b) - rank(a) || b.key.localeCompare(a.key));
}
