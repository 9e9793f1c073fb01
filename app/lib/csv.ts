// CSV for spreadsheet programs (the bookkeeping exports). Pure. Dutch Excel opens a file directly (columns
// split, amounts as numbers, accents intact) when it is UTF-8 with a byte-order mark, separated by ';', with
// amounts as 12,34 and no thousands separator; LibreOffice and bookkeeping imports read the same.
//
// Formula injection: a spreadsheet runs a cell that starts with = + - @ (and some read a leading tab or
// carriage return the same way), so such text, typed by a customer as a name or address, is neutralised
// by a single quote before that character: the program shows it as text. A program set to read a comma as the
// separator (English settings) splits text at its commas, and one that misses the quotes splits it at its ; and
// line breaks: each part then starts a cell. So a formula character after any of them gets the quote too, and so
// does one of them at the end of the text (the next part would start at the cell's closing quote). Every text
// cell is quoted (RFC 4180). Only text is neutralised; numbers and amounts the shop itself writes (a negative
// refund: -12,34) are values, not user input, and stay unquoted so the spreadsheet reads them as numbers.

export const CSV_SEPARATOR = ';';
/** The byte-order mark that tells spreadsheet programs the file is UTF-8. */
export const CSV_BOM = '\uFEFF';
/** RFC 4180 line end. */
export const CSV_EOL = '\r\n';

/** An amount in minor units, written with a decimal comma: { minor: -1234 } → "-12,34". */
export type CsvMoney = { minor: number };
export type CsvValue = string | number | null | undefined | CsvMoney;

/** Where a spreadsheet may start a cell inside text, before a formula character or at the end. */
const FORMULA_AT = /(?<=^|[,;\r\n])(?=[ "]*[=+\-@\t\r])|(?<=[,;\r\n])(?=[ "]*$)/g;

export function csvMoney(minor: number): string {
  if (!Number.isInteger(minor)) throw new Error(`Bedrag moet in centen (geheel getal): ${minor}`);
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** One cell: text neutralised against formulas and quoted, with its quotes doubled; a number or amount as it is. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return String(value);
  }
  if (typeof value === 'object') return csvMoney(value.minor);
  return `"${value.replace(FORMULA_AT, "'").replace(/"/g, '""')}"`;
}

/** One line, with its line end. */
export function csvLine(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(CSV_SEPARATOR) + CSV_EOL;
}

// ---- reading ---------------------------------------------------------------------------------------

/** Rows read at most after the header (bank statements, stock and subscriber imports). */
export const CSV_MAX_ROWS = 5000;

/** More rows than the reader takes. */
export class CsvTooLongError extends Error {
  constructor(readonly max: number) {
    super(`too_many_lines: ${max}`);
  }
}

function checkRows(count: number, max: number) {
  if (count > max) throw new CsvTooLongError(max);
}

/**
 * Splits CSV text into rows (RFC 4180 quoting); the delimiter, unless given, is the first row's most frequent of ;
 * , and tab. More than `maxRows` rows after the header throws CsvTooLongError.
 */
export function splitCsv(text: string, delimiter = guessDelimiter(text), maxRows = CSV_MAX_ROWS): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      checkRows(rows.length - 1, maxRows);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  checkRows(rows.length - 1, maxRows);
  return rows;
}

function guessDelimiter(text: string) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return [';', ',', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
}
