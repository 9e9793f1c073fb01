import { describe, expect, it } from 'vitest';
import { type ArtworkInput, strainArtworkSvg } from './artwork.ts';

const base: ArtworkInput = { slug: 'northern-lights', type: 'indica', flowering: 'photoperiod', indicaPercent: 90, flavours: ['earthy', 'sweet'] };

describe('strainArtworkSvg', () => {
  it('is deterministic', () => {
    expect(strainArtworkSvg(base)).toBe(strainArtworkSvg({ ...base, flavours: [...base.flavours] }));
  });

  it('differs per slug, type and flowering', () => {
    const a = strainArtworkSvg(base);
    expect(strainArtworkSvg({ ...base, slug: 'northern-lights-auto' })).not.toBe(a);
    expect(strainArtworkSvg({ ...base, type: 'sativa' })).not.toBe(a);
    expect(strainArtworkSvg({ ...base, flowering: 'autoflower' })).not.toBe(a);
  });

  it('is a 1200×1200 SVG document', () => {
    const svg = strainArtworkSvg(base);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).toMatch(/^<svg[^>]* width="1200"/);
    expect(svg).toMatch(/^<svg[^>]* height="1200"/);
    expect(svg).toMatch(/^<svg[^>]* viewBox="0 0 1200 1200"/);
  });

  it('has no text and no external references', () => {
    for (const type of ['indica', 'mostly_indica', 'hybrid', 'mostly_sativa', 'sativa'] as const) {
      const svg = strainArtworkSvg({ ...base, type, flowering: 'autoflower', flavours: ['citrus', 'bosbes'] });
      expect(svg).not.toContain('href=');
      expect(svg).not.toMatch(/<(text|image|use|foreignObject|script|style)\b/);
      expect(svg).not.toMatch(/url\((?!#)/);
      expect(svg).not.toMatch(/NaN|undefined|Infinity/);
    }
  });

  it('draws the autoflower badge only for autoflowers', () => {
    const count = (s: string) => (s.match(/<circle r="64"/g) ?? []).length;
    expect(count(strainArtworkSvg(base))).toBe(0);
    expect(count(strainArtworkSvg({ ...base, flowering: 'autoflower' }))).toBe(1);
  });

  it('copes with out-of-range percentages and no flavours', () => {
    const svg = strainArtworkSvg({ ...base, indicaPercent: 250, flavours: [] });
    expect(svg).not.toMatch(/NaN|undefined/);
  });
});

describe('strainArtworkSvg per strain data', () => {
  const leaflets = (svg: string) => (svg.match(/<g transform="rotate\(/g) ?? []).length;
  const backdropCentre = (svg: string) => /<radialGradient id="bg"[^>]*><stop offset="0" stop-color="([^"]+)"/.exec(svg)?.[1];

  it('a sativa has more, slenderer leaflets than an indica', () => {
    // One leaf is 7 or 9 leaflets; a second, smaller leaf adds 5 or 7.
    for (const slug of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const indica = strainArtworkSvg({ ...base, slug, type: 'indica', indicaPercent: 90 });
      const sativa = strainArtworkSvg({ ...base, slug, type: 'sativa', indicaPercent: 10 });
      expect([7, 12]).toContain(leaflets(indica));
      expect([9, 16]).toContain(leaflets(sativa));
    }
  });

  it('the flavours colour the backdrop: berry is not citrus', () => {
    const berry = strainArtworkSvg({ ...base, flavours: ['bessen', 'zoet'] });
    const citrus = strainArtworkSvg({ ...base, flavours: ['citroen', 'zoet'] });
    expect(backdropCentre(berry)).not.toBe(backdropCentre(citrus));
    expect(strainArtworkSvg({ ...base, flavours: [], terpenes: ['linalool'] })).not.toBe(strainArtworkSvg({ ...base, flavours: [], terpenes: ['limoneen'] }));
  });

  it('all 84 seeded strains get artworks that differ from one another', async () => {
    const { strainSeeds: strains } = await import('~/db/seed/strains.ts');
    const svgs = new Set(
      strains.map((st) =>
        strainArtworkSvg({ slug: st.slug, type: st.type, flowering: st.identity.flowering, indicaPercent: st.indica, flavours: st.flavours, terpenes: st.terpenes }),
      ),
    );
    expect(strains.length).toBeGreaterThanOrEqual(84);
    expect(svgs.size).toBe(strains.length);
  });
});
