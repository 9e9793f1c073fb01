import { data } from 'react-router';
import { productListing } from '~/modules/catalog/catalog.server.ts';
import { pageQueryHref } from '~/modules/catalog/catalog-params.ts';
import { SearchForm } from '~/modules/catalog/components/search-form.tsx';
import { ProductListing } from '~/modules/catalog/components/product-listing.tsx';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { canonicalLink } from '~/lib/seo.ts';
import type { Route } from './+types/products.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = await productListing(context.db, request);
  if (!listing) throw data(null, { status: 404 });
  return listing;
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${catalogText.allStrains} | Kiemkracht` },
  { name: 'description', content: catalogText.allStrainsIntro },
  canonicalLink(matches, location.pathname),
];

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={loaderData.q ? catalogText.searchTitle(loaderData.q) : catalogText.allStrains} intro={loaderData.q ? undefined : catalogText.allStrainsIntro} />
      <div className="container-page max-w-xl pt-6">
        <SearchForm key={loaderData.q} defaultValue={loaderData.q} />
      </div>
      <ProductListing data={loaderData} pageHref={(n, search) => pageQueryHref('/product', n, search)} />
    </>
  );
}

