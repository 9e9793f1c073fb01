import { describe, expect, it } from 'vitest';
import { ARTWORK_VERSION, IMAGE_WIDTHS, strainImageSrcSet, strainImageUrl } from './image-urls.ts';

describe('strain image URLs', () => {
  it('builds a versioned URL per width', () => {
    expect(strainImageUrl('gelato', 320)).toBe(`/images/strains/gelato?w=320&v=${ARTWORK_VERSION}`);
    expect(strainImageUrl('gelato')).toBe(`/images/strains/gelato?w=640&v=${ARTWORK_VERSION}`);
  });

  it('lists every breakpoint with its w descriptor, narrow to wide', () => {
    const entries = strainImageSrcSet('og-kush').split(', ');
    expect(entries).toHaveLength(IMAGE_WIDTHS.length);
    expect(entries.map((e) => e.split(' ')[1])).toEqual(['320w', '640w', '768w', '1024w', '1280w', '1536w']);
    expect(entries[0]).toBe(`/images/strains/og-kush?w=320&v=${ARTWORK_VERSION} 320w`);
  });
});
