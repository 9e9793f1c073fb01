import { strainImageSrcSet, strainImageUrl } from '~/lib/image-urls.ts';

/**
 * A strain's photo or generated artwork, responsive through srcSet + sizes. Width and height reserve
 * the space before the file arrives (no layout shift); the neutral background shows meanwhile.
 */
export function StrainImage({
  slug,
  image,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
}: {
  slug: string;
  /** The version of the strain's uploaded photo, when known. */
  image?: string | null;
  alt: string;
  sizes: string;
  width: number;
  height: number;
  /** Above the fold (first cards, product photo): load at once and with high priority. */
  priority?: boolean;
  className?: string;
}) {
  return (
    <img
      src={strainImageUrl(slug, undefined, image)}
      srcSet={strainImageSrcSet(slug, image)}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={`bg-slate-200 object-cover${className ? ` ${className}` : ''}`}
    />
  );
}
