import { BadgeCheck, Languages } from 'lucide-react';
import { Link } from 'react-router';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { formatReviewDate } from '../reviews.ts';
import type { ReviewView } from '../reviews.server.ts';
import { HelpfulButton } from './helpful-button.tsx';
import { Stars } from './stars.tsx';

/** One review. User text is rendered as text (React escapes it); line breaks are kept with CSS. */
export function ReviewCard({
  review: r,
  voted,
  showProduct = false,
  headingLevel = 3,
}: {
  review: ReviewView;
  voted: boolean;
  showProduct?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" data-testid="review" aria-labelledby={`review-${r.id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars rating={r.rating} />
        <time dateTime={r.createdAt} className="text-sm text-slate-500">
          {formatReviewDate(r.createdAt)}
        </time>
      </div>
      <Heading id={`review-${r.id}-title`} className="mt-3 text-lg font-semibold text-slate-900">
        {r.title}
      </Heading>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="font-medium text-slate-800">{r.authorName}</span>
        {r.verified ? (
          <span className="inline-flex items-center gap-1 font-medium text-primary-800" title={t.verifiedHint} data-testid="verified">
            <BadgeCheck className="h-4 w-4" aria-hidden />
            {t.verified}
          </span>
        ) : null}
        {showProduct ? (
          <span>
            {t.about}{' '}
            <Link to={`/product/${r.product.slug}`} className="font-medium text-primary-800 underline-offset-2 hover:underline">
              {r.product.name}
            </Link>
          </span>
        ) : null}
      </p>
      <p className="mt-3 leading-relaxed whitespace-pre-line text-slate-700">{r.body}</p>
      {r.shopReply ? (
        <div className="mt-4 rounded-2xl bg-primary-50 p-4 ring-1 ring-primary-100" data-testid="shop-reply">
          <p className="text-sm font-semibold text-primary-900">{t.shopReply}</p>
          <p className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-700">{r.shopReply}</p>
        </div>
      ) : null}
      {r.language !== 'nl' && r.originalBody ? (
        <details className="group mt-3 text-sm" data-testid="translation">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1.5 text-slate-600 [&::-webkit-details-marker]:hidden">
            <Languages className="h-4 w-4" aria-hidden />
            {t.translatedFrom[r.language]} · <span className="font-medium text-secondary-700 underline underline-offset-2">{t.showOriginal}</span>
          </summary>
          <div className="mt-2 rounded-2xl bg-slate-50 p-4" lang={r.language}>
            <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.originalLabel[r.language]}</p>
            <p className="mt-1 font-semibold text-slate-900">{r.originalTitle}</p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{r.originalBody}</p>
          </div>
        </details>
      ) : null}
      <div className="mt-4 border-t border-slate-100 pt-4">
        <HelpfulButton reviewId={r.id} count={r.helpfulCount} voted={voted} />
      </div>
    </article>
  );
}
