import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('formats minor units in Dutch style', () => {
    expect(formatMoney(5000, 'EUR').replace(/\s/g, ' ')).toBe('€ 50,00');
    expect(formatMoney(1995, 'USD').replace(/\s/g, ' ')).toBe('US$ 19,95');
  });
  it('refuses fractional minor units', () => {
    expect(() => formatMoney(10.5, 'EUR')).toThrow();
  });
});
