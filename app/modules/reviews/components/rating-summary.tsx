import { Link } from 'react-router';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import type { RatingSummary as Summary } from '../reviews.ts';
import { Stars } from './stars.tsx';

/**
 * The average, its stars and count, and a bar per star. With `starHref` each bar links to the listing
 * filtered on that star (the bars are then also the star filter, as in most shops).
 */
export function RatingSummary({
  summary,
  starHref,
  activeStars = [],
  headingLevel = 3,
  className = '',
}: {
  summary: Summary;
  starHref?: (stars: number) => string;
  activeStars?: number[];
  /** The level of its (visually hidden) heading in the page's outline. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6 ${className}`} data-testid="rating-summary">
      <div className="flex items-center gap-4">
        <p className="text-5xl font-extrabold tracking-tight text-slate-900 tabular-nums">
          {t.average(summary.avg10)}
          <span className="sr-only"> {t.outOfFive}</span>
        </p>
        <div>
          <Stars rating={summary.avg10 / 10} size="lg" />
          <p className="mt-1 text-sm text-slate-600">{t.basedOn(summary.count)}</p>
        </div>
      </div>
      {summary.count > 0 ? <p className="mt-3 text-sm font-medium text-primary-800">{t.recommendShop(summary.positive)}</p> : null}
      <Heading className="sr-only">{t.distribution}</Heading>
      <ul className="mt-4 space-y-1.5" data-testid="distribution">
        {summary.distribution.map((d) => {
          const row = (
            <>
              <span className="w-16 shrink-0 text-sm text-slate-700">{t.starsShort(d.stars)}</span>
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${d.percent}%` }} />
              </span>
              <span className="w-10 shrink-0 text-right text-sm text-slate-600 tabular-nums" aria-hidden>
                {d.count}
              </span>
              <span className="sr-only">{t.distributionRow(d.stars, d.count, d.percent)}</span>
            </>
          );
          const active = activeStars.includes(d.stars);
          return (
            <li key={d.stars} data-count={d.count}>
              {starHref && d.count > 0 ? (
                <Link
                  to={starHref(d.stars)}
                  preventScrollReset
                  aria-current={active ? 'true' : undefined}
                  className={`-mx-2 flex items-center gap-3 rounded-lg px-2 py-1 hover:bg-slate-50 ${active ? 'bg-amber-50 ring-1 ring-amber-200' : ''}`}
                >
                  {row}
                </Link>
              ) : (
                <div className="flex items-center gap-3 py-1">{row}</div>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
