// The strains a grower profile recommends. Pure: the seedfinder's scoring does the work, fed with answers
// read from the profile, plus a few points only a profile can give (favourite type, flowering preference,
// strains related to the favourites).
import { account } from '~/i18n/nl/account.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import type { Product } from '~/modules/catalog/catalog.ts';
import { type Answers, OPTIONS, scoreStrain } from '~/modules/seedfinder/seedfinder.ts';
import { type GrowerProfile, STRAIN_TYPES } from '~/modules/accounts/grower-profile.ts';

const RECOMMENDATIONS = 4;

/** The most-named value across lists, earlier positions weighing more (a strain lists its main effect first). */
function mostNamed<T extends string>(lists: string[][], allowed: readonly T[]): T | undefined {
  const weight = new Map<T, number>();
  for (const list of lists) {
    list.slice(0, 3).forEach((value, i) => {
      if ((allowed as readonly string[]).includes(value)) weight.set(value as T, (weight.get(value as T) ?? 0) + 3 - i);
    });
  }
  let best: T | undefined;
  for (const [value, w] of weight) if (best === undefined || w > weight.get(best)!) best = value;
  return best;
}

/**
 * The seedfinder answers a profile stands for: years of growing give the experience, the method the
 * place, and the favourites the effect and flavour they share most.
 */
export function profileAnswers(profile: GrowerProfile, favourites: Product[], year: number): Answers {
  const answers: Answers = {};
  if (profile.growingSince !== null) {
    const years = year - profile.growingSince;
    answers.experience = years < 2 ? 'beginner' : years < 5 ? 'some' : 'expert';
  }
  // The quiz counts a greenhouse as outdoors ("in de tuin, op het balkon of in een kas"); hydroponics is an indoor set-up.
  if (profile.cultivationMethod) answers.place = profile.cultivationMethod === 'outdoor' || profile.cultivationMethod === 'greenhouse' ? 'outdoor' : 'indoor';
  const effect = mostNamed(
    favourites.map((f) => f.effects),
    OPTIONS.effect,
  );
  if (effect) answers.effect = effect;
  const flavour = mostNamed(
    favourites.map((f) => f.flavours),
    OPTIONS.flavour,
  );
  if (flavour) answers.flavour = flavour;
  return answers;
}

export type Recommendation = { product: Product; score: number; reason: string };

const R = account.details.recommendations;
const SF = seedfinder.reasons;

/** The profile's own points for one strain, with the reasons that say so (most personal first). */
function profileScore(p: Product, profile: GrowerProfile, favourites: Product[]): { score: number; reasons: string[] } {
  let score = 0;
  const reasons: string[] = [];
  const related = favourites.find((f) => f.relatedSlugs.includes(p.slug) || p.relatedSlugs.includes(f.slug) || f.counterpartSlug === p.slug);
  if (related) {
    score += 2;
    reasons.push(R.relatedTo(related.name));
  }
  if (profile.favouriteType) {
    const distance = Math.abs(STRAIN_TYPES.indexOf(profile.favouriteType) - STRAIN_TYPES.indexOf(p.type));
    if (distance === 0) {
      score += 3;
      reasons.push(R.favouriteType(catalogText.types[p.type]));
    } else if (distance === 1) score += 1;
  }
  if (profile.floweringPreference) {
    // Someone who grows autoflowers rarely wants a photoperiod strain (and the other way round): a strong signal.
    if (p.flowering === profile.floweringPreference) {
      score += 3;
      reasons.push(p.flowering === 'autoflower' ? SF.autoflower(p.floweringDaysMin, p.floweringDaysMax) : SF.photoperiod);
    } else score -= 5;
  }
  return { score, reasons };
}

/**
 * The best strains for a profile, favourites left out. `include` narrows the candidates (e.g. to what
 * is for sale); ties go to popularity, then the name, like the seedfinder. Each comes with one reason.
 */
export function recommendStrains(
  products: Product[],
  profile: GrowerProfile,
  opts: { year: number; limit?: number; include?: (p: Product) => boolean },
): Recommendation[] {
  const favouriteIds = new Set(profile.favouriteIds);
  const favourites = products.filter((p) => favouriteIds.has(p.id));
  const answers = profileAnswers(profile, favourites, opts.year);
  const include = opts.include ?? (() => true);
  return products
    .filter((p) => !favouriteIds.has(p.id) && include(p))
    .map((product) => {
      const quiz = scoreStrain(product, answers);
      const own = profileScore(product, profile, favourites);
      return { product, score: quiz.score + own.score, reason: [...own.reasons, ...quiz.reasons][0] ?? R.popular };
    })
    .sort((x, y) => y.score - x.score || y.product.popularity - x.product.popularity || x.product.name.localeCompare(y.product.name, 'nl'))
    .slice(0, Math.max(0, opts.limit ?? RECOMMENDATIONS));
}
