import { PenLine } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { reviewQueryHref, type RatingSummary as Summary } from '../reviews.ts';
import type { ReviewView } from '../reviews.server.ts';
import { RatingSummary } from './rating-summary.tsx';
import { ReviewCard } from './review-card.tsx';

export type ProductReviewsData = { summary: Summary; items: ReviewView[]; voted: number[] };

/**
 * The product page's "Beoordelingen" tab: the strain's summary and distribution, its most helpful
 * reviews, and links to all of them and to the review form. Loaded lazily (ADR 013): its HTML is
 * server-rendered, its code stays out of the product page's first-load JavaScript.
 */
export default function ProductReviews({ slug, name, data }: { slug: string; name: string; data: ProductReviewsData }) {
  const all = reviewQueryHref({ product: slug });
  const write = (
    <Link to={`/product/${slug}/beoordelen`} className={buttonClass(data.summary.count ? 'secondary' : 'primary', 'md')} data-testid="write-review">
      <PenLine className="h-4 w-4" aria-hidden />
      {t.write.cta}
    </Link>
  );
  if (data.summary.count === 0) {
    return (
      <div className="max-w-xl rounded-3xl bg-white p-6 ring-1 ring-slate-200" data-testid="product-reviews">
        <h2 className="text-lg font-semibold text-slate-900">{t.tab.none}</h2>
        <p className="mt-1 text-slate-600">{t.tab.beFirst}</p>
        <div className="mt-4">{write}</div>
      </div>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[320px_1fr]" data-testid="product-reviews">
      <div className="space-y-4">
        <h2 className="text-xl font-bold text-slate-900">{t.tab.heading(name)}</h2>
        <RatingSummary summary={data.summary} starHref={(stars) => reviewQueryHref({ product: slug, stars: [stars] })} />
        <div className="flex flex-wrap gap-2">{write}</div>
      </div>
      <div>
        <h3 className="sr-only">{t.tab.mostHelpful}</h3>
        <ul className="space-y-4">
          {data.items.map((r) => (
            <li key={r.id}>
              <ReviewCard review={r} voted={data.voted.includes(r.id)} />
            </li>
          ))}
        </ul>
        <Link to={all} className={buttonClass('primary', 'md', 'mt-5')} data-testid="all-reviews">
          {t.tab.readAll(data.summary.count)}
        </Link>
      </div>
    </div>
  );
}
