import { strainImageSrcSet, strainImageUrl } from '~/modules/images/image-urls.ts';

/**
 * A strain's generated artwork, responsive through srcSet + sizes. Width and height reserve
 * the space before the file arrives (no layout shift); the neutral background shows meanwhile.
 */
export function StrainImage({
  slug,
  alt,
  sizes,
  width,
  height,
  priority = false,
  className,
}: {
  slug: string;
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
      src={strainImageUrl(slug)}
      srcSet={strainImageSrcSet(slug)}
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
