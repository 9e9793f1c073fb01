import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

/** Page links for a listing (catalogue, blog, author): plain links, so paging works without JavaScript. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  const item = 'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium';
  return (
    <nav aria-label={catalogText.pagination} className="mt-8 flex items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${item} text-slate-700 hover:bg-slate-100`} aria-label={catalogText.previous}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Link>
      ) : null}
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
        <Link
          key={n}
          to={href(n)}
          aria-current={n === page ? 'page' : undefined}
          aria-label={catalogText.page(n)}
          className={`${item} ${n === page ? 'bg-primary-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {n}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={`${item} text-slate-700 hover:bg-slate-100`} aria-label={catalogText.next}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
