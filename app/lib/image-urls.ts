// Image URLs for the browser; kept free of server code so components can import it.

/** SPEC §9 breakpoints (xs…2xl); the image route only renders these widths. */
export const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * Bump when the artwork generator or the encoder settings change. It is part of the disk-cache
 * key and of every URL, so neither the server nor browsers (the URLs are cached as immutable) keep old images.
 */
export const ARTWORK_VERSION = 2;

const DEFAULT_IMAGE_WIDTH: ImageWidth = 640;

/** `image`: the version of the strain's uploaded photo, when the page knows it (the URL then never goes stale). */
export function strainImageUrl(slug: string, width: ImageWidth = DEFAULT_IMAGE_WIDTH, image?: string | null): string {
  return `/images/strains/${encodeURIComponent(slug)}?w=${width}&v=${ARTWORK_VERSION}${image ? `&i=${encodeURIComponent(image)}` : ''}`;
}

/**
 * Every width with a `w` descriptor. No `dpr=2` entries: with `sizes` the browser already
 * multiplies by its pixel ratio and picks a wider file, so 2× screens are covered up to 768 CSS px.
 */
export function strainImageSrcSet(slug: string, image?: string | null): string {
  return IMAGE_WIDTHS.map((w) => `${strainImageUrl(slug, w, image)} ${w}w`).join(', ');
}
