import { describe, expect, it } from 'vitest';
import { cpuSlowdown } from './lighthouse.ts';

describe('cpuSlowdown', () => {
  it("follows Lighthouse's calculator: 4x at an index of 1,533 (its default host), 3x at 1,300, 2x at 800, 1x at 150", () => {
    expect(cpuSlowdown(1533)).toBeCloseTo(4, 2);
    expect(cpuSlowdown(1300)).toBe(3);
    expect(cpuSlowdown(800)).toBe(2);
    expect(cpuSlowdown(150)).toBe(1);
    expect(cpuSlowdown(2000)).toBeCloseTo(6, 1);
    expect(cpuSlowdown(1050)).toBeCloseTo(2.5, 2);
  });

  it('refuses a machine too slow to emulate the phone', () => {
    expect(() => cpuSlowdown(149)).toThrow(/too slow/);
  });
});
