import { describe, expect, it } from 'vitest';
import { slugify, strainListQuery } from './strain-admin.schemas.ts';

describe('strain form helpers', () => {
  it('makes a slug from a name: accents folded, anything else a single dash, at most 100 characters', () => {
    expect(slugify('Northern Lights Auto #5')).toBe('northern-lights-auto-5');
    expect(slugify('  Crème Brûlée × Haze! ')).toBe('creme-brulee-haze');
    expect(slugify('×××')).toBe('');
    const long = slugify(`${'a'.repeat(99)} b`);
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('-')).toBe(false);
  });

  it('reads the list filters leniently: an unknown status or type, a bad page are ignored', () => {
    expect(strainListQuery.parse({ q: ' haze ', status: 'draft', type: 'sativa', page: '2' })).toEqual({ q: 'haze', status: 'draft', type: 'sativa', page: 2 });
    expect(strainListQuery.parse({ q: '', status: 'weg', type: 'x', page: '-1' })).toEqual({ q: '', status: undefined, type: undefined, page: 1 });
  });
});
