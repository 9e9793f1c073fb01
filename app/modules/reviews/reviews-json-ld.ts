// schema.org markup for reviews (ADR 013), shared by the product page and /beoordelingen. Pure: routes pass
// what their loaders read, and the result is spread into their Product JSON-LD.
import type { ReviewView } from './reviews.server.ts';

export type JsonLdReview = Pick<ReviewView, 'title' | 'body' | 'createdAt' | 'authorName' | 'rating'>;

export type ReviewsJsonLdOptions = {
  /** Adds bestRating/worstRating to the AggregateRating (/beoordelingen; the product page leaves schema.org's defaults). */
  scale?: boolean;
  /** Gives `review` even when no review is shown (/beoordelingen with a star filter that matches none). */
  keepEmptyList?: boolean;
};

/**
 * A Product's `aggregateRating` (when there are reviews; `avg10` is the average × 10) and `review` (the reviews
 * shown, when there are any), as properties to spread into the Product object.
 */
export function reviewsJsonLd(rating: { avg10: number; count: number }, reviews: readonly JsonLdReview[], { scale = false, keepEmptyList = false }: ReviewsJsonLdOptions = {}) {
  return {
    ...(rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.avg10 / 10, reviewCount: rating.count, ...(scale ? { bestRating: 5, worstRating: 1 } : {}) } }
      : {}),
    ...(reviews.length > 0 || keepEmptyList
      ? {
          review: reviews.map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.body,
            datePublished: r.createdAt.slice(0, 10),
            author: { '@type': 'Person', name: r.authorName },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
