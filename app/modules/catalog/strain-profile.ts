import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { product } from '~/i18n/nl/product.ts';
import type { productPage } from './catalog.server.ts';
import type { KeyFact } from './components/key-facts.tsx';

// What the product page says about a strain: the three key facts at the top and the full profile tab.

type StrainDetail = NonNullable<Awaited<ReturnType<typeof productPage>>>['strain'];
const t = product;

const listNl = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} en ${items.at(-1)}` : (items[0] ?? ''));

/** SPEC §3 grower profile: who it suits, where it grows well, and whether it fits a small space (≤ 100 cm indoors). */
function growerProfile(s: Pick<StrainDetail, 'difficulty' | 'growSettings' | 'heightIndoor'>) {
  return product.profile.growerProfileValue(product.profile.levels[s.difficulty], listNl(s.growSettings.map((g) => catalogText.growSettings[g])), s.heightIndoor <= 100);
}

export function strainFacts(s: StrainDetail): KeyFact[] {
  return [
    { label: t.profile.thc, value: catalogText.percent(s.thc), tip: t.profile.tips.thc },
    { label: t.profile.cbd, value: catalogText.percent(s.cbd), tip: t.profile.tips.cbd },
    { label: t.profile.flowering, value: t.profile.floweringValue(s.floweringDaysMin, s.floweringDaysMax), tip: t.profile.tips.flowering },
  ];
}

export function strainProfileRows(s: StrainDetail): [string, string][] {
  return [
    [t.profile.genetics, s.genetics],
    [t.profile.lineage, s.lineage.join(' × ') || '—'],
    [t.profile.breeder, s.breeder],
    [t.profile.type, catalogText.types[s.type]],
    [t.profile.ratio, t.profile.ratioValue(s.indicaPercent)],
    [t.profile.identity, `${catalogText.identity[s.flowering]}, ${catalogText.identity[s.sex]}`],
    [t.profile.thc, catalogText.percent(s.thc)],
    [t.profile.cbd, catalogText.percent(s.cbd)],
    [t.profile.cbg, catalogText.percent(s.cbg)],
    [t.profile.flowering, t.profile.floweringValue(s.floweringDaysMin, s.floweringDaysMax)],
    [t.profile.yieldIndoor, t.profile.gramsM2(s.yieldIndoor)],
    [t.profile.yieldOutdoor, t.profile.gramsPlant(s.yieldOutdoor)],
    [t.profile.heightIndoor, t.profile.cm(s.heightIndoor)],
    [t.profile.heightOutdoor, t.profile.cm(s.heightOutdoor)],
    [t.profile.climate, s.climates.map((c) => catalogText.climates[c as keyof typeof catalogText.climates] ?? c).join(', ')],
    [t.profile.difficulty, catalogText.difficulty[s.difficulty]],
    [t.profile.genotype, catalogText.genotypes[s.genotype]],
    [t.profile.growerProfile, growerProfile(s)],
    [t.profile.terpenes, s.terpenes.join(', ')],
    [t.profile.flavours, s.flavours.join(', ')],
    [t.profile.effects, s.effects.join(', ')],
  ];
}
