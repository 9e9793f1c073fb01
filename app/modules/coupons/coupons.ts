// Pure parts of coupon and promotion management (ADR 035): batch codes, euro amounts and shop-calendar
// dates as the forms send them. Unit-tested without a database.
import type { couponKinds } from '~/modules/cart/cart.ts';
import { shopDay } from '~/lib/format.ts';
import { startOfShopDay } from '~/lib/periods.ts';

/** No 0/O, 1/I/L (as order numbers): a code read from paper or said on the phone cannot be misread. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** Random characters per batch code: 31^10 ≈ 8·10^14, so guessing one of 5,000 live codes takes ~10^11 tries. */
export const BATCH_CODE_LENGTH = 10;
export const BATCH_MAX = 5_000;
export const COUPON_PAGE_SIZE = 50;
export const DESCRIPTION_MAX = 300;
export const NAME_MAX = 80;

/** A batch code: the prefix, a dash and BATCH_CODE_LENGTH characters drawn uniformly (rejection sampling). */
export function batchCode(prefix: string, randomBytes: (n: number) => Uint8Array): string {
  let out = '';
  while (out.length < BATCH_CODE_LENGTH) {
    for (const b of randomBytes(16)) {
      if (b >= 248) continue; // 248 = 8 × 31: larger bytes would favour the first characters
      out += CODE_ALPHABET[b % 31];
      if (out.length === BATCH_CODE_LENGTH) break;
    }
  }
  return `${prefix}-${out}`;
}

/** 1250 → "12,50"; whole euros without decimals ("5"), as staff type them. */
export const eurosText = (minor: number | null | undefined) =>
  minor == null ? '' : minor % 100 === 0 ? String(minor / 100) : `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

/** A 'YYYY-MM-DD' that is a real calendar day. */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Valid from the start of that shop day (Amsterdam)… */
export const fromDay = (day: string) => startOfShopDay(day);
/** …until the end of that shop day (the last second, as the seeded codes). */
export const untilDay = (day: string) => new Date(startOfShopDay(new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)).getTime() - 1000);
/** The form's day for a stored moment. */
export const dayOf = (at: Date | string | null) => (at ? shopDay(at) : '');

export type Validity = 'current' | 'scheduled' | 'expired' | 'used_up' | 'disabled';
export const couponStatuses = ['current', 'scheduled', 'expired', 'used_up', 'disabled'] as const satisfies readonly Validity[];
/** The list shows codes made one by one by default: a batch of 5,000 would bury them. */
export const couponOrigins = ['los', 'reeks', 'alle'] as const;
export type CouponFilter = { q?: string; status?: Validity; kind?: (typeof couponKinds)[number]; origin: (typeof couponOrigins)[number] };

/** Where a coupon or promotion stands now, for the list's badge. */
export function validity(c: { active: boolean; validFrom: Date | string | null; validUntil: Date | string | null; usageLimit?: number | null; used?: number }, now = new Date()): Validity {
  if (!c.active) return 'disabled';
  if (c.validUntil && new Date(c.validUntil) < now) return 'expired';
  if (c.usageLimit != null && (c.used ?? 0) >= c.usageLimit) return 'used_up';
  if (c.validFrom && new Date(c.validFrom) > now) return 'scheduled';
  return 'current';
}
