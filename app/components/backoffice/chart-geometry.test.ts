import { describe, expect, it } from 'vitest';
import { areaPath, barLengths, linePath, niceMax, points } from './chart-geometry.ts';

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax([0])).toBe(1);
    expect(niceMax([7])).toBe(10);
    expect(niceMax([12])).toBe(20);
    expect(niceMax([1234])).toBe(2000);
    expect(niceMax([4999, 10])).toBe(5000);
    expect(niceMax([5000])).toBe(5000);
  });
});

describe('points and paths', () => {
  it('spreads the series over the width with 0 at the bottom and max at the top', () => {
    expect(points([0, 5, 10], 100, 50, 10)).toEqual([
      [0, 50],
      [50, 25],
      [100, 0],
    ]);
  });
  it('clips a negative day (more refunded than received) to the axis', () => {
    expect(points([-300, 10], 10, 20, 10)).toEqual([
      [0, 20],
      [10, 0],
    ]);
  });
  it('draws the line and the area closed to the axis', () => {
    expect(linePath([0, 10], 100, 50, 10)).toBe('M0,50L100,0');
    expect(areaPath([0, 10], 100, 50, 10)).toBe('M0,50L100,0L100,50L0,50Z');
    expect(areaPath([], 100, 50)).toBe('');
  });
  it('puts a single value at the left edge', () => expect(linePath([3], 100, 10, 3)).toBe('M0,0'));
});

describe('barLengths', () => {
  it('scales each bar to the largest; nothing (null) is no bar', () => {
    expect(barLengths([10, 5, null, 0], 200)).toEqual([200, 100, 0, 0]);
    expect(barLengths([], 200)).toEqual([]);
  });
});
