import { describe, expect, it } from 'vitest';
import { compare, emptyQuery, fromPrice, listProducts, PAGE_SIZE, type Product, shownFilterGroups } from './catalog.ts';
import { parseCatalogueQuery } from './catalog.schemas.ts';
import { testProduct } from '~/test/test-product.ts';

// The shared test strain, tuned for these tests: an easy, fast hybrid with one 1-seed pack for sale.
let packId = 0;
const product = (over: Partial<Product>): Product =>
  testProduct({
    thc: 200,
    yieldIndoor: 450,
    yieldOutdoor: 600,
    heightIndoor: 100,
    heightOutdoor: 200,
    climates: ['temperate'],
    floweringDaysMin: 56,
    floweringDaysMax: 63,
    effects: ['ontspannend'],
    difficulty: 'beginner',
    ratingAvg: 45,
    packs: [{ id: (packId += 10), seeds: 1, isFree: false, stock: 5, lowStock: 5, prices: { EUR: 800, GBP: 700 } }],
    ...over,
  });

describe('catalogue filters', () => {
  const auto = product({ name: 'Auto', flowering: 'autoflower', thc: 180, floweringDaysMax: 70 });
  const reg = product({ name: 'Regular', sex: 'regular', thc: 150, climates: ['tropical'], effects: ['energiek'] });
  const strong = product({ name: 'Sterk', thc: 260, type: 'indica', collections: ['hoog-thc'], yieldIndoor: 600 });
  const all = [auto, reg, strong];
  const names = (q: Parameters<typeof listProducts>[1]) => listProducts(all, q, 'EUR')!.items.map((p) => p.name).sort();

  it('combines options in a group with OR and groups with AND', () => {
    expect(names({ ...emptyQuery(), identity: ['autoflower', 'regular'] })).toEqual([]);
    expect(names({ ...emptyQuery(), identity: ['autoflower'] })).toEqual(['Auto']);
    expect(names({ ...emptyQuery(), identity: ['feminized', 'regular'] })).toEqual(['Auto', 'Regular', 'Sterk']);
    expect(names({ ...emptyQuery(), climate: ['tropical', 'polar'] })).toEqual(['Regular']);
  });

  it('filters ranges in percent and days', () => {
    expect(names({ ...emptyQuery(), thc: { min: 20 } })).toEqual(['Sterk']);
    expect(names({ ...emptyQuery(), thc: { max: 18 } })).toEqual(['Auto', 'Regular']);
    expect(names({ ...emptyQuery(), floweringMax: 65 })).toEqual(['Regular', 'Sterk']);
    expect(names({ ...emptyQuery(), collection: 'hoog-thc' })).toEqual(['Sterk']);
  });

  it('sorts by each option with the name as tie-breaker', () => {
    const cheap = product({ name: 'Goedkoop', packs: [{ id: 1, seeds: 1, isFree: false, stock: 3, lowStock: 5, prices: { EUR: 300 } }] });
    const soldOut = product({ name: 'Uitverkocht', packs: [{ id: 2, seeds: 1, isFree: false, stock: 0, lowStock: 5, prices: { EUR: 100 } }] });
    const list = [soldOut, strong, cheap].sort(compare('prijs', 'EUR')).map((p) => p.name);
    expect(list).toEqual(['Goedkoop', 'Sterk', 'Uitverkocht']);
    expect([reg, strong, auto].sort(compare('thc', 'EUR')).map((p) => p.name)).toEqual(['Sterk', 'Auto', 'Regular']);
    expect([strong, auto, reg].sort(compare('naam', 'EUR')).map((p) => p.name)).toEqual(['Auto', 'Regular', 'Sterk']);
  });

  it('ignores free and sold-out packs for the from-price', () => {
    const p = product({
      packs: [
        { id: 1, seeds: 1, isFree: true, stock: 9, lowStock: 5, prices: { EUR: 0 } },
        { id: 2, seeds: 3, isFree: false, stock: 0, lowStock: 5, prices: { EUR: 1500 } },
        { id: 3, seeds: 5, isFree: false, stock: 2, lowStock: 5, prices: { EUR: 2500 } },
      ],
    });
    expect(fromPrice(p, 'EUR')).toBe(2500);
    expect(fromPrice(p, 'NZD')).toBeNull();
  });

  it('pages and refuses pages out of range', () => {
    const many = Array.from({ length: PAGE_SIZE + 3 }, () => product({}));
    expect(listProducts(many, { ...emptyQuery(), page: 2 }, 'EUR')).toMatchObject({ total: PAGE_SIZE + 3, pageCount: 2, page: 2 });
    expect(listProducts(many, { ...emptyQuery(), page: 2 }, 'EUR')!.items).toHaveLength(3);
    expect(listProducts(many, { ...emptyQuery(), page: 3 }, 'EUR')).toBeNull();
    expect(listProducts([], emptyQuery(), 'EUR')).toMatchObject({ total: 0, pageCount: 1 });
  });
});

describe('catalogue query from the URL', () => {
  it('sorts by the number of reviews under its Dutch name, and the old English address still works', () => {
    expect(parseCatalogueQuery(new URLSearchParams('sorteer=aantal-beoordelingen')).sort).toBe('aantal-beoordelingen');
    expect(parseCatalogueQuery(new URLSearchParams('sorteer=reviews')).sort).toBe('aantal-beoordelingen');
  });
  it('reads repeated and comma-separated values, ranges, sort and page', () => {
    const q = parseCatalogueQuery(new URLSearchParams('soort=autoflower,feminized&soort=regular&thc-min=20&sorteer=prijs&pagina=2&bloeitijd=60'));
    expect(q.identity).toEqual(['autoflower', 'feminized', 'regular']);
    expect(q).toMatchObject({ thc: { min: 20 }, sort: 'prijs', page: 2, floweringMax: 60 });
  });
  it('drops malformed values instead of failing', () => {
    const q = parseCatalogueQuery(new URLSearchParams('soort=<script>&thc-min=abc&sorteer=evil&pagina=-3&hoogte=1e9'));
    expect(q).toMatchObject({ identity: [], thc: { min: undefined }, sort: 'populariteit', page: 1, heightIndoorMax: undefined });
  });
});

describe('shownFilterGroups', () => {
  it('keeps only public filters, without the flag, and leaves out a group with none', () => {
    const f = (id: string, pub: boolean) => ({ id, name: id.toUpperCase(), public: pub });
    const shown = shownFilterGroups({
      filterGroups: [
        { id: 'type', name: 'Type', kind: 'options', param: 'type', filters: [f('indica', true), f('sativa', false)] },
        { id: 'cbd', name: 'CBD', kind: 'min', param: 'cbd-min', filters: [f('5', false)] },
        { id: 'thc', name: 'THC', kind: 'min', param: 'thc-min', filters: [f('20', true)] },
      ],
    });
    expect(shown).toEqual([
      { id: 'type', name: 'Type', kind: 'options', param: 'type', filters: [{ id: 'indica', name: 'INDICA' }] },
      { id: 'thc', name: 'THC', kind: 'min', param: 'thc-min', filters: [{ id: '20', name: '20' }] },
    ]);
  });
});
