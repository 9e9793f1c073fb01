import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { product as t } from '~/i18n/nl/product.ts';
import { nl } from '~/i18n/nl.ts';

/** Home › all strains › the strain's first collection, if any › the strain. */
export function ProductBreadcrumb({ name, collection }: { name: string; collection: { slug: string; name: string } | undefined }) {
  return (
  <nav aria-label={t.breadcrumb} className="text-sm text-slate-600">
    <ol className="flex flex-wrap items-center gap-1">
      <li>
        <Link to="/" className="hover:text-primary-800">
          {nl.nav.home}
        </Link>
      </li>
      <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
      <li>
        <Link to="/product" className="hover:text-primary-800">
          {catalogText.allStrains}
        </Link>
      </li>
      {collection ? (
        <>
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          <li>
            <Link to={`/collecties/${collection.slug}`} className="hover:text-primary-800">
              {collection.name}
            </Link>
          </li>
        </>
      ) : null}
      <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
      <li aria-current="page" className="font-medium text-slate-900">
        {name}
      </li>
    </ol>
  </nav>
  );
}
