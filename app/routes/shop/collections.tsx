import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryIcon } from '~/components/layout/category-icon.tsx';
import { listCollections } from '~/modules/catalog/catalog.server.ts';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import type { Route } from './+types/collections.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

export async function loader({ context }: Route.LoaderArgs) {
  return { collections: await listCollections(context.db) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${catalogText.collections} | Kiemkracht` },
  { name: 'description', content: catalogText.collectionsIntro },
];

export default function Collections({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={catalogText.collections} intro={catalogText.collectionsIntro} />
      <ul className="container-page grid gap-4 py-10 sm:grid-cols-2">
        {loaderData.collections.map((c) => (
          <li key={c.slug}>
            <Link
              to={`/collecties/${c.slug}`}
              className="group flex h-full gap-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200 transition hover:shadow-md hover:ring-primary-300"
            >
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
                <CategoryIcon name={c.icon} className="h-6 w-6" />
              </span>
              <span className="flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold text-slate-900">{c.name}</span>
                  <span className="text-sm text-slate-500">{catalogText.strainsInCollection(c.count)}</span>
                </span>
                <span className="mt-1 block text-sm text-slate-600">{c.description}</span>
                <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800">
                  {catalogText.viewCollection}
                  <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" aria-hidden />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
