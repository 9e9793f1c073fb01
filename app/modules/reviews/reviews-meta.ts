import type { MetaDescriptor } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { reviewsJsonLd } from './reviews-json-ld.ts';
import type { listReviews } from './reviews.server.ts';
import { type ReviewQuery, reviewQueryHref } from './reviews.ts';

type ReviewListing = NonNullable<Awaited<ReturnType<typeof listReviews>>>;

/** The review list's title, canonical address, robots and JSON-LD (breadcrumbs; one strain's reviews as a Product). */
export function reviewsMeta(listing: ReviewListing, query: ReviewQuery, origin: string): MetaDescriptor[] {
  const p = listing.product;
  const canonical = `${origin}${reviewQueryHref({ product: query.product, page: query.page })}`;
  const title = `${p ? t.forStrain(p.name) : t.title}${query.page > 1 ? ` – ${t.page(query.page)}` : ''} | Kiemkracht`;
  // Filtered and sorted variants show the same reviews again: only the plain (paged) lists are indexed.
  const variant = query.stars.length > 0 || query.verified || query.type !== null || query.sort !== 'nieuwste';
  const crumbs = [
    { name: nl.nav.home, item: `${origin}/` },
    { name: t.title, item: `${origin}/beoordelingen` },
    ...(p ? [{ name: p.name, item: `${origin}${reviewQueryHref({ product: p.slug })}` }] : []),
  ];
  return [
    { title },
    { name: 'description', content: t.metaDescription(t.average(listing.summary.avg10), listing.summary.count) },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...(variant ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
      },
    },
    // Reviews of one strain are reviews of a product; shop-wide reviews of the shop itself are not marked up (self-serving).
    ...(p && listing.summary.count > 0
      ? [
          {
            'script:ld+json': {
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: p.name,
              url: `${origin}/product/${p.slug}`,
              ...reviewsJsonLd(listing.summary, listing.items, { scale: true, keepEmptyList: true }),
            },
          },
        ]
      : []),
  ];
}
