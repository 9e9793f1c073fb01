import { data } from 'react-router';
import { productListing } from '~/modules/catalog/catalog.server.ts';
import { pageQueryHref } from '~/modules/catalog/catalog-params.ts';
import { ProductListing } from '~/modules/catalog/components/product-listing.tsx';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { canonicalLink } from '~/lib/seo.ts';
import type { Route } from './+types/all-strains.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

// /collections/all: every strain as one collection (the address shops commonly use); canonical is /product.
export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = await productListing(context.db, request);
  if (!listing) throw data(null, { status: 404 });
  return listing;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${catalogText.allStrains} | Kiemkracht` },
  { name: 'description', content: catalogText.allStrainsIntro },
  canonicalLink(matches, '/product'),
];

export default function AllStrains({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={catalogText.allStrains} intro={catalogText.allStrainsIntro} />
      <ProductListing data={loaderData} pageHref={(n, search) => pageQueryHref('/collections/all', n, search)} />
    </>
  );
}
