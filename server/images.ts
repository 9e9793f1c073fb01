import express, { type Request, type Response } from 'express';
import type { Db } from '../app/db/client.server.ts';
import { images as t } from '../app/i18n/nl/images.ts';
import { loadCatalogue } from '../app/modules/catalog/catalog.server.ts';
import { strainArtworkSvg } from '../app/modules/images/artwork.ts';
import { ARTWORK_VERSION, type ImageWidth } from '../app/lib/image-urls.ts';
import { artworkKey, IMAGE_CONTENT_TYPES, IMAGE_WIDTHS, negotiateFormat, photoKey, renderProductImage } from '../app/modules/images/images.server.ts';
import { strainImageSource, watchImagePurges } from '../app/modules/images/uploads.server.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG_LENGTH = 100;

// Only the first value counts when a parameter is repeated (?w=320&w=640 arrives as an array).
const single = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);

function parseWidth(v: unknown): ImageWidth | null {
  const s = single(v);
  // Exact spelling only ("0640" is refused): one URL per file keeps caches from filling with copies.
  return IMAGE_WIDTHS.find((w) => String(w) === s) ?? null;
}

function parseDpr(v: unknown): 1 | 2 | null {
  const s = single(v);
  if (s === undefined || s === '1') return 1;
  return s === '2' ? 2 : null;
}

function fail(res: Response, status: 400 | 404, message: string) {
  // Error answers may change (a strain gets added): never cache them like the images.
  res.status(status).set('Cache-Control', 'no-store').type('text/plain').send(message);
}

/**
 * GET /images/strains/:slug?w=<breakpoint>&dpr=1|2&i=<photo version> — the strain's photo staff uploaded,
 * or else its generated artwork, in the best format the browser accepts. Renders once per file and serves
 * it from the disk cache afterwards; a new photo or a changed slug purges the strain's files (every process).
 */
export function imageRoutes(opts: { getDb: () => Db; cacheDir: string }) {
  const router = express.Router();
  watchImagePurges(opts.getDb(), opts.cacheDir);
  router.get('/images/strains/:slug', async (req: Request<{ slug: string }>, res: Response) => {
    const { slug } = req.params;
    // The slug is the only request input that reaches a file name, so it is checked before anything else.
    if (slug.length > MAX_SLUG_LENGTH || !SLUG.test(slug)) return fail(res, 404, t.notFound);
    const width = parseWidth(req.query.w);
    if (!width) return fail(res, 400, t.badWidth(IMAGE_WIDTHS));
    const dpr = parseDpr(req.query.dpr);
    if (!dpr) return fail(res, 400, t.badDpr);

    const product = (await loadCatalogue(opts.getDb())).bySlug.get(slug);
    if (!product) return fail(res, 404, t.notFound);

    const svg = strainArtworkSvg(product);
    const photoVersion = product.image ?? null;
    const key = photoVersion ? photoKey(slug, photoVersion) : artworkKey(slug, svg, ARTWORK_VERSION);
    const format = negotiateFormat(req.get('accept'));
    // A URL that names the current photo (or, without a photo, names none) never changes its answer. Pages that
    // know only the slug (cart, orders) get a short lifetime instead, so a new photo reaches them soon.
    const exact = (single(req.query.i) ?? null) === photoVersion;
    res.vary('Accept');
    res.set({
      'Content-Type': IMAGE_CONTENT_TYPES[format],
      'Cache-Control': exact ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      ETag: `"${key}-${width}x${dpr}-${format}"`,
    });
    // A revalidating browser or CDN gets a 304 without the image being read or rendered.
    if (req.fresh) return void res.status(304).end();

    const photo = photoVersion
      ? async () => {
          const data = await strainImageSource(opts.getDb(), product.id);
          if (!data) throw new Error(`photo of ${slug} is gone`);
          return data;
        }
      : undefined;
    const image = await renderProductImage({ svg, photo, key, width, dpr, format, cacheDir: opts.cacheDir });
    res.send(image);
  });
  return router;
}
