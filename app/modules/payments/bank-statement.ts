// Reading bank statements (ADR 029): CAMT.053 XML and the CSV exports of Dutch banks, to statement lines
// with a stable key each. Pure: no database, no file system. The XML reader is a small one of our own that
// knows elements, attributes, text and the five predefined entities only: a DOCTYPE (and so any entity
// definition, external or not) is refused, nothing is ever fetched or expanded.
import crypto from 'node:crypto';
import type { StoredBankLine } from '~/db/schema/staff.ts';
import { CsvTooLongError, splitCsv } from '~/lib/csv.ts';

export type BankLine = StoredBankLine;

export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_LINES = 5000;

export type StatementErrorCode = 'empty' | 'too_large' | 'too_many_lines' | 'doctype' | 'xml' | 'not_camt' | 'csv_header' | 'csv_column' | 'bad_line' | 'no_lines' | 'encoding';

export class StatementError extends Error {
  constructor(
    readonly code: StatementErrorCode,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

export type ParsedStatement = { format: 'camt053' | 'csv'; account: string | null; lines: BankLine[] };

// ---- a minimal XML reader ------------------------------------------------------------------------

export type XmlElement = { name: string; attrs: Record<string, string>; children: XmlElement[]; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return safeChar(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return safeChar(parseInt(ref.slice(1), 10));
    const known = ENTITIES[ref];
    if (known === undefined) throw new StatementError('xml', `onbekende entiteit ${whole}`);
    return known;
  });
}

const safeChar = (code: number) => {
  if (code > 0x10ffff || code === 0) throw new StatementError('xml', 'ongeldig teken');
  return String.fromCodePoint(code);
};

/** The local name: namespace prefixes are dropped (camt uses a default namespace, some banks a prefix). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

const MAX_DEPTH = 64;

/** Parses an XML document into elements; throws StatementError on anything it does not understand. */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#root', attrs: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let i = 0;
  const n = xml.length;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const text = xml.slice(i, textEnd);
      if (stack.length === 1) {
        if (text.trim()) throw new StatementError('xml', 'tekst buiten het document');
      } else stack[stack.length - 1]!.text += decode(text);
    }
    if (lt === -1) break;
    if (xml.startsWith('<?', lt)) {
      const end = xml.indexOf('?>', lt + 2);
      if (end === -1) throw new StatementError('xml', 'onafgesloten instructie');
      i = end + 2;
    } else if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      if (end === -1) throw new StatementError('xml', 'onafgesloten commentaar');
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      if (end === -1 || stack.length === 1) throw new StatementError('xml', 'onafgesloten CDATA');
      stack[stack.length - 1]!.text += xml.slice(lt + 9, end);
      i = end + 3;
    } else if (xml.startsWith('<!', lt)) {
      // <!DOCTYPE …> and <!ENTITY …>: refused, so no entity can be defined, expanded or fetched.
      throw new StatementError('doctype');
    } else if (xml.startsWith('</', lt)) {
      const end = xml.indexOf('>', lt);
      if (end === -1) throw new StatementError('xml', 'onafgesloten tag');
      const name = local(xml.slice(lt + 2, end).trim());
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw new StatementError('xml', `onverwachte </${name}>`);
      i = end + 1;
    } else {
      const m = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(xml.slice(lt, lt + 4096));
      if (!m) throw new StatementError('xml', 'ongeldige tag');
      const el: XmlElement = { name: local(m[1]!), attrs: {}, children: [], text: '' };
      for (const a of m[2]!.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/g)) el.attrs[local(a[1]!)] = decode(a[2] ?? a[3] ?? '');
      stack[stack.length - 1]!.children.push(el);
      if (!m[3]) {
        stack.push(el);
        if (stack.length > MAX_DEPTH) throw new StatementError('xml', 'te diep genest');
      }
      i = lt + m[0].length;
    }
  }
  if (stack.length !== 1) throw new StatementError('xml', `onafgesloten <${stack[stack.length - 1]!.name}>`);
  if (root.children.length !== 1) throw new StatementError('xml', 'geen of meer dan één hoofdelement');
  return root.children[0]!;
}

const child = (el: XmlElement | undefined, ...path: string[]): XmlElement | undefined => {
  let at = el;
  for (const p of path) at = at?.children.find((c) => c.name === p);
  return at;
};
const all = (el: XmlElement | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];
const textOf = (el: XmlElement | undefined) => el?.text.trim() ?? '';

// ---- shared ----------------------------------------------------------------------------------------

/** "14.90", "14,90", "1.234,56", "+14,90" or "-5" to minor units and a sign; null when not an amount. */
export function parseAmount(raw: string, decimal: '.' | ','): { minor: number; negative: boolean } | null {
  let t = raw.trim().replace(/\s/g, '');
  const negative = t.startsWith('-');
  if (t.startsWith('-') || t.startsWith('+')) t = t.slice(1);
  const thousands = decimal === ',' ? '.' : ',';
  if (t.includes(decimal)) t = t.split(thousands).join('');
  else if (/^\d{1,3}(\.\d{3})+$/.test(t) && decimal === ',') t = t.split('.').join('');
  const m = new RegExp(`^(\\d{1,9})(?:\\${decimal}(\\d{1,2}))?$`).exec(t);
  if (!m) return null;
  return { minor: Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')), negative };
}

const lineHash = (parts: (string | number)[]) => crypto.createHash('sha256').update(parts.join('\u001f')).digest('hex').slice(0, 32);

/**
 * A line without the bank's own id: a hash of what it says, not of its place in the file, so the same line on an
 * overlapping statement gets the same key (staff's decision about it is found again). Identical lines in one file
 * are told apart by how many came before them.
 */
function contentKey(prefix: string, parts: (string | number)[], seen: Map<string, number>): string {
  const base = lineHash(parts);
  const n = seen.get(base) ?? 0;
  seen.set(base, n + 1);
  return `${prefix}:${n === 0 ? base : lineHash([base, n])}`;
}

function checkCount(count: number) {
  if (count > STATEMENT_MAX_LINES) throw new StatementError('too_many_lines', String(STATEMENT_MAX_LINES));
}

function csvRows(text: string): string[][] {
  try {
    return splitCsv(text, undefined, STATEMENT_MAX_LINES);
  } catch (e) {
    if (e instanceof CsvTooLongError) throw new StatementError('too_many_lines', String(STATEMENT_MAX_LINES));
    throw e;
  }
}

// ---- CAMT.053 --------------------------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

/** The entries of a CAMT.053 statement; each becomes one line (a batch entry's remittance texts are joined). */
export function parseCamt053(xml: string): ParsedStatement {
  const doc = parseXml(xml);
  const body = child(doc, 'BkToCstmrStmt');
  if (doc.name !== 'Document' || !body) throw new StatementError('not_camt');
  const lines: BankLine[] = [];
  const seen = new Map<string, number>();
  let firstAccount: string | null = null;
  for (const stmt of all(body, 'Stmt')) {
    const acct = child(stmt, 'Acct', 'Id');
    const account = textOf(child(acct, 'IBAN')) || textOf(child(acct, 'Othr', 'Id')) || null;
    firstAccount ??= account;
    const entries = all(stmt, 'Ntry');
    checkCount(lines.length + entries.length);
    entries.forEach((ntry) => {
      const amt = child(ntry, 'Amt');
      const amount = parseAmount(textOf(amt), '.');
      const currency = amt?.attrs.Ccy ?? '';
      const direction = textOf(child(ntry, 'CdtDbtInd'));
      const date = (textOf(child(ntry, 'BookgDt', 'Dt')) || textOf(child(ntry, 'BookgDt', 'DtTm')) || textOf(child(ntry, 'ValDt', 'Dt')) || textOf(child(ntry, 'ValDt', 'DtTm'))).slice(0, 10);
      if (!amount || amount.negative || !/^[A-Z]{3}$/.test(currency) || (direction !== 'CRDT' && direction !== 'DBIT') || !ISO_DATE.test(date))
        throw new StatementError('bad_line', String(lines.length + 1));
      const txs = all(child(ntry, 'NtryDtls'), 'TxDtls');
      const texts = txs.flatMap((tx) => all(child(tx, 'RmtInf'), 'Ustrd').map(textOf)).filter(Boolean);
      const description = (texts.join(' ') || textOf(child(ntry, 'AddtlNtryInf'))).slice(0, 500);
      const parties = txs.map((tx) => child(tx, 'RltdPties'));
      const partyName = (p: XmlElement | undefined, role: 'Dbtr' | 'Cdtr') => textOf(child(p, role, 'Nm')) || textOf(child(p, role, 'Pty', 'Nm'));
      const name = parties.map((p) => partyName(p, direction === 'CRDT' ? 'Dbtr' : 'Cdtr')).find(Boolean) ?? '';
      const ref = textOf(child(ntry, 'AcctSvcrRef'));
      lines.push({
        key: ref ? `camt:${account ?? ''}:${ref}` : contentKey('camt', [account ?? '', date, amount.minor, currency, direction, name, description], seen),
        ...(ref ? {} : { legacyKey: `camt:${lineHash([account ?? '', date, amount.minor, currency, direction, description, lines.length])}` }),
        date,
        amountMinor: amount.minor,
        currency,
        credit: direction === 'CRDT',
        name: name.slice(0, 200),
        description,
      });
    });
  }
  if (lines.length === 0) throw new StatementError('no_lines');
  return { format: 'camt053', account: firstAccount, lines };
}

// ---- CSV -------------------------------------------------------------------------------------------

export type CsvMapping = {
  /** Column headers as in the file's first row (matched without regard to case and spaces around them). */
  date: string;
  dateFormat: 'yyyymmdd' | 'yyyy-mm-dd' | 'dd-mm-yyyy';
  amount: string;
  decimal: ',' | '.';
  /** The debit/credit column, or '' when the amount's sign says it. */
  direction: string;
  /** The value of the direction column for money coming in ("Bij", "C"). */
  creditValue: string;
  name: string;
  /** One or more columns, comma-separated, joined into the description. */
  description: string;
  /** The bank's own id of the line (Rabobank's "Volgnr"), '' when there is none. */
  reference: string;
  /** The column with our own account number, '' when there is none. */
  account: string;
  /** The currency column, '' when all is in euro. */
  currency: string;
};

export const CSV_PRESETS: Record<'ing' | 'rabobank', CsvMapping> = {
  ing: {
    date: 'Datum',
    dateFormat: 'yyyymmdd',
    amount: 'Bedrag (EUR)',
    decimal: ',',
    direction: 'Af Bij',
    creditValue: 'Bij',
    name: 'Naam / Omschrijving',
    description: 'Mededelingen',
    reference: '',
    account: 'Rekening',
    currency: '',
  },
  rabobank: {
    date: 'Datum',
    dateFormat: 'yyyy-mm-dd',
    amount: 'Bedrag',
    decimal: ',',
    direction: '',
    creditValue: '',
    name: 'Naam tegenpartij',
    description: 'Omschrijving-1, Omschrijving-2, Omschrijving-3',
    reference: 'Volgnr',
    account: 'IBAN/BBAN',
    currency: 'Munt',
  },
};

const norm = (h: string) => h.replace(/^\uFEFF/, '').trim().toLowerCase();

function toIsoDate(raw: string, format: CsvMapping['dateFormat']): string | null {
  const t = raw.trim();
  const m =
    format === 'yyyymmdd' ? /^(\d{4})(\d{2})(\d{2})$/.exec(t) : format === 'yyyy-mm-dd' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(t) : /^(\d{2})[-/.](\d{2})[-/.](\d{4})$/.exec(t);
  if (!m) return null;
  const [y, mo, d] = format === 'dd-mm-yyyy' ? [m[3]!, m[2]!, m[1]!] : [m[1]!, m[2]!, m[3]!];
  const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? null : `${y}-${mo}-${d}`;
}

/** A bank's CSV export with the given column mapping; the first row holds the headers. */
export function parseBankCsv(text: string, mapping: CsvMapping): ParsedStatement {
  const rows = csvRows(text);
  const header = rows[0]?.map(norm);
  if (!header || header.length < 2) throw new StatementError('csv_header');
  const col = (name: string, required: boolean) => {
    if (!name.trim()) {
      if (required) throw new StatementError('csv_column', '');
      return -1;
    }
    const at = header.indexOf(norm(name));
    if (at === -1) throw new StatementError('csv_column', name.trim());
    return at;
  };
  const c = {
    date: col(mapping.date, true),
    amount: col(mapping.amount, true),
    direction: col(mapping.direction, false),
    name: col(mapping.name, false),
    description: mapping.description
      .split(',')
      .filter((d) => d.trim())
      .map((d) => col(d, true)),
    reference: col(mapping.reference, false),
    account: col(mapping.account, false),
    currency: col(mapping.currency, false),
  };
  const cell = (r: string[], i: number) => (i < 0 ? '' : (r[i] ?? '').trim());
  const lines: BankLine[] = [];
  const seen = new Map<string, number>();
  let firstAccount: string | null = null;
  rows.slice(1).forEach((r, index) => {
    const lineNo = String(index + 2);
    const date = toIsoDate(cell(r, c.date), mapping.dateFormat);
    const amount = parseAmount(cell(r, c.amount), mapping.decimal);
    if (!date || !amount) throw new StatementError('bad_line', lineNo);
    const credit = c.direction >= 0 ? norm(cell(r, c.direction)) === norm(mapping.creditValue) : !amount.negative;
    const currency = (cell(r, c.currency) || 'EUR').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new StatementError('bad_line', lineNo);
    const account = cell(r, c.account) || null;
    firstAccount ??= account;
    const description = c.description
      .map((i) => cell(r, i))
      .filter(Boolean)
      .join(' ')
      .slice(0, 500);
    const ref = cell(r, c.reference);
    lines.push({
      key: ref ? `csv:${account ?? ''}:${ref}` : contentKey('csv', [account ?? '', date, amount.minor, currency, credit ? 'C' : 'D', cell(r, c.name), description], seen),
      ...(ref ? {} : { legacyKey: `csv:${lineHash([account ?? '', date, amount.minor, currency, credit ? 'C' : 'D', cell(r, c.name), description, index])}` }),
      date,
      amountMinor: amount.minor,
      currency,
      credit,
      name: cell(r, c.name).slice(0, 200),
      description,
    });
  });
  if (lines.length === 0) throw new StatementError('no_lines');
  return { format: 'csv', account: firstAccount, lines };
}

/** Any statement file: XML is read as CAMT.053, anything else as CSV with the mapping. */
export function parseStatement(bytes: Uint8Array, mapping: CsvMapping): ParsedStatement {
  if (bytes.length === 0) throw new StatementError('empty');
  if (bytes.length > STATEMENT_MAX_BYTES) throw new StatementError('too_large');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Older exports are Windows-1252: read them as that rather than refusing.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) throw new StatementError('encoding');
  const start = text.replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('<') ? parseCamt053(start) : parseBankCsv(start, mapping);
}
