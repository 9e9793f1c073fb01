// Renders the generated SVG artwork to AVIF/WebP/JPEG with sharp and keeps every result on disk.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '~/lib/image-urls.ts';

export { IMAGE_WIDTHS };
const IMAGE_DENSITIES = [1, 2] as const;
export type ImageFormat = 'avif' | 'webp' | 'jpeg';

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

// The SVG artwork is drawn on a 1200 px canvas (see artwork.ts).
const ARTWORK_SIZE = 1200;
// The key becomes a file name: only characters that can never walk out of the cache folder.
const SAFE_KEY = /^[a-z0-9]+(?:[-.][a-z0-9]+)*$/;

/**
 * Picks the best format the client says it decodes. Only explicit types count: wildcards
 * (curl, crawlers, old browsers send *\/*) get JPEG, which everything can show.
 */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(type);
  }
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return 'jpeg';
}

/** Cache key of one strain's artwork: changes when the SVG (product data or generator) changes. */
export function artworkKey(slug: string, svg: string, version: number): string {
  const hash = crypto.createHash('sha256').update(svg).digest('hex').slice(0, 12);
  return `${slug}.v${version}-${hash}`;
}

/**
 * What to render: the generated artwork (`svg`) or, when staff uploaded one, the stored photo (`photo`, read
 * only when the file is not in the cache yet), cut to a square like the artwork.
 */
export type RenderOptions = { svg: string; photo?: () => Promise<Uint8Array>; key: string; width: number; dpr: 1 | 2; format: ImageFormat; cacheDir: string };

/** Cache key of an uploaded photo: the slug (so a purge finds it) and the stored file's hash. */
export function photoKey(slug: string, version: string): string {
  return `${slug}.u-${version}`;
}

// One render per output file at a time: concurrent requests for it share the same promise.
const inFlight = new Map<string, Promise<Buffer>>();

// sharp already uses every core for one image; a cold cache (a full listing page) must not
// start dozens of renders at once and starve the rest of the server.
const MAX_PARALLEL_RENDERS = 2;
let running = 0;
const waiting: (() => void)[] = [];
async function withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL_RENDERS) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function cacheFileName(opts: Pick<RenderOptions, 'key' | 'width' | 'dpr' | 'format'>): string {
  return `${opts.key}-${opts.width}x${opts.dpr}.${EXTENSIONS[opts.format]}`;
}

/** The encoded image, from `${cacheDir}/${key}-${width}x${dpr}.${ext}` or rendered into it. */
export async function renderProductImage(opts: RenderOptions): Promise<Buffer> {
  if (!SAFE_KEY.test(opts.key)) throw new Error(`unsafe image cache key: ${opts.key}`);
  if (!(IMAGE_WIDTHS as readonly number[]).includes(opts.width) || !IMAGE_DENSITIES.includes(opts.dpr)) {
    throw new Error(`unsupported image size: ${opts.width}x${opts.dpr}`);
  }
  const file = path.join(opts.cacheDir, cacheFileName(opts));
  const cached = await readIfExists(file);
  if (cached) return cached;

  let pending = inFlight.get(file);
  if (!pending) {
    pending = withRenderSlot(async () => {
      // Another request may have finished this file while we waited for a slot.
      const done = await readIfExists(file);
      if (done) return done;
      const image = await encode(opts);
      await writeAtomically(file, image);
      return image;
    }).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

async function encode({ svg, photo, width, dpr, format }: RenderOptions): Promise<Buffer> {
  const size = width * dpr;
  const image = photo
    ? sharp(await photo()).resize(size, size, { fit: 'cover', withoutEnlargement: false }).flatten({ background: '#fff' })
    : // Rasterise the vector at the target size (not a blurry upscale of a 1200 px bitmap).
      sharp(Buffer.from(svg), { density: (72 * size) / ARTWORK_SIZE }).resize(size, size).flatten({ background: '#000' });
  if (format === 'avif') return image.avif({ quality: 50, effort: 4 }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 75 }).toBuffer();
  return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

// Write beside the target, then rename: readers (also other processes) never see half a file.
async function writeAtomically(file: string, data: Buffer) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}
