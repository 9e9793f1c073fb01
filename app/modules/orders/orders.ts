// Pure order logic: order numbers, delivery estimates and the shipment timeline.

// No 0/O, 1/I/L, so a number read out over the phone cannot be misheard.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** A human-friendly, non-sequential order number like KK-7Q4M-9XHD (31^8 ≈ 8.5·10^11 possibilities). */
export function orderNumber(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(16);
  let out = '';
  // Rejection sampling keeps every character equally likely.
  for (const b of bytes) {
    if (b >= 248) continue; // 248 = 8 × 31
    out += ALPHABET[b % 31];
    if (out.length === 8) break;
  }
  if (out.length < 8) return orderNumber(randomBytes);
  return `KK-${out.slice(0, 4)}-${out.slice(4)}`;
}

/** Accepts what a customer types: any case, spaces, with or without dashes and the KK prefix. */
export function normaliseOrderNumber(input: string): string | null {
  const raw = input.toUpperCase().replace(/[\s-]/g, '');
  const body = raw.startsWith('KK') ? raw.slice(2) : raw;
  if (body.length !== 8 || [...body].some((c) => !ALPHABET.includes(c))) return null;
  return `KK-${body.slice(0, 4)}-${body.slice(4)}`;
}

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
