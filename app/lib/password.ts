// Password policy (OWASP ASVS 5, NIST 800-63B) and the age rule. Pure: no database, no hashing.
import { shopDay } from '~/lib/format.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

const PASSWORD_MIN = 8;
/** An upper bound so a huge input cannot tie up the hasher; long passphrases still fit. */
const PASSWORD_MAX = 128;
const AGE_LIMIT = 18;

export type PasswordProblem = 'too_short' | 'too_long' | 'common' | 'personal';

/** Length in Unicode code points, as a person counts characters ('🌱' is one, not two UTF-16 units). */
export const codePoints = (value: string) => [...value].length;

/**
 * Why a new password is refused, or null. No composition rules (ASVS: they make passwords
 * weaker in practice); only length, the common-password list and the account's own name or e-mail.
 */
export function passwordProblem(password: string, context: { email?: string; name?: string } = {}): PasswordProblem | null {
  const length = codePoints(password);
  if (length < PASSWORD_MIN) return 'too_short';
  if (length > PASSWORD_MAX) return 'too_long';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'common';
  const email = context.email?.trim().toLowerCase();
  const personal = [email, email?.split('@')[0], context.name?.trim().toLowerCase(), context.name?.replace(/\s+/g, '').toLowerCase()];
  if (personal.some((p) => p && p.length >= 3 && p === lower)) return 'personal';
  return null;
}

/** 'YYYY-MM-DD' of a calendar date that exists (no 31 April, 29 February only in leap years). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** The shop's calendar date at `now` (birthdays turn over at midnight in the Netherlands, not in UTC). */
export function shopToday(now: Date = new Date()): string {
  return shopDay(now);
}

/**
 * True when someone born on `dateOfBirth` is 18 or older on `today` (both 'YYYY-MM-DD'; a Date is
 * read as the shop's calendar date). Someone born on 29 February comes of age on 1 March in a
 * non-leap year: the later of the two candidate days, the safe side for an age limit.
 */
export function isAdult(dateOfBirth: string, today: string | Date, age = AGE_LIMIT): boolean {
  const born = parseIsoDate(dateOfBirth);
  const now = parseIsoDate(typeof today === 'string' ? today : shopToday(today));
  if (!born || !now) return false;
  const year = born.year + age;
  const [month, day] = born.month === 2 && born.day === 29 && !isLeapYear(year) ? [3, 1] : [born.month, born.day];
  const comeOfAge = year * 10_000 + month * 100 + day;
  return now.year * 10_000 + now.month * 100 + now.day >= comeOfAge;
}
