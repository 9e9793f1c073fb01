import { describe, expect, it } from 'vitest';
import { creditToUse } from './credit.ts';

describe('creditToUse', () => {
  it('pays what is left after the coupon, up to the balance', () => {
    expect(creditToUse(500, 2000)).toBe(500);
    expect(creditToUse(5000, 2000)).toBe(2000);
    expect(creditToUse(0, 2000)).toBe(0);
    expect(creditToUse(500, 0)).toBe(0);
  });
});
