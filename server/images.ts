import express, { type Request, type Response } from 'express';
import type { Db } from '../app/db/client.server.ts';
import { images as t } from '../app/i18n/nl/images.ts';
import { loadCatalogue } from '../app/modules/catalog/catalog.server.ts';
import { strainArtworkSvg } from '../app/modules/images/artwork.ts';
import { ARTWORK_VERSION, type ImageWidth } from '../app/modules/images/image-urls.ts';
import { artworkKey, IMAGE_CONTENT_TYPES, IMAGE_WIDTHS, negotiateFormat, renderProductImage } from '../app/modules/images/images.server.ts';

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
 * GET /images/strains/:slug?w=<breakpoint>&dpr=1|2 — the strain's generated artwork in the best
 * format the browser accepts. Renders once per file and serves it from the disk cache afterwards.
 */
export function imageRoutes(opts: { getDb: () => Db; cacheDir: string }) {
  const router = express.Router();
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
    const key = artworkKey(slug, svg, ARTWORK_VERSION);
    const format = negotiateFormat(req.get('accept'));
    res.vary('Accept');
    res.set({
      'Content-Type': IMAGE_CONTENT_TYPES[format],
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${key}-${width}x${dpr}-${format}"`,
    });
    // A revalidating browser or CDN gets a 304 without the image being read or rendered.
    if (req.fresh) return void res.status(304).end();

    const image = await renderProductImage({ svg, key, width, dpr, format, cacheDir: opts.cacheDir });
    res.send(image);
  });
  return router;
}
