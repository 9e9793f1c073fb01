// Seedfinder scoring: pure functions from quiz answers to a ranked list of strains with reasons.
// Kept free of React and the database so it is cheap to test and runs on the in-memory catalogue.
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import type { Product } from '~/modules/catalog/catalog.ts';

/** Every question with its answers, in quiz order. The values are also the URL parameters. */
export const OPTIONS = {
  experience: ['beginner', 'some', 'expert'],
  place: ['indoor', 'outdoor', 'both'],
  climate: ['temperate', 'mediterranean', 'arid', 'tropical', 'mountains', 'polar'],
  space: ['small', 'medium', 'large'],
  effect: ['ontspannend', 'euforisch', 'creatief', 'energiek', 'gefocust', 'slaperig', 'vrolijk', 'kalmerend', 'sociaal'],
  flavour: ['zoet', 'citrus', 'aards', 'kruidig', 'bessen', 'tropisch fruit', 'diesel', 'pijnboom', 'kaas'],
  patience: ['fast', 'normal', 'patient'],
  yieldPriority: ['low', 'medium', 'high'],
  cannabinoid: ['high-thc', 'balanced', 'high-cbd'],
} as const;

export type QuestionKey = keyof typeof OPTIONS;
export const QUESTIONS = Object.keys(OPTIONS) as QuestionKey[];
export type Answers = { [K in QuestionKey]?: (typeof OPTIONS)[K][number] };

type QuestionText<K extends QuestionKey> = {
  legend: string;
  help: string;
  options: Record<(typeof OPTIONS)[K][number], { label: string; hint?: string }>;
};
/** The Dutch texts per question; typed so a missing label for an option fails the build. */
export const QUESTION_TEXT: { [K in QuestionKey]: QuestionText<K> } = seedfinder.questions;

export const hasAnswers = (a: Answers) => QUESTIONS.some((q) => a[q] !== undefined);

// Thresholds (thc/cbd in tenths of a percent, yields in g/m² indoors and g/plant outdoors).
const HIGH_THC = 200;
const HIGH_CBD = 80;
const YIELD = { indoor: { high: 500, good: 400 }, outdoor: { high: 700, good: 450 } } as const;

// The catalogue uses finer flavour words than the quiz offers; these count as the same taste.
const FLAVOUR_FAMILY: Partial<Record<NonNullable<Answers['flavour']>, readonly string[]>> = { citrus: ['citroen'], 'tropisch fruit': ['ananas'] };

const R = seedfinder.reasons;

export function scoreStrain(p: Product, a: Answers): { score: number; reasons: string[] } {
  let score = 0;
  const reasons: string[] = [];
  // Points only speak for a strain when they are positive; penalties stay silent but push it down.
  const add = (points: number, reason?: string) => {
    score += points;
    if (points > 0 && reason) reasons.push(reason);
  };
  const auto = p.flowering === 'autoflower';
  const outdoors = a.place === 'outdoor' || a.place === 'both' || a.place === undefined;

  if (a.experience) {
    // A beginner with an expert strain is the mismatch that disappoints most, hence the heavy penalty.
    const points = {
      beginner: { beginner: 3, advanced: 0, expert: -4 },
      some: { beginner: 2, advanced: 3, expert: -1 },
      expert: { beginner: 1, advanced: 2, expert: 3 },
    }[a.experience][p.difficulty];
    const reason = p.difficulty === 'beginner' ? (a.experience === 'beginner' ? R.beginner : R.easy) : R[p.difficulty];
    add(points, reason);
  }

  if (a.place === 'indoor' && !a.space && p.heightIndoor <= 130) add(1, R.indoorCompact(p.heightIndoor));
  if (a.place === 'outdoor' && p.heightOutdoor <= 200) add(1, R.outdoorDiscreet(p.heightOutdoor));

  if (a.climate) {
    // Under lamps the weather matters little; outdoors it decides whether a strain finishes at all.
    const weight = a.place === 'indoor' ? 1 : a.place === 'outdoor' ? 4 : 3;
    if (p.climates.includes(a.climate)) add(weight, R.climate[a.climate]);
    if (a.climate === 'polar' && outdoors) {
      // A photoperiod strain does not finish before the first frost in a short polar summer.
      if (auto) add(2, R.shortSummer);
      else add(-4);
    }
    if (a.climate === 'mountains' && outdoors && !auto && p.floweringDaysMax > 63) add(-1);
  }

  if (a.space && a.place !== 'outdoor') {
    const h = p.heightIndoor;
    if (a.space === 'small') {
      if (h <= 100) add(3, R.compact(h));
      else if (h > 130) add(-3);
    } else if (a.space === 'medium') {
      if (h <= 160) add(2, h <= 100 ? R.compact(h) : R.fitsSpace(h));
      else if (h > 200) add(-3);
    } else if (h >= 120) add(1, R.usesSpace(h));
  }

  if (a.effect && p.effects.includes(a.effect)) add(p.effects[0] === a.effect ? 4 : 3, R.effect(a.effect));
  if (a.flavour) {
    const family: readonly string[] = [a.flavour, ...(FLAVOUR_FAMILY[a.flavour] ?? [])];
    const i = p.flavours.findIndex((f) => family.includes(f));
    // Name the strain's own word ("citroen"), so the reason matches its product page.
    if (i >= 0) add(i === 0 ? 3 : 2, R.flavour(p.flavours[i]!));
  }

  if (a.patience) scorePatience(p, a.patience, add);

  if (a.yieldPriority) scoreYield(p, a.yieldPriority, a.place, add);

  if (a.cannabinoid) scoreCannabinoid(p, a.cannabinoid, add);

  return { score, reasons };
}

type Add = (points: number, reason?: string) => void;

function scorePatience(p: Product, patience: NonNullable<Answers['patience']>, add: Add) {
  const auto = p.flowering === 'autoflower';
  const max = p.floweringDaysMax;
  const timing = auto ? R.autoflower(p.floweringDaysMin, max) : R.flowering(p.floweringDaysMin, max);
  if (patience === 'fast') {
    if (auto || max <= 60) add(3, timing);
    else if (max <= 65) add(1, timing);
    else if (max > 70) add(-3);
  } else if (patience === 'normal') {
    if (auto || max <= 70) add(2, timing);
    else if (max > 77) add(-2);
  } else if (!auto) add(1, R.photoperiod);
}

function scoreYield(p: Product, priority: NonNullable<Answers['yieldPriority']>, place: Answers['place'], add: Add) {
  // Judge the yield where the grower grows; without a place, the better of the two counts.
  const tier = (where: 'indoor' | 'outdoor') => {
    const grams = where === 'indoor' ? p.yieldIndoor : p.yieldOutdoor;
    const level = grams >= YIELD[where].high ? 2 : grams >= YIELD[where].good ? 1 : 0;
    const text =
      where === 'indoor'
        ? level === 2 ? R.highYieldIndoor(grams) : R.goodYieldIndoor(grams)
        : level === 2 ? R.highYieldOutdoor(grams) : R.goodYieldOutdoor(grams);
    return { level, text };
  };
  const candidates = place === 'indoor' ? [tier('indoor')] : place === 'outdoor' ? [tier('outdoor')] : [tier('indoor'), tier('outdoor')];
  const best = candidates.reduce((x, y) => (y.level > x.level ? y : x));
  if (priority === 'high') add([-1, 1, 3][best.level]!, best.text);
  else if (priority === 'medium') add(best.level > 0 ? 2 : 0, best.text);
  // Quality over quantity: what other collectors rate highly.
  else if (p.reviewCount > 0 && p.ratingAvg >= 45) add(1, R.wellRated(p.ratingAvg));
}

function scoreCannabinoid(p: Product, wanted: NonNullable<Answers['cannabinoid']>, add: Add) {
  if (wanted === 'high-thc') {
    if (p.thc >= HIGH_THC) add(3, R.highThc(p.thc));
    else if (p.thc >= 170) add(1, R.thc(p.thc));
    if (p.cbd >= HIGH_CBD) add(-3);
  } else if (wanted === 'balanced') {
    if (p.cbd >= 40 && p.thc <= 120) {
      // Closer to 1:1 is what "balanced" means to most people; almost-THC-free strains are merely mild.
      const even = p.thc * 2 >= p.cbd && p.cbd * 2 >= p.thc;
      add(even ? 4 : 2, even ? R.balanced(p.thc, p.cbd) : R.mild(p.thc, p.cbd));
    } else if (p.cbd >= 40) add(1, R.cbd(p.cbd));
    else if (p.thc >= HIGH_THC && p.cbd < 20) add(-2);
  } else {
    if (p.cbd >= HIGH_CBD) add(3, R.highCbd(p.cbd));
    else if (p.cbd >= 40) add(1, R.cbd(p.cbd));
    if (p.thc >= HIGH_THC) add(-3);
  }
}

export type RankedStrain = { product: Product; score: number; reasons: string[] };

/** The best matches first; ties (and an unanswered quiz) fall back to popularity, then the name. */
export function rankStrains(products: Product[], a: Answers, limit = 6): RankedStrain[] {
  return products
    .map((product) => ({ product, ...scoreStrain(product, a) }))
    .sort((x, y) => y.score - x.score || y.product.popularity - x.product.popularity || x.product.name.localeCompare(y.product.name, 'nl'))
    .slice(0, Math.max(0, limit));
}
