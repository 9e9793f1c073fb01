// Pure order logic: order numbers, delivery estimates and the shipment timeline.

export { normaliseOrderNumber, orderNumber } from '~/lib/order-number.ts';

/** Adds business days (Monday to Friday) to a date. */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

export type TimelineStep = { step: 'new' | 'processing' | 'shipped'; done: boolean; at: string | null };

/** SPEC §4 shipment timeline: new (created) → processing → shipped. */
export function shipmentTimeline(s: { createdAt: Date; processingAt: Date | null; sentAt: Date | null }): TimelineStep[] {
  return [
    { step: 'new', done: true, at: s.createdAt.toISOString() },
    { step: 'processing', done: !!s.processingAt, at: s.processingAt?.toISOString() ?? null },
    { step: 'shipped', done: !!s.sentAt, at: s.sentAt?.toISOString() ?? null },
  ];
}

/** Expected delivery window for a sent parcel: min to max business days after sending. */
export function deliveryWindow(sentAt: Date, minDays: number, maxDays: number) {
  return { from: addBusinessDays(sentAt, minDays).toISOString(), to: addBusinessDays(sentAt, maxDays).toISOString() };
}
