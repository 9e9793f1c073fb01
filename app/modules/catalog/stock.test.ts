import { describe, expect, it } from 'vitest';
import { changedPrice, parsePercent, parsePrice, planImport, readStockQuery, stockQueryParams, type PackState } from './stock.ts';

describe('bulk price rounding', () => {
  it('rounds half up to the cent, or to the nearest ,95', () => {
    expect(changedPrice(1000, 1000, 'cent')).toBe(1100);
    expect(changedPrice(1995, 250, 'cent')).toBe(2045); // 2044.875
    expect(changedPrice(1995, -1000, 'cent')).toBe(1796); // 1795.5 → up
    expect(changedPrice(2068, 1000, 'x95')).toBe(2295); // 22,75 → 22,95
    expect(changedPrice(2037, 1000, 'x95')).toBe(2195); // 22,41 → 21,95
    expect(changedPrice(50, -5000, 'x95')).toBe(95);
    expect(changedPrice(1, -9000, 'cent')).toBe(1);
  });

  it('reads a percentage with comma or point, sign and % sign', () => {
    expect(parsePercent('5')).toBe(500);
    expect(parsePercent('-10')).toBe(-1000);
    expect(parsePercent('+7,25 %')).toBe(725);
    expect(parsePercent('2.5')).toBe(250);
    expect(parsePercent('abc')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
  });

  it('reads prices as minor units', () => {
    expect(parsePrice('12,95')).toBe(1295);
    expect(parsePrice('12.9')).toBe(1290);
    expect(parsePrice('€ 7')).toBe(700);
    expect(parsePrice('1.234,56')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
  });
});

describe('CSV import plan', () => {
  const packs: PackState[] = [
    { id: 1, sku: 'a-3', name: 'A', seeds: 3, isFree: false, stock: 10, threshold: 5, prices: { EUR: 1995 } },
    { id: 2, sku: 'a-1-gratis', name: 'A', seeds: 1, isFree: true, stock: 200, threshold: 5, prices: { EUR: 0 } },
  ];
  const header = ['sku', 'soort', 'voorraad', 'nieuwe voorraad', 'drempel laag', 'EUR', 'GBP'];

  it('moves stock by the difference with the exported count, sets threshold and prices, skips empty cells', () => {
    const plan = planImport([header, ['a-3', 'A', '12', '15', '', '21,95', '18,95'], ['a-1-gratis', 'A', '200', '', '', '0,00', '']], packs);
    expect(plan.errors).toEqual([]);
    expect(plan.unchanged).toBe(1);
    expect(plan.changes).toEqual([
      { line: 2, packId: 1, sku: 'a-3', name: 'A', seeds: 3, stockDelta: 3, stockNow: 10, threshold: null, prices: [{ currency: 'EUR', from: 1995, to: 2195 }, { currency: 'GBP', from: null, to: 1895 }] },
    ]);
  });

  it('reports every wrong line with its number', () => {
    const plan = planImport(
      [header, ['onbekend', '', '', '', '', '', ''], ['a-3', '', '12', 'veel', 'x', '0', ''], ["'=a-3", '', '', '', '', '', ''], ['a-1-gratis', '', '', '', '', '1,00', ''], ['a-3', '', '', '', '', '', '']],
      packs,
    );
    expect(plan.errors).toEqual([
      { line: 2, code: 'unknown_sku', detail: 'onbekend' },
      { line: 3, code: 'stock', detail: 'veel' },
      { line: 3, code: 'threshold', detail: 'x' },
      { line: 3, code: 'price', detail: 'EUR 0' },
      { line: 4, code: 'unknown_sku', detail: '=a-3' },
      { line: 5, code: 'free_price', detail: 'EUR' },
      { line: 6, code: 'duplicate_sku', detail: 'a-3' },
    ]);
    expect(planImport([header, ['a-3', '', '10', '0', '', '', '']], [{ ...packs[0]!, stock: 4 }]).errors).toEqual([{ line: 2, code: 'negative', detail: '-6' }]);
  });
});

describe('stock list filter', () => {
  it('keeps what it knows and round-trips', () => {
    const q = readStockQuery(new URLSearchParams('zoek=haze&bloei=autoflower&geslacht=x&zaden=3&laag=1&pagina=2'));
    expect(q).toEqual({ q: 'haze', flowering: 'autoflower', sex: undefined, seeds: 3, low: true, page: 2 });
    expect(stockQueryParams(q).toString()).toBe('zoek=haze&bloei=autoflower&zaden=3&laag=1');
  });
});
