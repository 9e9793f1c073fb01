import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shop's font keeps only the weights 400-800 (scripts/subset-font.sh): a style asking for another weight would
// get a synthesised or clamped face. Tailwind's weight classes outside that range, or one in brackets, fail here.
const OUTSIDE = /\bfont-(thin|extralight|light|black|\[\d+\])(?![\w-])/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(tsx?|css)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the shop font', () => {
  it('is the subset file, declared for exactly the weights it has', () => {
    const file = fs.readFileSync(path.join(import.meta.dirname, 'inter-latin-400-800.woff2'));
    expect(file.subarray(0, 4).toString('latin1')).toBe('wOF2');
    // 28.9 KB when made; the package's whole Latin face was 48.3 KB.
    expect(file.length).toBeLessThan(32 * 1024);
    const css = fs.readFileSync(path.join(import.meta.dirname, '..', 'app.css'), 'utf8');
    expect(css).toMatch(/font-weight: 400 800;\s*src: url\('\.\/fonts\/inter-latin-400-800\.woff2'\)/);
  });

  it('is never asked for a weight it does not have', () => {
    const found = sources(path.join(import.meta.dirname, '..')).flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(OUTSIDE)].map((m) => `${path.relative(process.cwd(), f)}: ${m[0]}`));
    expect(found).toEqual([]);
  });

  it('the check finds a weight outside the range', () => {
    expect('class="font-light text-sm"'.match(OUTSIDE)).toEqual(['font-light']);
    expect('font-[900]'.match(OUTSIDE)).toEqual(['font-[900]']);
    expect('font-semibold font-lighter-x'.match(OUTSIDE)).toBeNull();
  });
});
