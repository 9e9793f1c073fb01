import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { smallButton } from './styles.ts';

// The parts every back-office list page has: the filter form's buttons, the bar above the table and the pager.

export function FilterButtons({ apply, reset, resetTo }: { apply: string; reset: string; resetTo: string }) {
  return (
    <>
      <button type="submit" className={`${smallButton.primary} flex-1`}>
        {apply}
      </button>
      <Link to={resetTo} className={smallButton.secondary}>
        {reset}
      </Link>
    </>
  );
}

export function ListBar({ count, countTestId, page, pageCount }: { count: string; countTestId: string; page: number; pageCount: number }) {
  return (
    <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2 text-sm text-slate-600">
      <span data-testid={countTestId}>{count}</span>
      <span>{t.pager.page(page, pageCount)}</span>
    </div>
  );
}

/** Previous / next links (plain links: they work without JavaScript); nothing when there is one page. */
export function Pager({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t.pager.page(page, pageCount)} className="flex justify-between border-t border-slate-200 px-4 py-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={smallButton.secondary} rel="prev">
          <ChevronLeft className="h-4 w-4" aria-hidden /> {t.pager.previous}
        </Link>
      ) : (
        <span />
      )}
      {page < pageCount ? (
        <Link to={href(page + 1)} className={smallButton.secondary} rel="next">
          {t.pager.next} <ChevronRight className="h-4 w-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
