import type { MetaDescriptor } from 'react-router';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { nl } from '~/i18n/nl.ts';
import type { productPage } from './catalog.server.ts';

type ProductPageData = NonNullable<Awaited<ReturnType<typeof productPage>>>;

/**
 * The product page's title, Open Graph tags and JSON-LD (Product with its offers, breadcrumbs). The
 * image's address and the reviews' JSON-LD come from their own modules.
 */
export function productMeta(d: ProductPageData, { origin, imagePath, reviewsLd }: { origin: string; imagePath: string; reviewsLd: object }): MetaDescriptor[] {
  const { strain: s, currency, packs } = d;
  const url = `${origin}/product/${s.slug}`;
  const image = `${origin}${imagePath}`;
  // The offer range is what can be bought now; a sold-out strain still shows its list prices.
  const inStock = packs.filter((p) => p.stock > 0);
  const prices = (inStock.length ? inStock : packs).map((p) => p.price);
  const crumbs = [
    { name: nl.nav.home, item: `${origin}/` },
    { name: catalogText.allStrains, item: `${origin}/product` },
    ...(d.collections[0] ? [{ name: d.collections[0].name, item: `${origin}/collecties/${d.collections[0].slug}` }] : []),
    { name: s.name, item: url },
  ];
  return [
    { title: `${s.name} zaden | Kiemkracht` },
    { name: 'description', content: s.summary },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: s.name },
    { property: 'og:description', content: s.summary },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: s.name,
        description: s.summary,
        image,
        sku: s.slug,
        brand: { '@type': 'Brand', name: s.breeder },
        ...reviewsLd,
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: currency,
          lowPrice: (Math.min(...prices) / 100).toFixed(2),
          highPrice: (Math.max(...prices) / 100).toFixed(2),
          offerCount: prices.length,
          availability: packs.some((p) => p.stock > 0) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      },
    },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
      },
    },
  ];
}
