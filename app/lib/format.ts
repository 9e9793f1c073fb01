// Dutch dates and numbers, the same text on the server and in every browser.
// Numbers are written by hand: a page's first Intl.NumberFormat loads the browser's locale data, a 20–30 ms
// task in the middle of hydration (four times that on a phone), and a browser's ICU may differ from Node's.
// The unit tests hold them to Node's Intl. Dates keep Intl (fewer pages show one), built on first use.
const TZ = 'Europe/Amsterdam';
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};
const long = once(() => new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TZ }));
const weekday = once(() => new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: TZ }));
const clock = once(() => new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: TZ }));
const day = once(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TZ }));

/**
 * "1.234,5": thousands dot, decimal comma, at most `maxFraction` decimals rounded half away from zero on the
 * number's shortest decimal form (as Intl does), trailing zeros dropped down to `minFraction`.
 */
export function dutchNumber(n: number, minFraction: number, maxFraction: number): string {
  const text = String(Math.abs(n));
  if (!Number.isFinite(n) || text.includes('e')) return n.toLocaleString('nl-NL', { minimumFractionDigits: minFraction, maximumFractionDigits: maxFraction });
  let [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > maxFraction) {
    const roundUp = fraction[maxFraction]! >= '5';
    fraction = fraction.slice(0, maxFraction);
    if (roundUp) {
      const digits = (whole + fraction).split('').map(Number);
      let i = digits.length - 1;
      for (; i >= 0 && digits[i] === 9; i--) digits[i] = 0;
      if (i < 0) digits.unshift(1);
      else digits[i]! += 1;
      const all = digits.join('');
      whole = all.slice(0, all.length - fraction.length);
      fraction = all.slice(all.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '').padEnd(minFraction, '0');
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, '.')}${fraction ? `,${fraction}` : ''}`;
}

type When = Date | string | number;

/** "14 maart 2026". */
export const longDate = (when: When) => long().format(new Date(when));
/** "dinsdag 24 november". */
export const weekdayDate = (when: When) => weekday().format(new Date(when));
/** "14:05". */
export const clockTime = (when: When) => clock().format(new Date(when));
/** "2026-03-14": the shop's calendar day (a <time datetime>, birthdays, "today"). */
export const shopDay = (when: When) => day().format(new Date(when));

/** "4,0" — ratings. */
export const oneDecimalNumber = (n: number) => dutchNumber(n, 1, 1);
/** "22" or "22,5" — THC and CBD percentages. */
export const shortNumber = (n: number) => dutchNumber(n, 0, 1);
/** "1.234". */
export const wholeNumber = (n: number) => dutchNumber(n, 0, 0);
/** A value stored in tenths of a percent, shown as "22,5%". */
export const tenthsPercent = (tenths: number) => `${dutchNumber(tenths / 10, 0, 1)}%`;
