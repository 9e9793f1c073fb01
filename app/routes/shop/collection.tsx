import { data } from 'react-router';
import { getCollection, productListing } from '~/modules/catalog/catalog.server.ts';
import { collectionPageHref } from '~/modules/catalog/catalog-params.ts';
import { ProductListing } from '~/modules/catalog/components/product-listing.tsx';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { canonicalLink } from '~/lib/seo.ts';
import type { Route } from './+types/collection.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

// /collecties/{slug} and /collecties/{slug}/{page}: the page number is in the path; out of range is 404.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const collection = await getCollection(context.db, params.slug);
  const pageParam = params.page;
  const page = pageParam === undefined ? 1 : /^[1-9]\d{0,4}$/.test(pageParam) ? Number(pageParam) : NaN;
  // Page 1 has one address: /collecties/{slug}.
  if (!collection || Number.isNaN(page) || pageParam === '1') throw data(null, { status: 404 });
  const listing = await productListing(context.db, request, { collection: collection.slug, page });
  if (!listing) throw data(null, { status: 404 });
  return { collection, listing };
}

export const meta: Route.MetaFunction = ({ data: d, params, matches }) =>
  d
    ? [
        { title: `${d.collection.name}${d.listing.page > 1 ? ` – ${catalogText.page(d.listing.page)}` : ''} | Kiemkracht` },
        { name: 'description', content: d.collection.description },
        canonicalLink(matches, `/collecties/${params.slug}${d.listing.page > 1 ? `/${d.listing.page}` : ''}`),
      ]
    : [];

export default function Collection({ loaderData: { collection, listing } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={collection.name} intro={collection.description} />
      <ProductListing data={listing} pageHref={(n, search) => collectionPageHref(collection.slug, n, search)} />
    </>
  );
}
