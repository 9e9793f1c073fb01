import { ThumbsUp } from 'lucide-react';
import { useFetcher, useLocation } from 'react-router';
import { JsField } from '~/components/js-field.tsx';
import { usePersonalVotes } from '~/components/shop-context.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';

export type HelpfulAnswer = { ok: boolean; helpfulCount: number | null; voted: boolean; error: string | null };

/**
 * "Nuttig": a plain post to /beoordelingen without JavaScript (the visitor comes back to this page), a
 * fetcher with it. Counts once per visitor; after voting the button stays pressed (aria-pressed).
 */
export function HelpfulButton({ reviewId, count, voted }: { reviewId: number; count: number; voted: boolean }) {
  const fetcher = useFetcher<HelpfulAnswer>({ key: `helpful-${reviewId}` });
  const location = useLocation();
  const pending = fetcher.state !== 'idle';
  const answer = fetcher.data;
  // A cached page's vote of a logged-in customer comes with the page (ADR 047).
  const personalVotes = usePersonalVotes();
  const votedBefore = voted || personalVotes.includes(reviewId);
  const pressed = votedBefore || pending || !!answer?.voted;
  const shown = answer?.helpfulCount ?? (pending && !votedBefore ? count + 1 : count);
  return (
    <fetcher.Form method="post" action="/beoordelingen" className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="helpful">
      <input type="hidden" name="reviewId" value={reviewId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <JsField />
      <span className="text-sm text-slate-600">{t.helpfulQuestion}</span>
      <button
        // Marked and first for the page cache, which presses a logged-in customer's votes (ADR 047).
        data-vote={reviewId}
        aria-pressed={pressed}
        suppressHydrationWarning
        type="submit"
        disabled={pressed && (pending || !!answer?.voted)}
        className="group inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none aria-pressed:bg-primary-50 aria-pressed:text-primary-800 aria-pressed:ring-primary-200"
      >
        <ThumbsUp className="h-4 w-4 group-aria-pressed:fill-current" aria-hidden />
        {t.helpful}
        <span className="tabular-nums" data-testid="helpful-count">
          ({shown})
        </span>
      </button>
      <span role="status" className="text-sm text-primary-800">
        {answer?.error ? <span className="text-red-700">{answer.error}</span> : answer?.voted ? t.helpfulThanks : null}
      </span>
    </fetcher.Form>
  );
}
