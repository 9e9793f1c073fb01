import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvLine, csvMoney } from './csv.ts';
import { formulaCells } from './test-csv.ts';

describe('csvCell', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","klik")')).toBe(`"'=HYPERLINK(""http://x"",""klik"")"`);
    expect(csvCell('+31 6 12345678')).toBe(`"'+31 6 12345678"`);
    expect(csvCell('-2+3+cmd|calc')).toBe(`"'-2+3+cmd|calc"`);
    expect(csvCell('@SUM(A1:A9)')).toBe(`"'@SUM(A1:A9)"`);
    expect(csvCell('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvCell(' =1+1')).toBe(`"' =1+1"`);
    // Not inside a part.
    expect(csvCell('Jan = Piet')).toBe('"Jan = Piet"');
    expect(csvCell('de Vries-Jansen')).toBe('"de Vries-Jansen"');
  });

  it('neutralises a formula character after a comma, semicolon or line break, where another reading splits the cell', () => {
    expect(csvCell('Jan,=1+1 x')).toBe(`"Jan,'=1+1 x"`);
    expect(csvCell('a, @SUM(1+1)')).toBe(`"a,' @SUM(1+1)"`);
    expect(csvCell('a;-1')).toBe(`"a;'-1"`);
    expect(csvCell('a,"=1"')).toBe(`"a,'""=1"""`);
    expect(csvCell('regel 1\n+31 6')).toBe(`"regel 1\n'+31 6"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r'=1+1"`);
    // At the end: the next part would start at the closing quote.
    expect(csvCell('Kerkstraat 1,')).toBe(`"Kerkstraat 1,'"`);
    expect(csvCell('a, b; c')).toBe('"a, b; c"');
  });

  it('quotes every text cell and doubles its quotes', () => {
    expect(csvCell('Kerkstraat 1; achterom')).toBe('"Kerkstraat 1; achterom"');
    expect(csvCell('Zaad "Skunk"')).toBe('"Zaad ""Skunk"""');
    expect(csvCell('regel 1\nregel 2')).toBe('"regel 1\nregel 2"');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('')).toBe('""');
  });

  it('writes empty values, numbers and amounts as values, not as text to neutralise', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell({ minor: -1234 })).toBe('-12,34');
    expect(csvCell('ünïcödé ✓')).toBe('"ünïcödé ✓"');
  });

  it('read with a comma or a semicolon as separator, no part of hostile text starts a formula', () => {
    const hostile = ['=1+1', 'Jan,=1+1 x', '@SUM(1+1)', 'a, @SUM(1+1)', 'a;+1', 'a,"=1"', 'a,""-1', 'x\n=1', 'x\r\n@1', 'eind,', 'eind;', '\t=1', '\r=1', '"=1'];
    const csv = hostile.map((h) => csvLine([h, { minor: -1234 }, h, -3, h])).join('');
    expect(formulaCells(csv, ',')).toEqual([]);
    expect(formulaCells(csv, ';')).toEqual([]);
  });
});

describe('csvMoney', () => {
  it('writes minor units with a decimal comma and no thousands separator', () => {
    expect(csvMoney(0)).toBe('0,00');
    expect(csvMoney(5)).toBe('0,05');
    expect(csvMoney(1234)).toBe('12,34');
    expect(csvMoney(123456789)).toBe('1234567,89');
    expect(csvMoney(-50)).toBe('-0,50');
    expect(() => csvMoney(1.5)).toThrow();
  });
});

describe('csvLine', () => {
  it('joins cells with ; and ends with CRLF', () => {
    expect(csvLine(['KK-1', '=1+1', { minor: 995 }, null, 3])).toBe(`"KK-1";"'=1+1";9,95;;3\r\n`);
  });

  it('has a byte-order mark for UTF-8', () => {
    expect(CSV_BOM.charCodeAt(0)).toBe(0xfeff);
  });
});
