import { describe, expect, it } from 'vitest';
import { afterWorkingDays, checkClaimNumbers, claimCreditMinor, claimRulesOf, claimWindowEnd, DEFAULT_CLAIM_RULES, lineEligibility, replacementQuantity } from './claims.ts';

const sent = new Date('2026-11-02T10:00:00Z'); // a Monday
const line = { packId: 7, isFree: false, unitPriceMinor: 3000, sentAt: sent, claimed: false };
const order = { status: 'shipped', deliveryMaxDays: 4, isReplacement: false };
const rules = DEFAULT_CLAIM_RULES;

describe('the claim window', () => {
  it('counts the delivery in working days, then the window in calendar days', () => {
    expect(afterWorkingDays(new Date('2026-11-06T10:00:00Z'), 1).toISOString()).toBe('2026-11-09T10:00:00.000Z'); // Friday → Monday
    expect(claimWindowEnd(sent, 4, { windowDays: 60 }).toISOString()).toBe(new Date(Date.parse('2026-11-06T10:00:00Z') + 60 * 86_400_000).toISOString());
  });

  it('is open until its last moment and closed a millisecond after', () => {
    const end = claimWindowEnd(sent, 4, rules);
    expect(lineEligibility(line, order, rules, end)).toEqual({ ok: true, until: end });
    expect(lineEligibility(line, order, rules, new Date(end.getTime() + 1))).toEqual({ ok: false, why: 'windowClosed' });
  });
});

describe('which lines may be claimed', () => {
  const now = new Date('2026-11-20T00:00:00Z');
  it('refuses a line claimed already, a cancelled order, a replacement order, one not sent yet', () => {
    expect(lineEligibility({ ...line, claimed: true }, order, rules, now)).toEqual({ ok: false, why: 'claimed' });
    expect(lineEligibility(line, { ...order, status: 'cancelled' }, rules, now)).toEqual({ ok: false, why: 'cancelled' });
    expect(lineEligibility(line, { ...order, isReplacement: true }, rules, now)).toEqual({ ok: false, why: 'replacement' });
    expect(lineEligibility({ ...line, sentAt: null }, order, rules, now)).toEqual({ ok: false, why: 'notSent' });
  });

  it('leaves free seeds out while the rule says so, and packs staff excluded', () => {
    const gift = { ...line, isFree: true, unitPriceMinor: 0 };
    expect(lineEligibility(gift, order, rules, now)).toEqual({ ok: false, why: 'free' });
    // Nothing was paid for a gift: the rule switched off does not make it worth anything to claim.
    expect(lineEligibility(gift, order, { ...rules, excludeFree: false }, now)).toEqual({ ok: false, why: 'free' });
    expect(lineEligibility(line, order, { ...rules, excludedPackIds: [7] }, now)).toEqual({ ok: false, why: 'excluded' });
    expect(lineEligibility(line, order, { ...rules, excludedPackIds: [8] }, now).ok).toBe(true);
  });
});

describe('the numbers of a claim', () => {
  const pack = { seeds: 3, quantity: 2 };
  it('no more sown than bought, no more failed than sown, at least the minimum failed', () => {
    expect(checkClaimNumbers({ seedsSown: 6, seedsFailed: 2 }, pack, rules)).toEqual([]);
    expect(checkClaimNumbers({ seedsSown: 7, seedsFailed: 2 }, pack, rules)).toEqual([{ field: 'seedsSown', error: 'tooManySown' }]);
    expect(checkClaimNumbers({ seedsSown: 3, seedsFailed: 4 }, pack, rules)).toEqual([{ field: 'seedsFailed', error: 'moreFailedThanSown' }]);
    expect(checkClaimNumbers({ seedsSown: 3, seedsFailed: 1 }, pack, rules)).toEqual([{ field: 'seedsFailed', error: 'tooFewFailed' }]);
    expect(checkClaimNumbers({ seedsSown: 3, seedsFailed: 1 }, pack, { minFailedSeeds: 1 })).toEqual([]);
  });
});

describe('what a claim is worth', () => {
  it('credit: the failed seeds at the price per seed paid, rounded half up to a cent', () => {
    expect(claimCreditMinor({ unitPriceMinor: 3000, seeds: 3 }, 2)).toBe(2000);
    expect(claimCreditMinor({ unitPriceMinor: 1000, seeds: 3 }, 1)).toBe(333);
    expect(claimCreditMinor({ unitPriceMinor: 1000, seeds: 3 }, 2)).toBe(667);
    expect(claimCreditMinor({ unitPriceMinor: 0, seeds: 3 }, 2)).toBe(0);
  });

  it('replacement: as many of the same pack as cover the failed seeds', () => {
    expect(replacementQuantity(3, 2)).toBe(1);
    expect(replacementQuantity(3, 3)).toBe(1);
    expect(replacementQuantity(3, 4)).toBe(2);
    expect(replacementQuantity(1, 5)).toBe(5);
  });
});

describe('the stored rules', () => {
  it('takes the defaults for anything missing or out of range', () => {
    expect(claimRulesOf(undefined)).toEqual(DEFAULT_CLAIM_RULES);
    expect(claimRulesOf({ windowDays: 30, minFailedSeeds: 0, excludeFree: false, excludedPackIds: [3, 'x', -1] })).toEqual({ windowDays: 30, minFailedSeeds: 2, excludeFree: false, excludedPackIds: [3] });
  });
});
