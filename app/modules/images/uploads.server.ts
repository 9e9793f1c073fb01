// Strain photos staff upload (ADR 033). The bytes decide what a file is, never its name or the browser's
// content type; the file is decoded with a pixel limit, re-encoded by sharp (which also drops EXIF, GPS
// and anything hidden after the image) and stored in the database, so every machine serves the same photo.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { invalidate, onInvalidate } from '~/lib/cache.server.ts';
import { invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';

import { CLAIM_PHOTO_MAX_SIDE, CLAIM_PHOTO_MIN_SIDE, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MIN_SIDE } from './upload-limits.ts';

export { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_MIN_SIDE };
/** The stored copy: big enough for the 2× variants, small enough to keep the database lean. */
const STORED_MAX_SIDE = 2048;

export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export type UploadErrorCode = 'type' | 'tooLarge' | 'tooSmall' | 'tooManyPixels' | 'unreadable';

export class ImageUploadError extends Error {
  constructor(readonly code: UploadErrorCode) {
    super(`image refused: ${code}`);
  }
}

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The format the file's first bytes say it is (magic numbers); null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  // ISO base media: a box 'ftyp' whose major or compatible brands include avif (a still) or avis (a sequence).
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const size = Math.min(bytes.length, ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0);
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      const brand = ascii(bytes, at, at + 4);
      if (brand === 'avif' || brand === 'avis') return 'avif';
    }
  }
  return null;
}

// What sharp calls each format once decoded (AVIF is read by libheif).
const DECODED_AS: Record<UploadFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
};

export type PreparedImage = {
  data: Uint8Array;
  format: 'webp';
  width: number;
  height: number;
  version: string;
};

/** Checks an upload and re-encodes it to the stored WebP; throws ImageUploadError with what is wrong. */
export function prepareStrainImage(bytes: Uint8Array): Promise<PreparedImage> {
  return prepareImage(bytes, { minSide: IMAGE_MIN_SIDE, storedMaxSide: STORED_MAX_SIDE });
}

/**
 * A customer's photo for a germination claim (ADR 074): the same checks and re-encoding as a strain photo (the
 * bytes decide the format, a pixel limit, EXIF and GPS dropped); a phone photo of a seed tray needs fewer pixels.
 */
export function prepareClaimPhoto(bytes: Uint8Array): Promise<PreparedImage> {
  return prepareImage(bytes, { minSide: CLAIM_PHOTO_MIN_SIDE, storedMaxSide: CLAIM_PHOTO_MAX_SIDE });
}

async function prepareImage(bytes: Uint8Array, limits: { minSide: number; storedMaxSide: number }): Promise<PreparedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageUploadError('tooLarge');
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageUploadError('type');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageUploadError('unreadable');
  }
  // The bytes began like one format but the decoder reads another (a polyglot): refused.
  if (meta.format !== DECODED_AS[format] || !meta.width || !meta.height) throw new ImageUploadError('type');
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new ImageUploadError('tooManyPixels');
  if (Math.min(meta.width, meta.height) < limits.minSide) throw new ImageUploadError('tooSmall');
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'error',
    })
      .rotate() // as the camera held it (EXIF orientation), before the metadata is dropped
      .resize(limits.storedMaxSide, limits.storedMaxSide, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    const stored = new Uint8Array(data);
    return {
      data: stored,
      format: 'webp',
      width: info.width,
      height: info.height,
      version: crypto.createHash('sha256').update(stored).digest('hex').slice(0, 12),
    };
  } catch {
    throw new ImageUploadError('unreadable');
  }
}

/** Stores a prepared photo for a strain (replacing the one it had); false when there is no such strain. */
export async function setStrainImage(db: Db, actor: Actor, productId: number, image: PreparedImage, now = new Date()): Promise<boolean> {
  const slug = await db.transaction(async (tx) => {
    const [product] = await tx.select({ slug: s.products.slug }).from(s.products).where(eq(s.products.id, productId)).for('update');
    if (!product) return null;
    const [old] = await tx.select({ version: s.productImages.version }).from(s.productImages).where(eq(s.productImages.productId, productId));
    const row = {
      data: image.data,
      format: image.format,
      width: image.width,
      height: image.height,
      version: image.version,
      uploadedAt: now,
    };
    await tx
      .insert(s.productImages)
      .values({ productId, ...row })
      .onConflictDoUpdate({ target: s.productImages.productId, set: row });
    await recordAudit(
      tx,
      actor,
      {
        action: 'strain.image',
        entity: 'product',
        entityId: productId,
        before: old ? { image: old.version } : null,
        after: {
          image: image.version,
          width: image.width,
          height: image.height,
        },
      },
      now,
    );
    return product.slug;
  });
  return slug !== null && imageChanged(db, slug);
}

/** After a strain's photo changed: the catalogue and the strain's generated sizes are stale. */
function imageChanged(db: Db, slug: string): true {
  invalidateCatalogue(db);
  purgeImageVariants(db, slug);
  return true;
}

/** Removes a strain's photo: the generated artwork is shown again. False when there is no such strain. */
export async function removeStrainImage(db: Db, actor: Actor, productId: number, now = new Date()): Promise<boolean> {
  const slug = await db.transaction(async (tx) => {
    const [product] = await tx.select({ slug: s.products.slug }).from(s.products).where(eq(s.products.id, productId)).for('update');
    if (!product) return null;
    const removed = await tx.delete(s.productImages).where(eq(s.productImages.productId, productId)).returning({ version: s.productImages.version });
    if (removed.length)
      await recordAudit(
        tx,
        actor,
        {
          action: 'strain.image_removed',
          entity: 'product',
          entityId: productId,
          before: { image: removed[0]!.version },
          after: null,
        },
        now,
      );
    return product.slug;
  });
  return slug !== null && imageChanged(db, slug);
}

/** The stored photo of a strain, for the image route to render its sizes from. */
export async function strainImageSource(db: Db, productId: number): Promise<Uint8Array | null> {
  const [row] = await db.select({ data: s.productImages.data }).from(s.productImages).where(eq(s.productImages.productId, productId));
  return row?.data ?? null;
}

/** A small square of the stored photo for the back office (drafts too, which the shop's image route does not serve). */
export async function strainPhotoPreview(db: Db, productId: number, size = 320): Promise<Buffer | null> {
  const data = await strainImageSource(db, productId);
  return data ? sharp(data).resize(size, size, { fit: 'cover' }).webp({ quality: 80 }).toBuffer() : null;
}

const PURGE = 'image-variants:';

/**
 * Deletes the rendered sizes of a strain's images from the disk cache of every process: told through the
 * cache invalidation (NOTIFY on PostgreSQL), acted on by each process's image route (watchImagePurges).
 */
export function purgeImageVariants(db: Db, slug: string) {
  invalidate(db, `${PURGE}${slug}`);
}

/** Deletes `${slug}.*` files in `cacheDir` whenever a purge for that slug arrives; returns the unsubscribe. */
export function watchImagePurges(db: Db, cacheDir: string): () => void {
  return onInvalidate(db, (prefix) => {
    if (prefix.startsWith(PURGE)) void deleteVariants(cacheDir, prefix.slice(PURGE.length)).catch(() => undefined);
  });
}

// Cache files are `${key}-${width}x${dpr}.${ext}` with a key that starts with `${slug}.` (images.server.ts);
// slugs have no dots, so this prefix matches one strain's files only.
export async function deleteVariants(cacheDir: string, slug: string): Promise<number> {
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return 0;
  let names: string[];
  try {
    names = await fs.readdir(cacheDir);
  } catch {
    return 0;
  }
  const mine = names.filter((n) => n.startsWith(`${slug}.`));
  await Promise.all(mine.map((n) => fs.rm(`${cacheDir}/${n}`, { force: true })));
  return mine.length;
}
