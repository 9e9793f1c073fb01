import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { pageWindow, type ReviewQuery, reviewQueryHref } from '../reviews.ts';

export function ReviewPagination({ page, pageCount, query }: { page: number; pageCount: number; query: ReviewQuery }) {
  const item = 'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium';
  const href = (n: number) => reviewQueryHref({ ...query, page: n });
  return (
    <nav aria-label={t.pagination} className="mt-8 flex flex-wrap items-center justify-center gap-1" data-testid="review-pagination">
      {page > 1 ? (
        <Link to={href(page - 1)} rel="prev" className={`${item} text-slate-700 hover:bg-slate-100`} aria-label={t.previous}>
          <ChevronLeft className="h-4 w-4" aria-hidden />
        </Link>
      ) : null}
      {pageWindow(page, pageCount).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={t.page(n)}
            className={`${item} ${n === page ? 'bg-primary-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} rel="next" className={`${item} text-slate-700 hover:bg-slate-100`} aria-label={t.next}>
          <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
