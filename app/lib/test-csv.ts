import { splitCsv } from '~/lib/csv.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
// The shop's own amounts and counts (-12,34, -3) are values: read with commas, an amount's parts are "-12" and "34".
const NUMBER = /^-\d+(,\d+)?$/;

/**
 * The cells of a CSV export that would start a formula in a spreadsheet reading the file with this separator: the
 * export's own (;) or a comma, as English spreadsheet settings do (RFC 4180 quotes, the rest of a field kept after
 * its closing quote, as spreadsheet programs do). None may be there.
 */
export function formulaCells(csv: string, separator: ';' | ',') {
  return splitCsv(csv.replace(/^\uFEFF/, ''), separator)
    .flat()
    .filter((cell) => FORMULA_START.test(cell) && !NUMBER.test(cell));
}
