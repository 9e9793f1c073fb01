import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchLines, nameMatches, occursWithinOneEdit, referencedNumbers, type MatchOrder } from './bank-matching.ts';
import { CSV_PRESETS, parseBankCsv, parseCamt053 } from './bank-statement.ts';

const order = (number: string, totalMinor: number, name: string, over: Partial<MatchOrder> = {}): MatchOrder => ({
  number,
  currency: 'EUR',
  totalMinor,
  dueMinor: totalMinor,
  open: true,
  names: [name],
  ...over,
});
const orders = [
  order('KK-7Q4M-9XHD', 1490, 'Sanne de Vries'),
  order('KK-B2C3-D4E5', 3500, 'Jan Jansen'),
  order('KK-H6J7-K8M9', 2495, 'Piet Pieters'),
  order('KK-N2P3-Q4R5', 2495, 'Klaas Klaassen'),
  order('KK-S6T7-U8V9', 1950, 'Eva Bakker'),
];

describe('matching statement lines to orders', () => {
  it('the sample CAMT.053: reference, typo, ambiguous amount, amount and name, nothing, and the debit left alone', () => {
    const lines = parseCamt053(fs.readFileSync('tests/fixtures/bank/camt053.xml', 'utf8')).lines;
    expect(matchLines(lines, orders, new Map()).map((r) => r.match)).toEqual([
      { kind: 'matched', orderNumber: 'KK-7Q4M-9XHD', via: 'reference' },
      { kind: 'debit' },
      { kind: 'matched', orderNumber: 'KK-B2C3-D4E5', via: 'reference_typo' },
      { kind: 'ambiguous', candidates: ['KK-H6J7-K8M9', 'KK-N2P3-Q4R5'], via: 'amount' },
      { kind: 'matched', orderNumber: 'KK-S6T7-U8V9', via: 'amount_name' },
      { kind: 'unmatched' },
    ]);
  });

  it('a line booked before is reported as booked, whatever it would match now', () => {
    const lines = parseCamt053(fs.readFileSync('tests/fixtures/bank/camt053.xml', 'utf8')).lines;
    const booked = new Map([[lines[0]!.key, 'KK-7Q4M-9XHD']]);
    expect(matchLines(lines, orders, booked)[0]!.match).toEqual({ kind: 'booked', orderNumber: 'KK-7Q4M-9XHD' });
  });

  it('a typo counts only when it leaves exactly one open order; an exact reference also names a paid order', () => {
    const twins = [order('KK-AAAA-BBBB', 1000, 'A B'), order('KK-AAAA-BBBC', 1000, 'C D')];
    const line = { key: 'x', date: '2026-11-25', amountMinor: 999, currency: 'EUR', credit: true, name: '', description: 'KK-AAAA-BBBD' };
    expect(matchLines([line], twins, new Map())[0]!.match).toEqual({ kind: 'unmatched' });
    const paid = [order('KK-AAAA-BBBB', 1000, 'A B', { open: false, dueMinor: 0 })];
    expect(matchLines([{ ...line, description: 'kkaaaabbbb' }], paid, new Map())[0]!.match).toMatchObject({ kind: 'matched', orderNumber: 'KK-AAAA-BBBB' });
    expect(matchLines([line], paid, new Map())[0]!.match).toEqual({ kind: 'unmatched' });
  });

  it('amount and name: the amount still due counts, and two orders of the same person are for staff to pick', () => {
    const partly = [order('KK-CCCC-DDDD', 3500, 'Sanne de Vries', { dueMinor: 2000 })];
    const line = { key: 'y', date: '2026-11-25', amountMinor: 2000, currency: 'EUR', credit: true, name: 'S. DE VRIES', description: 'rest' };
    expect(matchLines([line], partly, new Map())[0]!.match).toMatchObject({ kind: 'matched', via: 'amount_name' });
    const two = [order('KK-CCCC-DDDD', 2000, 'Sanne de Vries'), order('KK-EEEE-FFFF', 2000, 'Sanne de Vries')];
    expect(matchLines([line], two, new Map())[0]!.match).toMatchObject({ kind: 'ambiguous', via: 'amount_name' });
    expect(matchLines([{ ...line, currency: 'USD' }], partly, new Map())[0]!.match).toEqual({ kind: 'unmatched' });
  });

  it('the ING and Rabobank samples match by reference', () => {
    const ing = parseBankCsv(fs.readFileSync('tests/fixtures/bank/ing.csv', 'utf8'), CSV_PRESETS.ing).lines;
    expect(matchLines(ing, orders, new Map()).map((r) => r.match.kind)).toEqual(['matched', 'debit', 'matched', 'unmatched']);
    const rabo = parseBankCsv(fs.readFileSync('tests/fixtures/bank/rabobank.csv', 'utf8'), CSV_PRESETS.rabobank).lines;
    expect(matchLines(rabo, orders, new Map()).map((r) => r.match)).toEqual([
      { kind: 'matched', orderNumber: 'KK-7Q4M-9XHD', via: 'reference' },
      { kind: 'debit' },
      { kind: 'matched', orderNumber: 'KK-H6J7-K8M9', via: 'amount_name' },
    ]);
  });

  it('helpers: one edit, names, referenced numbers', () => {
    expect(occursWithinOneEdit('B2C3D4E5', 'KKB2C3D4F5')).toBe(true);
    expect(occursWithinOneEdit('B2C3D4E5', 'KKB2C3D45')).toBe(true);
    expect(occursWithinOneEdit('B2C3D4E5', 'KKB2C3XD4E5')).toBe(true);
    expect(occursWithinOneEdit('B2C3D4E5', 'KKB2X3D4F5')).toBe(false);
    expect(nameMatches('S DE VRIES', 'Sanne de Vries')).toBe(true);
    expect(nameMatches('de Vries, Sanne', 'Sanne de Vries')).toBe(true);
    expect(nameMatches('J DE VRIES', 'Sanne de Vries')).toBe(false);
    expect(nameMatches('S VRIES', 'Sanne de Vries')).toBe(false);
    expect(referencedNumbers('Bestelling kk 7q4m-9xhd en KK-B2C3-D4E5')).toEqual(['7Q4M9XHD', 'B2C3D4E5']);
  });
});
