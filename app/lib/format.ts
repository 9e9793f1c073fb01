// Dutch dates and numbers: one formatter of each kind, built once (an Intl constructor costs far more than
// a format call). Dates are in the shop's time zone, so the server render and the browser agree.
const TZ = 'Europe/Amsterdam';
const long = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TZ });
const weekday = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', timeZone: TZ });
const clock = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', timeZone: TZ });
const day = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TZ });
const oneDecimal = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 0 });

type When = Date | string | number;

/** "14 maart 2026". */
export const longDate = (when: When) => long.format(new Date(when));
/** "dinsdag 24 november". */
export const weekdayDate = (when: When) => weekday.format(new Date(when));
/** "14:05". */
export const clockTime = (when: When) => clock.format(new Date(when));
/** "2026-03-14": the shop's calendar day (a <time datetime>, birthdays, "today"). */
export const shopDay = (when: When) => day.format(new Date(when));

/** "4,0" — ratings. */
export const oneDecimalNumber = (n: number) => oneDecimal.format(n);
/** "22" or "22,5" — THC and CBD percentages. */
export const shortNumber = (n: number) => upToOneDecimal.format(n);
/** "1.234". */
export const wholeNumber = (n: number) => whole.format(n);
/** A value stored in tenths of a percent, shown as "22,5%". */
export const tenthsPercent = (tenths: number) => `${upToOneDecimal.format(tenths / 10)}%`;
