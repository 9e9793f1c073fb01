import { describe, expect, it } from 'vitest';
import { paidAmountMatches } from './payments.ts';

describe('paidAmountMatches', () => {
  const order = { totalMinor: 1490, currency: 'EUR' };
  it('accepts exactly the order total in the order currency', () => {
    expect(paidAmountMatches({ minor: 1490, currency: 'EUR' }, order)).toBe(true);
  });
  it('refuses another amount, another currency or no amount at all', () => {
    expect(paidAmountMatches({ minor: 1, currency: 'USD' }, order)).toBe(false);
    expect(paidAmountMatches({ minor: 1489, currency: 'EUR' }, order)).toBe(false);
    expect(paidAmountMatches({ minor: 1491, currency: 'EUR' }, order)).toBe(false);
    expect(paidAmountMatches({ minor: 1490, currency: 'USD' }, order)).toBe(false);
    expect(paidAmountMatches(undefined, order)).toBe(false);
  });
});
