import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { strainArtworkSvg } from './artwork.ts';
import { artworkKey, negotiateFormat, renderProductImage } from './images.server.ts';

// Wrap sharp so the tests can count how often an image is really rendered.
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof sharp }>()).default;
  return { default: vi.fn((...args: Parameters<typeof real>) => real(...args)) };
});
const sharpCalls = () => vi.mocked(sharp).mock.calls.length;

const svg = strainArtworkSvg({ slug: 'gelato', type: 'hybrid', flowering: 'autoflower', indicaPercent: 55, flavours: ['berry'] });
let cacheDir = '';
beforeAll(async () => {
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kk-images-'));
});
afterAll(async () => {
  await fs.rm(cacheDir, { recursive: true, force: true });
});

describe('negotiateFormat', () => {
  it('prefers avif, then webp, then jpeg', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe('avif');
    expect(negotiateFormat('image/webp,*/*')).toBe('webp');
    expect(negotiateFormat('image/png,image/*;q=0.8,*/*;q=0.5')).toBe('jpeg');
    expect(negotiateFormat(undefined)).toBe('jpeg');
    expect(negotiateFormat('')).toBe('jpeg');
  });
  it('treats wildcards as "unknown" and q=0 as refused', () => {
    expect(negotiateFormat('*/*')).toBe('jpeg');
    expect(negotiateFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(negotiateFormat('IMAGE/AVIF ; q=0.9')).toBe('avif');
  });
});

describe('artworkKey', () => {
  it('changes with the artwork and the version, and is file-name safe', () => {
    const a = artworkKey('gelato', svg, 1);
    expect(a).toMatch(/^gelato\.v1-[0-9a-f]{12}$/);
    expect(artworkKey('gelato', svg, 2)).not.toBe(a);
    expect(artworkKey('gelato', `${svg} `, 1)).not.toBe(a);
  });
});

describe('renderProductImage', () => {
  it.each([
    ['avif', 320, 1, 'heif'],
    ['webp', 320, 2, 'webp'],
    ['jpeg', 640, 1, 'jpeg'],
  ] as const)('renders %s at width × dpr pixels', async (format, width, dpr, sharpFormat) => {
    const image = await renderProductImage({ svg, key: 'gelato', width, dpr, format, cacheDir });
    const meta = await sharp(image).metadata();
    expect(meta.format).toBe(sharpFormat);
    expect(meta.width).toBe(width * dpr);
    expect(meta.height).toBe(width * dpr);
    if (format === 'avif') expect(meta.compression).toBe('av1');
  });

  it('serves the second call from the disk cache', async () => {
    const opts = { svg, key: 'cache-test', width: 320, dpr: 1, format: 'webp', cacheDir } as const;
    const first = await renderProductImage(opts);
    const file = path.join(cacheDir, 'cache-test-320x1.webp');
    const { mtimeMs } = await fs.stat(file);
    const before = sharpCalls();
    // Garbage SVG: would throw if it were rendered instead of read from disk.
    const second = await renderProductImage({ ...opts, svg: 'not an svg' });
    expect(sharpCalls()).toBe(before);
    expect(second.equals(first)).toBe(true);
    expect((await fs.stat(file)).mtimeMs).toBe(mtimeMs);
  });

  it('renders once for concurrent requests and leaves no temp files', async () => {
    const opts = { svg, key: 'concurrent', width: 640, dpr: 1, format: 'jpeg', cacheDir } as const;
    const before = sharpCalls();
    const results = await Promise.all(Array.from({ length: 8 }, () => renderProductImage(opts)));
    expect(sharpCalls() - before).toBe(1);
    for (const r of results) expect(r.equals(results[0]!)).toBe(true);
    const files = await fs.readdir(cacheDir);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toContain('concurrent-640x1.jpg');
  });

  it('refuses keys and sizes that could escape the cache folder or exhaust the CPU', async () => {
    const opts = { svg, key: 'gelato', width: 320, dpr: 1, format: 'jpeg', cacheDir } as const;
    await expect(renderProductImage({ ...opts, key: '../../etc/passwd' })).rejects.toThrow(/unsafe/);
    await expect(renderProductImage({ ...opts, key: 'a/b' })).rejects.toThrow(/unsafe/);
    await expect(renderProductImage({ ...opts, width: 5000 })).rejects.toThrow(/unsupported/);
  });

  it('does not cache a failed render', async () => {
    const opts = { svg: '<svg', key: 'broken', width: 320, dpr: 1, format: 'jpeg', cacheDir } as const;
    await expect(renderProductImage(opts)).rejects.toThrow();
    const image = await renderProductImage({ ...opts, svg });
    expect((await sharp(image).metadata()).width).toBe(320);
  });
});
