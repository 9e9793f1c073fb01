// "Today" and "this week" on the shop's calendar (Europe/Amsterdam), as instants for queries. Pure.
import { shopDay } from '~/lib/format.ts';

const TZ = 'Europe/Amsterdam';
const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'longOffset' });

/** Minutes east of UTC in Amsterdam at `at` (60 in winter, 120 in summer). */
function amsterdamOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The instant a shop calendar day ('YYYY-MM-DD') begins. */
export function startOfShopDay(day: string): Date {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, mo - 1, d);
  // The offset at local midnight: try the offset of the instant itself, which settles in one step.
  const guess = new Date(utcMidnight - amsterdamOffsetMinutes(new Date(utcMidnight)) * 60_000);
  return new Date(utcMidnight - amsterdamOffsetMinutes(guess) * 60_000);
}

/** Start of today and of this week (Monday) in the shop's time zone. */
export function shopPeriods(now = new Date()): { today: Date; week: Date } {
  const today = shopDay(now);
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(y, mo - 1, d)).getUTCDay() + 6) % 7; // Monday 0
  const monday = new Date(Date.UTC(y, mo - 1, d - weekday)).toISOString().slice(0, 10);
  return { today: startOfShopDay(today), week: startOfShopDay(monday) };
}

/** The shop calendar days `from` to `to` (both 'YYYY-MM-DD', `to` included) as instants: [start, end). */
export function shopDayRange(from: string, to: string): { start: Date; end: Date } {
  const after = new Date(Date.parse(to) + 86_400_000).toISOString().slice(0, 10);
  return { start: startOfShopDay(from), end: startOfShopDay(after) };
}

/** A shop wall-clock moment ('YYYY-MM-DDTHH:MM', as a datetime-local field sends it) as an instant. */
export function shopDateTime(local: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return new Date(NaN);
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const guess = new Date(utc - amsterdamOffsetMinutes(new Date(utc)) * 60_000);
  return new Date(utc - amsterdamOffsetMinutes(guess) * 60_000);
}

/** An instant as the shop's wall clock, for a datetime-local field ('YYYY-MM-DDTHH:MM'). */
export function shopLocalTime(at: Date): string {
  return new Date(at.getTime() + amsterdamOffsetMinutes(at) * 60_000).toISOString().slice(0, 16);
}
