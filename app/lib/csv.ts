// CSV for spreadsheet programs (the bookkeeping exports). Pure. Dutch Excel opens a file directly (columns
// split, amounts as numbers, accents intact) when it is UTF-8 with a byte-order mark, separated by ';', with
// amounts as 12,34 and no thousands separator; LibreOffice and bookkeeping imports read the same.
//
// Formula injection: a spreadsheet runs a cell that starts with = + - @ (and some read a leading tab or
// carriage return the same way), so such text, typed by a customer as a name or address, is neutralised
// by a leading single quote: the program shows it as text. Only text is neutralised; numbers and amounts
// the shop itself writes (a negative refund: "-12,34") are values, not user input.

export const CSV_SEPARATOR = ';';
/** The byte-order mark that tells spreadsheet programs the file is UTF-8. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 line end. */
export const CSV_EOL = '\r\n';

/** An amount in minor units, written with a decimal comma: { minor: -1234 } → "-12,34". */
export type CsvMoney = { minor: number };
export type CsvValue = string | number | null | undefined | CsvMoney;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

export function csvMoney(minor: number): string {
  if (!Number.isInteger(minor)) throw new Error(`Bedrag moet in centen (geheel getal): ${minor}`);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** One cell: text neutralised against formulas and quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return String(value);
  }
  if (typeof value === 'object') return csvMoney(value.minor);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;
}
