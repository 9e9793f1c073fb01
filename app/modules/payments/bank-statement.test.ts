import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSV_PRESETS, parseAmount, parseBankCsv, parseCamt053, parseStatement, parseXml, STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES, StatementError } from './bank-statement.ts';

const fixture = (name: string) => fs.readFileSync(`tests/fixtures/bank/${name}`);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof StatementError) return e.code;
    throw e;
  }
  return 'no error';
};

describe('CAMT.053', () => {
  it('reads every entry with amount, direction, date, bank reference, payer and remittance text', () => {
    const st = parseCamt053(fixture('camt053.xml').toString('utf8'));
    expect(st.format).toBe('camt053');
    expect(st.account).toBe('NL69INGB0123456789');
    expect(st.lines).toHaveLength(6);
    expect(st.lines[0]).toEqual({
      key: 'camt:NL69INGB0123456789:2026112400001',
      date: '2026-11-24',
      amountMinor: 1490,
      currency: 'EUR',
      credit: true,
      name: 'S DE VRIES',
      description: 'Bestelling KK-7Q4M-9XHD',
    });
    expect(st.lines[1]).toMatchObject({ credit: false, amountMinor: 25000, name: 'Verhuur & Beheer BV' });
    expect(st.lines[4]).toMatchObject({ name: 'E BAKKER', amountMinor: 1950 });
    expect(new Set(st.lines.map((l) => l.key)).size).toBe(6);
  });

  it('refuses a DOCTYPE (no entity is ever expanded), broken XML and XML that is not a statement', () => {
    expect(code(() => parseCamt053(fixture('xxe.xml').toString('utf8')))).toBe('doctype');
    expect(code(() => parseXml('<a><b></a>'))).toBe('xml');
    expect(code(() => parseXml('<a>&foo;</a>'))).toBe('xml');
    expect(code(() => parseXml('<a></a><b></b>'))).toBe('xml');
    expect(code(() => parseXml('<a>'))).toBe('xml');
    expect(code(() => parseCamt053('<Document><Other/></Document>'))).toBe('not_camt');
    expect(code(() => parseCamt053('<Document><BkToCstmrStmt><Stmt></Stmt></BkToCstmrStmt></Document>'))).toBe('no_lines');
    expect(code(() => parseCamt053('<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="EUR">abc</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry></Stmt></BkToCstmrStmt></Document>'))).toBe('bad_line');
    expect(parseXml('<a x="1 &amp; 2"><![CDATA[<b>]]>&#65;&#x42;</a>')).toMatchObject({ name: 'a', attrs: { x: '1 & 2' }, text: '<b>AB' });
  });

  it('a line without a bank reference gets a key from its contents and position', () => {
    const xml = fixture('camt053.xml').toString('utf8').replace(/<AcctSvcrRef>[^<]*<\/AcctSvcrRef>/g, '');
    const a = parseCamt053(xml).lines;
    const b = parseCamt053(xml).lines;
    expect(a.map((l) => l.key)).toEqual(b.map((l) => l.key));
    expect(new Set(a.map((l) => l.key)).size).toBe(6);
  });
});

describe('bank CSV', () => {
  it('reads an ING export with its preset: Bij is money in, Af out, amounts with a decimal comma', () => {
    const st = parseBankCsv(fixture('ing.csv').toString('utf8'), CSV_PRESETS.ing);
    expect(st.account).toBe('NL69INGB0123456789');
    expect(st.lines.map((l) => [l.date, l.amountMinor, l.credit])).toEqual([
      ['2026-11-24', 745, true],
      ['2026-11-24', 1234, false],
      ['2026-11-25', 3500, true],
      ['2026-11-25', 101950, true],
    ]);
    expect(st.lines[0]).toMatchObject({ name: 'S DE VRIES', currency: 'EUR' });
    expect(st.lines[0]!.description).toContain('KK-7Q4M-9XHD');
  });

  it('reads a Rabobank export: the sign says in or out, Volgnr is the line key, quotes inside fields', () => {
    const st = parseStatement(fixture('rabobank.csv'), CSV_PRESETS.rabobank);
    expect(st.lines.map((l) => [l.key, l.amountMinor, l.credit])).toEqual([
      ['csv:NL20RABO0300000003:000000000000012345', 1490, true],
      ['csv:NL20RABO0300000003:000000000000012346', 350, false],
      ['csv:NL20RABO0300000003:000000000000012347', 2495, true],
    ]);
    expect(st.lines[2]).toMatchObject({ name: 'P. Pieters', description: 'zaadjes "voor de tuin"' });
  });

  it('says which column is missing, which line is wrong, and refuses empty, huge and endless files', () => {
    const ing = fixture('ing.csv').toString('utf8');
    expect(code(() => parseBankCsv(ing, { ...CSV_PRESETS.ing, amount: 'Bedrag' }))).toBe('csv_column');
    expect(code(() => parseBankCsv(ing.replace('"7,45"', '"zeven"'), CSV_PRESETS.ing))).toBe('bad_line');
    expect(code(() => parseBankCsv(ing.replace('"20261124"', '"2026-11-24"'), CSV_PRESETS.ing))).toBe('bad_line');
    expect(code(() => parseBankCsv('"Datum";"Bedrag (EUR)"\r\n', CSV_PRESETS.ing))).toBe('csv_column');
    expect(code(() => parseStatement(new Uint8Array(0), CSV_PRESETS.ing))).toBe('empty');
    expect(code(() => parseStatement(new Uint8Array(STATEMENT_MAX_BYTES + 1), CSV_PRESETS.ing))).toBe('too_large');
    const header = ing.split('\r\n')[0]!;
    const row = ing.split('\r\n')[1]!;
    const many = [header, ...Array.from({ length: STATEMENT_MAX_LINES + 1 }, () => row)].join('\r\n');
    expect(code(() => parseStatement(Buffer.from(many), CSV_PRESETS.ing))).toBe('too_many_lines');
    expect(code(() => parseStatement(Buffer.from('\u0000\u0001binary'), CSV_PRESETS.ing))).toBe('encoding');
  });

  it('reads amounts as minor units', () => {
    expect(parseAmount('14,90', ',')).toEqual({ minor: 1490, negative: false });
    expect(parseAmount('-1.234,5', ',')).toEqual({ minor: 123450, negative: true });
    expect(parseAmount('1.234', ',')).toEqual({ minor: 123400, negative: false });
    expect(parseAmount('14.90', '.')).toEqual({ minor: 1490, negative: false });
    expect(parseAmount('14.901', '.')).toBeNull();
    expect(parseAmount('', ',')).toBeNull();
  });
});
