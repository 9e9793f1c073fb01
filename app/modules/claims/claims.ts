// Germination guarantee claims (ADR 074), the pure part: the shop's rules, which order lines a customer may claim
// and until when, and the store credit a claim is worth. No database here.
import type { claimOutcomes, claimStates, germinationMethods } from '~/lib/db-enums.ts';

export type ClaimState = (typeof claimStates)[number];
export type ClaimOutcome = (typeof claimOutcomes)[number];
export type GerminationMethod = (typeof germinationMethods)[number];
export { germinationMethods } from '~/lib/db-enums.ts';

/** The rules staff set on /beheer/claims/regels (setting `claim_rules`). */
export type ClaimRules = {
  /** Days after the parcel's latest expected delivery in which a line may be claimed. */
  windowDays: number;
  /** Fewer failed seeds than this is not a claim (Growers Choice: 2). */
  minFailedSeeds: number;
  /** Free seeds (gifts, promotions) are outside the guarantee (Seedsman). */
  excludeFree: boolean;
  /** Packs outside the guarantee (e.g. a landrace or a clearance pack). */
  excludedPackIds: number[];
};

export const DEFAULT_CLAIM_RULES: ClaimRules = { windowDays: 60, minFailedSeeds: 2, excludeFree: true, excludedPackIds: [] };
export const CLAIM_RULES_KEY = 'claim_rules';
export const MAX_CLAIM_PHOTOS = 3;
export const CLAIM_NOTE_MAX = 1000;
export const CLAIM_REASON_MAX = 500;
export const WINDOW_DAYS_MAX = 365;

/** Stored rules read defensively: a value missing or of the wrong kind takes the default. */
export function claimRulesOf(value: unknown): ClaimRules {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const int = (x: unknown, min: number, max: number, fallback: number) => (typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max ? x : fallback);
  return {
    windowDays: int(v.windowDays, 1, WINDOW_DAYS_MAX, DEFAULT_CLAIM_RULES.windowDays),
    minFailedSeeds: int(v.minFailedSeeds, 1, 100, DEFAULT_CLAIM_RULES.minFailedSeeds),
    excludeFree: typeof v.excludeFree === 'boolean' ? v.excludeFree : DEFAULT_CLAIM_RULES.excludeFree,
    excludedPackIds: Array.isArray(v.excludedPackIds) ? v.excludedPackIds.filter((x): x is number => Number.isInteger(x) && x > 0) : [],
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `days` working days (Monday to Friday) after `from`, like the order page's delivery estimate. */
export function afterWorkingDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setTime(d.getTime() + DAY_MS);
    const day = d.getUTCDay();
    if (day !== 0 && day !== 6) left--;
  }
  return d;
}

/**
 * The last moment a line may be claimed: its parcel's latest expected delivery (sent + the order's maximum
 * delivery days, working days) plus the window. The shop does not learn the real delivery day, so the latest
 * estimate counts in the customer's favour.
 */
export function claimWindowEnd(sentAt: Date, deliveryMaxDays: number, rules: Pick<ClaimRules, 'windowDays'>): Date {
  return new Date(afterWorkingDays(sentAt, deliveryMaxDays).getTime() + rules.windowDays * DAY_MS);
}

export type ClaimLineFacts = {
  packId: number;
  isFree: boolean;
  unitPriceMinor: number;
  /** When the (last) parcel with this line was sent; null while it has not gone out. */
  sentAt: Date | null;
  claimed: boolean;
};
export type ClaimOrderFacts = { status: string; deliveryMaxDays: number; isReplacement: boolean };

export type Ineligible = 'claimed' | 'cancelled' | 'replacement' | 'free' | 'excluded' | 'notSent' | 'windowClosed';
export type Eligibility = { ok: true; until: Date } | { ok: false; why: Ineligible };

/** Whether a customer may claim this line now, or why not (the page says it in Dutch). */
export function lineEligibility(line: ClaimLineFacts, order: ClaimOrderFacts, rules: ClaimRules, now: Date): Eligibility {
  if (line.claimed) return { ok: false, why: 'claimed' };
  if (order.status === 'cancelled') return { ok: false, why: 'cancelled' };
  // A replacement was the guarantee already: its seeds are not guaranteed a second time.
  if (order.isReplacement) return { ok: false, why: 'replacement' };
  if (line.isFree || line.unitPriceMinor === 0) {
    if (rules.excludeFree || line.unitPriceMinor === 0) return { ok: false, why: 'free' };
  }
  if (rules.excludedPackIds.includes(line.packId)) return { ok: false, why: 'excluded' };
  if (!line.sentAt) return { ok: false, why: 'notSent' };
  const until = claimWindowEnd(line.sentAt, order.deliveryMaxDays, rules);
  if (now.getTime() > until.getTime()) return { ok: false, why: 'windowClosed' };
  return { ok: true, until };
}

export type ClaimNumbers = { seedsSown: number; seedsFailed: number };
export type ClaimNumberError = { field: 'seedsSown' | 'seedsFailed'; error: 'tooManySown' | 'tooFewFailed' | 'moreFailedThanSown' };

/** The numbers against the line and the rules: no more sown than bought, at least the minimum failed, no more failed than sown. */
export function checkClaimNumbers(n: ClaimNumbers, line: { seeds: number; quantity: number }, rules: Pick<ClaimRules, 'minFailedSeeds'>): ClaimNumberError[] {
  const errors: ClaimNumberError[] = [];
  if (n.seedsSown > line.seeds * line.quantity) errors.push({ field: 'seedsSown', error: 'tooManySown' });
  if (n.seedsFailed > n.seedsSown) errors.push({ field: 'seedsFailed', error: 'moreFailedThanSown' });
  else if (n.seedsFailed < rules.minFailedSeeds) errors.push({ field: 'seedsFailed', error: 'tooFewFailed' });
  return errors;
}

/**
 * The store credit of an approved claim: the failed seeds at the price per seed the customer paid for this pack
 * (the line's unit price over its seeds), in the order's currency, rounded half up to a whole minor unit.
 */
export function claimCreditMinor(line: { unitPriceMinor: number; seeds: number }, seedsFailed: number): number {
  if (line.seeds <= 0 || line.unitPriceMinor <= 0) return 0;
  return Math.round((line.unitPriceMinor * seedsFailed) / line.seeds);
}

/** The packs a replacement sends: as many of the same pack as cover the failed seeds. */
export function replacementQuantity(packSeeds: number, seedsFailed: number): number {
  return Math.max(1, Math.ceil(seedsFailed / Math.max(1, packSeeds)));
}
