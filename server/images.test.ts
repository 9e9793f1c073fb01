import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../app/db/client.server.ts';
import { seed } from '../app/db/seed/index.ts';
import { loadCatalogue } from '../app/modules/catalog/catalog.server.ts';
import { prepareStrainImage, removeStrainImage, setStrainImage } from '../app/modules/images/uploads.server.ts';
import { imageRoutes } from './images.ts';

let database: Database;
let server: ReturnType<express.Express['listen']>;
let base = '';
let cacheDir = '';
let slug = '';

beforeAll(async () => {
  database = await openDatabase({});
  await seed(database.db);
  slug = (await loadCatalogue(database.db)).products[0]!.slug;
  cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kk-image-route-'));
  const app = express();
  app.use(imageRoutes({ getDb: () => database.db, cacheDir }));
  await new Promise<void>((resolve) => {
    server = app.listen(0, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  if (cacheDir) await fs.rm(cacheDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });

async function expectImage(res: Response, type: string, sharpFormat: string, pixels: number) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(type);
  expect(res.headers.get('vary')).toMatch(/\bAccept\b/);
  expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(res.headers.get('etag')).toMatch(/^"[a-z0-9.-]+"$/);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta.format).toBe(sharpFormat);
  expect([meta.width, meta.height]).toEqual([pixels, pixels]);
}

describe('GET /images/strains/:slug', () => {
  it('serves avif to browsers that accept it', async () => {
    const res = await get(`/images/strains/${slug}?w=320`, { Accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' });
    await expectImage(res, 'image/avif', 'heif', 320);
  });

  it('serves webp, then jpeg as the fallback', async () => {
    await expectImage(await get(`/images/strains/${slug}?w=320`, { Accept: 'image/webp,*/*' }), 'image/webp', 'webp', 320);
    await expectImage(await get(`/images/strains/${slug}?w=320`, { Accept: '*/*' }), 'image/jpeg', 'jpeg', 320);
    await expectImage(await get(`/images/strains/${slug}?w=320`), 'image/jpeg', 'jpeg', 320);
  });

  it('renders width × dpr pixels and ignores the version parameter', async () => {
    await expectImage(await get(`/images/strains/${slug}?w=320&dpr=2&v=1`, { Accept: 'image/webp' }), 'image/webp', 'webp', 640);
    await expectImage(await get(`/images/strains/${slug}?w=640&dpr=1`, { Accept: 'image/webp' }), 'image/webp', 'webp', 640);
  });

  it('keeps the files in the cache folder, named after the validated slug only', async () => {
    const files = await fs.readdir(cacheDir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(f).toMatch(new RegExp(`^${slug}\\.v\\d+-[0-9a-f]{12}-\\d+x[12]\\.(avif|webp|jpg)$`));
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get(`/images/strains/${slug}?w=320`, { Accept: 'image/webp' });
    const etag = first.headers.get('etag')!;
    await first.arrayBuffer();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests, which forces a 200.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${base}/images/strains/${slug}?w=320`, { headers: { Accept: 'image/webp', 'If-None-Match': etag } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        })
        .on('error', reject);
    });
    expect(status).toBe(304);
    // Another format is another file: its ETag must not match.
    const avif = await get(`/images/strains/${slug}?w=320`, { Accept: 'image/avif', 'If-None-Match': etag });
    expect(avif.status).toBe(200);
    expect(avif.headers.get('etag')).not.toBe(etag);
    await avif.arrayBuffer();
  });

  it('answers HEAD without a body', async () => {
    const res = await fetch(`${base}/images/strains/${slug}?w=320`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });

  it.each(['w=333', 'w=', 'w=abc', 'w=320.0', 'w=0640', 'dpr=2', 'w=320&dpr=3', 'w=320&dpr=1.5', 'w=320&dpr=', 'w[]=320'])(
    'rejects ?%s with a Dutch 400',
    async (query) => {
      const res = await get(`/images/strains/${slug}?${query}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toMatch(/^Ongeldige/);
    },
  );

  it('takes the first value of a repeated parameter', async () => {
    await expectImage(await get(`/images/strains/${slug}?w=320&w=9999`), 'image/jpeg', 'jpeg', 320);
  });

  it.each([
    'geen-bestaande-soort',
    '..%2F..%2Fetc%2Fpasswd',
    '..%5C..%5Cwindows',
    'Gelato',
    'a--b',
    '-gelato',
    'gelato%00',
    'gelato.avif',
    'x'.repeat(101),
  ])('answers 404 for the slug %s', async (bad) => {
    const res = await get(`/images/strains/${bad}?w=320`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Afbeelding niet gevonden.');
  });

  it('does not leave the route for a traversal in the path', async () => {
    expect((await get(`/images/strains/..%2F${slug}?w=320`)).status).toBe(404);
    // The URL parser turns %2E%2E into "..": the request never reaches the image route.
    expect((await get(`/images/strains/%2E%2E?w=320`)).status).toBe(404);
  });

  it('serves an uploaded photo instead of the artwork: immutable under its version, briefly under the slug alone', async () => {
    const actor = { staffId: null, label: 'test', clientAddress: null };
    const product = (await loadCatalogue(database.db)).bySlug.get(slug)!;
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const prepared = await prepareStrainImage(new Uint8Array(photo));
    expect(await setStrainImage(database.db, actor, product.id, prepared)).toBe(true);
    try {
      const exact = await get(`/images/strains/${slug}?w=320&i=${prepared.version}`, { Accept: 'image/webp' });
      expect(exact.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const { data } = await sharp(Buffer.from(await exact.arrayBuffer())).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[1]).toBeLessThan(60);
      const bare = await get(`/images/strains/${slug}?w=320`, { Accept: 'image/webp' });
      expect(bare.status).toBe(200);
      expect(bare.headers.get('cache-control')).toBe('public, max-age=300');
    } finally {
      await removeStrainImage(database.db, actor, product.id);
    }
    expect((await get(`/images/strains/${slug}?w=320`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
