// Shape of one strain in the demo catalogue (SPEC §3). Percentages are in tenths (215 = 21.5%).
export type Identity = { flowering: 'photoperiod' | 'autoflower'; sex: 'feminized' | 'regular' };
export type StrainType = 'indica' | 'mostly_indica' | 'hybrid' | 'mostly_sativa' | 'sativa';
export type Climate = 'arid' | 'mediterranean' | 'mountains' | 'polar' | 'temperate' | 'tropical';
export type Difficulty = 'beginner' | 'advanced' | 'expert';
export type Genotype = 'landrace' | 'ibl' | 'f1_hybrid' | 'polyhybrid' | 'auto_hybrid';
export type GrowSetting = 'indoor' | 'outdoor' | 'greenhouse';
export type CollectionSlug =
  'hoog-thc' | 'hoge-opbrengst' | 'snelle-bloei' | 'hoog-cbd' | 'makkelijk-te-kweken' | 'nieuwste-soorten' | 'bestsellers' | 'landrace';

export type StrainSeed = {
  slug: string;
  name: string;
  breeder: string;
  /** e.g. 'Skunk #1 × Northern Lights' */
  genetics: string;
  /** parent strains, e.g. ['Skunk #1', 'Northern Lights'] */
  lineage: string[];
  identity: Identity;
  type: StrainType;
  /** indica share in percent; sativa share is 100 - indica */
  indica: number;
  thc: number;
  cbd: number;
  cbg: number;
  /** grams per m² indoors, grams per plant outdoors */
  yieldIndoor: number;
  yieldOutdoor: number;
  /** centimetres */
  heightIndoor: number;
  heightOutdoor: number;
  climates: Climate[];
  /** flowering time in days (autoflowers: seed to harvest) */
  floweringDays: [number, number];
  flavours: string[];
  terpenes: string[];
  effects: string[];
  difficulty: Difficulty;
  /** how the line was bred (derived, see strains.ts) */
  genotype: Genotype;
  /** where it grows well (derived; with difficulty and height the grower profile) */
  growSettings: GrowSetting[];
  /** 0..100, drives the popularity sort and best sellers */
  popularity: number;
  /** the average (× 10, 47 = 4.7) the demo reviews' ratings are drawn around; the product's own numbers are derived from its reviews */
  rating: number;
  /** days since it was added to the shop (newest strains collection) */
  addedDaysAgo: number;
  collections: CollectionSlug[];
  /** slug of the photoperiod/autoflower twin, if any */
  counterpart?: string;
  /** Dutch: one sentence for cards (≤ 140 chars) */
  summary: string;
  /** Dutch: 3–5 paragraphs, separated by blank lines */
  description: string;
};
