import type { Product } from '~/modules/catalog/catalog.ts';

// A strain for unit tests (catalogue, seedfinder, grower profile): a mid-range photoperiod hybrid.
let id = 0;
export function testProduct(over: Partial<Product>): Product {
  id += 1;
  return {
    id,
    slug: `s${id}`,
    name: `Strain ${id}`,
    breeder: 'Kiemkracht Selectie',
    genetics: 'A × B',
    lineage: [],
    flowering: 'photoperiod',
    sex: 'feminized',
    type: 'hybrid',
    indicaPercent: 50,
    thc: 180,
    cbd: 5,
    cbg: 5,
    yieldIndoor: 420,
    yieldOutdoor: 500,
    heightIndoor: 120,
    heightOutdoor: 220,
    climates: ['mediterranean'],
    floweringDaysMin: 60,
    floweringDaysMax: 67,
    flavours: ['zoet'],
    terpenes: ['myrceen'],
    effects: ['vrolijk'],
    difficulty: 'advanced',
    genotype: 'f1_hybrid',
    growSettings: ['indoor', 'greenhouse'],
    summary: '',
    description: '',
    popularity: 50,
    ratingAvg: 42,
    reviewCount: 10,
    publishedAt: '2026-01-01T00:00:00.000Z',
    counterpartSlug: null,
    relatedSlugs: [],
    collections: [],
    packs: [],
    ...over,
  };
}
