import { describe, expect, it } from 'vitest';
import { affiliateLink, balances, commissionFor, goodsValue, normaliseIban, reversalFor } from './affiliates.ts';

describe('commission', () => {
  it('is a whole-cent percentage of the goods value after discount, without shipping', () => {
    expect(goodsValue({ subtotalMinor: 5990, discountMinor: 599 })).toBe(5391);
    expect(commissionFor(5391, 10)).toBe(539);
    expect(commissionFor(5395, 10)).toBe(540);
    expect(goodsValue({ subtotalMinor: 100, discountMinor: 500 })).toBe(0);
    expect(commissionFor(0, 10)).toBe(0);
  });

  it('a refund takes back its share, never more than is left; a cancel takes back the rest', () => {
    expect(reversalFor(539, 0, 2000, 6395)).toBe(169);
    expect(reversalFor(539, 500, 2000, 6395)).toBe(39);
    expect(reversalFor(539, 169, 6395, 6395)).toBe(370);
    expect(reversalFor(539, 539, 6395, 6395)).toBe(0);
    expect(reversalFor(539, 0, 10, 0)).toBe(539);
  });
});

describe('balances', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const day = 24 * 60 * 60_000;
  const at = (d: number) => new Date(now.getTime() + d * day);
  it('splits held (before the 30-day hold ends) from payable, per currency, with payouts and reversals', () => {
    const b = balances(
      [
        { kind: 'commission', amountMinor: 500, currency: 'EUR', availableAt: at(-5) },
        { kind: 'commission', amountMinor: 300, currency: 'EUR', availableAt: at(10) },
        { kind: 'reversal', amountMinor: -300, currency: 'EUR', availableAt: at(10) },
        { kind: 'commission', amountMinor: 700, currency: 'GBP', availableAt: at(-40) },
        { kind: 'payout', amountMinor: -700, currency: 'GBP', availableAt: at(-1) },
      ],
      now,
    );
    expect(b).toEqual([
      { currency: 'EUR', held: 0, payable: 500, paidOut: 0, earned: 800 },
      { currency: 'GBP', held: 0, payable: 0, paidOut: 700, earned: 700 },
    ]);
  });
});

describe('IBAN', () => {
  it('accepts a valid IBAN with spaces and lower case, refuses a typo', () => {
    expect(normaliseIban('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normaliseIban('BE68 5390 0754 7034')).toBe('BE68539007547034');
    expect(normaliseIban('NL91ABNA0417164301')).toBeNull();
    expect(normaliseIban('hallo')).toBeNull();
  });
});

describe('link builder', () => {
  const origin = 'https://kiemkracht.nl';
  it('puts the code on a link of our own shop only', () => {
    expect(affiliateLink(origin, '/product/northern-lights?x=1#top', 'abc123')).toBe('https://kiemkracht.nl/product/northern-lights?x=1&a_aid=abc123');
    expect(affiliateLink(origin, 'https://kiemkracht.nl/collecties/hoog-thc?a_aid=iemand', 'abc123')).toBe('https://kiemkracht.nl/collecties/hoog-thc?a_aid=abc123');
    expect(affiliateLink(origin, '', 'abc123')).toBe('https://kiemkracht.nl/?a_aid=abc123');
    expect(affiliateLink(origin, 'https://evil.example/', 'abc123')).toBeNull();
    expect(affiliateLink(origin, '//evil.example/x', 'abc123')).toBeNull();
    expect(affiliateLink(origin, 'javascript:alert(1)', 'abc123')).toBeNull();
  });
});
