import { describe, expect, it } from 'vitest';
import { formatMoney, parseEuroAmount } from './money.ts';
import { CURRENCIES } from './money.ts';

describe('formatMoney', () => {
  it('formats minor units in Dutch style', () => {
    expect(formatMoney(5000, 'EUR').replace(/\s/g, ' ')).toBe('€ 50,00');
    expect(formatMoney(1995, 'USD').replace(/\s/g, ' ')).toBe('US$ 19,95');
  });
  it('refuses fractional minor units', () => {
    expect(() => formatMoney(10.5, 'EUR')).toThrow();
  });
  it('writes every shop currency as Dutch Intl does', () => {
    for (const currency of [...CURRENCIES, 'SEK']) {
      const intl = new Intl.NumberFormat('nl-NL', { style: 'currency', currency });
      for (const minor of [0, 1, 5, 99, 100, 1995, 123456, 100000000, -1, -50, -123456, Math.floor(Math.random() * 1e9)])
        expect(formatMoney(minor, currency), `${minor} ${currency}`).toBe(intl.format(minor / 100));
    }
  });
});

describe('parseEuroAmount', () => {
  it('reads euros as staff type them', () => {
    expect(parseEuroAmount('14,90')).toBe(1490);
    expect(parseEuroAmount('14.9')).toBe(1490);
    expect(parseEuroAmount('€ 7')).toBe(700);
    expect(parseEuroAmount(' 0,05 ')).toBe(5);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1,234', '-5', '1.000,00', '14,90 euro']) expect(parseEuroAmount(bad)).toBeNull();
  });
});
