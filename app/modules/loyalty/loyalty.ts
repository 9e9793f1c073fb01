// Kiempunten's pure rules (ADR 075): what an order earns, what points are worth at checkout, which tier a
// year's spend reaches. Integers only; every rounding goes the shop's way. No database here.
import { CURRENCIES, type Currency, LEVEL } from '~/lib/money.ts';
import { LIMITS, MINIMA, TIER_COUNT } from './limits.ts';
import { redeemPoints, redeemValueMinor } from './redeem.ts';

export { LIMITS, MINIMA, TIER_COUNT };

export type LoyaltyTier = { name: string; /** Spend over the last 12 months from which the tier holds, in euro cents. */ minSpendMinor: number; /** Extra points on top of the base rate, in percent. */ bonusPct: number };

export type LoyaltySettings = {
  /** Points per whole euro of the order's money part (goods after the coupon, less points, credit and refunds). */
  pointsPerEuro: number;
  /** Points that pay one euro at checkout. */
  pointsPerEuroOff: number;
  /** Points for a review staff approved (logged-in authors only). */
  reviewPoints: number;
  /** Ordered by minSpendMinor, the first at 0. */
  tiers: LoyaltyTier[];
};

export const LOYALTY_SETTINGS_KEY = 'loyalty';
export const DEFAULT_LOYALTY: LoyaltySettings = {
  pointsPerEuro: 1,
  pointsPerEuroOff: 100,
  reviewPoints: 25,
  tiers: [
    { name: 'Brons', minSpendMinor: 0, bonusPct: 0 },
    { name: 'Zilver', minSpendMinor: 25_000, bonusPct: 25 },
    { name: 'Goud', minSpendMinor: 75_000, bonusPct: 50 },
  ],
};

/** The shop's price level per currency in whole percent of the euro (LEVEL), so conversions stay in integers. */
export const LEVEL_PCT: Record<Currency, number> = Object.fromEntries(CURRENCIES.map((c) => [c, Math.round(LEVEL[c] * 100)])) as Record<Currency, number>;
export const levelOf = (currency: string) => LEVEL_PCT[currency as Currency] ?? 100;

/** An amount in the order's currency as euro cents at the shop's price levels, rounded down. */
export function toEuroMinor(minor: number, currency: string): number {
  return Math.floor((Math.max(0, minor) * 100) / levelOf(currency));
}

/** The stored settings read defensively: anything missing or out of bounds takes the default. */
export function loyaltySettingsOf(value: unknown): LoyaltySettings {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const int = (x: unknown, min: number, max: number, fallback: number) => (typeof x === 'number' && Number.isInteger(x) && x >= min && x <= max ? x : fallback);
  const tiers = Array.isArray(v.tiers) && v.tiers.length === TIER_COUNT ? (v.tiers as Record<string, unknown>[]) : null;
  const read = tiers?.map((t, i) => ({
    name: typeof t?.name === 'string' && t.name.trim() && t.name.length <= LIMITS.name ? t.name : DEFAULT_LOYALTY.tiers[i]!.name,
    minSpendMinor: i === 0 ? 0 : int(t?.minSpendMinor, 1, LIMITS.spendMinor, DEFAULT_LOYALTY.tiers[i]!.minSpendMinor),
    bonusPct: int(t?.bonusPct, MINIMA.bonusPct, LIMITS.bonusPct, DEFAULT_LOYALTY.tiers[i]!.bonusPct),
  }));
  const ordered = read && read.every((t, i) => i === 0 || t.minSpendMinor > read[i - 1]!.minSpendMinor);
  return {
    pointsPerEuro: int(v.pointsPerEuro, MINIMA.pointsPerEuro, LIMITS.pointsPerEuro, DEFAULT_LOYALTY.pointsPerEuro),
    pointsPerEuroOff: int(v.pointsPerEuroOff, MINIMA.pointsPerEuroOff, LIMITS.pointsPerEuroOff, DEFAULT_LOYALTY.pointsPerEuroOff),
    reviewPoints: int(v.reviewPoints, MINIMA.reviewPoints, LIMITS.reviewPoints, DEFAULT_LOYALTY.reviewPoints),
    tiers: ordered ? read : DEFAULT_LOYALTY.tiers,
  };
}

/** The tier a year's spend (euro cents) reaches, and the next one with what is still missing. */
export function tierFor(settings: LoyaltySettings, spendMinor: number): { tier: LoyaltyTier; index: number; next: LoyaltyTier | null; toNextMinor: number } {
  let index = 0;
  settings.tiers.forEach((t, i) => {
    if (spendMinor >= t.minSpendMinor) index = i;
  });
  const next = settings.tiers[index + 1] ?? null;
  return { tier: settings.tiers[index]!, index, next, toNextMinor: next ? next.minSpendMinor - spendMinor : 0 };
}

/**
 * The money part an order earns on: the goods after the coupon, less what points, store credit and refunds paid
 * (shipping earns nothing; whatever points or credit paid is taken off the goods, in the shop's favour).
 */
export function earnBaseMinor(order: { subtotalMinor: number; discountMinor: number; pointsMinor: number; creditMinor: number }, refundedMinor: number): number {
  return Math.max(0, order.subtotalMinor - order.discountMinor - order.pointsMinor - order.creditMinor - refundedMinor);
}

/** Points for a money part: whole euros × the base rate × (100 + the tier's bonus) %, rounded down. */
export function pointsEarned(baseMinor: number, currency: string, settings: LoyaltySettings, tier: LoyaltyTier): number {
  const euros = Math.floor(toEuroMinor(baseMinor, currency) / 100);
  return Math.floor((euros * settings.pointsPerEuro * (100 + tier.bonusPct)) / 100);
}

/** What `points` pay in the order's currency, in minor units, rounded down. */
export function pointsValueMinor(points: number, currency: string, settings: Pick<LoyaltySettings, 'pointsPerEuroOff'>): number {
  return redeemValueMinor(points, levelOf(currency), settings.pointsPerEuroOff);
}

/**
 * Redeeming at checkout, after the coupon and before store credit: the points pay what is left (shipping included)
 * up to their value; the points taken are the fewest that pay that amount (never more than the balance).
 */
export function pointsToUse(balance: number, totalAfterCouponMinor: number, currency: string, settings: Pick<LoyaltySettings, 'pointsPerEuroOff'>): { points: number; minor: number } {
  return redeemPoints(balance, totalAfterCouponMinor, levelOf(currency), settings.pointsPerEuroOff);
}

/**
 * How many earned points a refund takes back (ADR 075). Money given back counts against the goods' money part
 * first (`goodsMinor`: earnBaseMinor before refunds), as earning does; only what goes beyond it is shipping. So the
 * points go in proportion to the goods' money refunded since they were earned against the goods' money they were
 * earned on (refunds before that already lowered what was earned), rounded up (the shop's favour), less what
 * earlier reversals took (or tried to take). All the goods back: all the points; shipping back: none.
 */
export function pointsToReverse(earned: number, reversedBefore: number, m: { goodsMinor: number; refundedAtEarnMinor: number; refundedMinor: number }): number {
  const goods = (refunded: number) => Math.min(Math.max(0, refunded), m.goodsMinor);
  const base = m.goodsMinor - goods(m.refundedAtEarnMinor);
  if (earned <= 0 || base <= 0) return 0;
  const back = Math.max(0, goods(m.refundedMinor) - goods(m.refundedAtEarnMinor));
  const target = Math.min(earned, Math.ceil((earned * back) / base));
  return Math.max(0, target - reversedBefore);
}

/** The percentage back a tier gives: points per euro × (100 + bonus) / points per euro off, to a hundredth, rounded down. */
export function percentBack(settings: LoyaltySettings, tier: LoyaltyTier): number {
  return Math.floor((settings.pointsPerEuro * (100 + tier.bonusPct) * 10_000) / (settings.pointsPerEuroOff * 100)) / 100;
}
