import { ChevronLeft } from 'lucide-react';
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useNavigation, useSubmit } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { currentSession } from '~/modules/accounts/auth.server.ts';
import type { HelpfulAnswer } from '~/modules/reviews/components/helpful-button.tsx';
import { RatingSummary } from '~/modules/reviews/components/rating-summary.tsx';
import { ReviewCard } from '~/modules/reviews/components/review-card.tsx';
import { ReviewFilters } from '~/modules/reviews/components/review-filters.tsx';
import { ReviewPagination } from '~/modules/reviews/components/review-pagination.tsx';
import { reviewsMeta } from '~/modules/reviews/reviews-meta.ts';
import { parseHelpfulForm } from '~/modules/reviews/reviews.schemas.ts';
import { allowHelpfulVote, listReviews, votedReviewIds, voteHelpful } from '~/modules/reviews/reviews.server.ts';
import { parseReviewQuery, REVIEW_PARAMS, REVIEW_SORTS, reviewQueryHref } from '~/modules/reviews/reviews.ts';
import { ensureVoter, voterFor } from '~/modules/reviews/visitor.server.ts';
import { safeRedirect } from '~/lib/routing.ts';
import { clientKey } from '~/lib/client-key.ts';
import { siteOrigin } from '~/lib/seo.ts';
import type { Route } from './+types/reviews.ts';
import { readForm } from '~/lib/form.server.ts';
import { Options } from '~/components/ui/options.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseReviewQuery(url.searchParams);
  const [listing, session] = await Promise.all([listReviews(context.db, query), currentSession(context.db, request)]);
  if (!listing) throw data(null, { status: 404 });
  const voted = await votedReviewIds(
    context.db,
    voterFor(request, session?.user.id ?? null),
    listing.items.map((r) => r.id),
  );
  return { listing, query, voted };
}

// A vote answers with its own count: the list need not load again.
export function shouldRevalidate({ formMethod, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === 'POST' && formAction === '/beoordelingen' ? false : defaultShouldRevalidate;
}

/**
 * THE "Nuttig" action, for this page and the product tab. An enhanced form (`js=1`) gets the new count;
 * a plain post goes back to `redirectTo` (same site only) with a flash message. A guest's first vote sets
 * the anonymous visitor cookie. Bad input is a 400 with a message, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get('redirectTo'), '/beoordelingen');
  const reviewId = parseHelpfulForm(form);
  const headers = new Headers();
  let status = 200;
  let answer: HelpfulAnswer;
  if (reviewId === null) {
    status = 400;
    answer = { ok: false, helpfulCount: null, voted: false, error: t.helpfulUnknown };
  } else if (!(await allowHelpfulVote(context.db, clientKey(request.headers)))) {
    status = 429;
    answer = { ok: false, helpfulCount: null, voted: false, error: t.helpfulLimited };
  } else {
    const userId = (await currentSession(context.db, request))?.user.id ?? null;
    const { voter, cookie } = ensureVoter(request, userId);
    if (cookie) headers.append('Set-Cookie', cookie);
    const vote = await voteHelpful(context.db, reviewId, voter, userId);
    if (vote.ok) answer = { ok: true, helpfulCount: vote.helpfulCount, voted: true, error: null };
    else {
      status = vote.reason === 'own' ? 403 : 404;
      answer = { ok: false, helpfulCount: null, voted: false, error: vote.reason === 'own' ? t.helpfulOwn : t.helpfulUnknown };
    }
  }
  if (form.get('js') === '1') return data(answer, { status, headers });
  headers.append('Set-Cookie', flashCookie(request, { title: answer.error ?? t.helpfulThanks }));
  return redirect(back, { headers });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => (d ? reviewsMeta(d.listing, d.query, siteOrigin(matches)) : []);

export default function ReviewsPage({ loaderData: { listing, query, voted } }: Route.ComponentProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const p = listing.product;
  const busy = navigation.state === 'loading' && navigation.location?.pathname === '/beoordelingen';
  const filtered = query.stars.length > 0 || query.verified || query.type !== null;
  const clearHref = reviewQueryHref({ product: query.product, sort: query.sort });

  const onChange = (form: HTMLFormElement | null) => form && submit(form, { preventScrollReset: true, replace: true });

  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-10">
          {p ? (
            <Link to={`/product/${p.slug}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
              <ChevronLeft className="h-4 w-4" aria-hidden />
              {t.backToStrain(p.name)}
            </Link>
          ) : null}
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{p ? t.forStrain(p.name) : t.title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600">{t.intro}</p>
        </div>
      </header>

      <div className="container-page grid gap-8 py-8 lg:grid-cols-[300px_1fr]">
        <aside className="space-y-4">
          <RatingSummary
            summary={listing.summary}
            headingLevel={2}
            activeStars={query.stars}
            starHref={(stars) => reviewQueryHref({ ...query, stars: query.stars.length === 1 && query.stars[0] === stars ? [] : [stars], page: 1 })}
          />
          <ReviewFilters query={query} forStrain={!!p} filtered={filtered} clearHref={clearHref} onChange={onChange} />
          {p ? (
            <Link to="/beoordelingen" className="inline-block text-sm font-medium text-primary-800 hover:underline">
              {t.allStrains}
            </Link>
          ) : null}
        </aside>

        <section
          aria-busy={busy}
          aria-labelledby="review-results"
          className={busy ? 'opacity-60 transition-opacity' : undefined}
          data-testid="review-results"
          data-query={reviewQueryHref(query)}
        >
          <h2 id="review-results" className="sr-only">
            {t.resultsHeading}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-600" role="status" data-testid="review-count">
              {t.results(listing.total)}
              {listing.pageCount > 1 ? ` · ${t.pageOf(listing.page, listing.pageCount)}` : ''}
            </p>
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t.sortLabel}
              <select
                name={REVIEW_PARAMS.sort}
                form="review-filters"
                defaultValue={query.sort}
                onChange={(e) => onChange(e.currentTarget.form)}
                className="rounded-xl border border-slate-300 bg-white px-3 py-2"
              >
                <Options items={REVIEW_SORTS} label={(s) => t.sorts[s]} />
              </select>
            </label>
          </div>

          {listing.items.length === 0 ? (
            <div className="mt-6 rounded-3xl bg-white p-8 text-center ring-1 ring-slate-200" data-testid="no-reviews">
              <p className="font-semibold text-slate-900">{t.none}</p>
              <p className="mt-1 text-sm text-slate-600">{t.noneHint}</p>
              {filtered ? (
                <Link to={clearHref} className={buttonClass('secondary', 'md', 'mt-4')}>
                  {t.clear}
                </Link>
              ) : null}
            </div>
          ) : (
            <ul className="mt-4 space-y-4" data-testid="review-list">
              {listing.items.map((r) => (
                <li key={r.id}>
                  <ReviewCard review={r} voted={voted.includes(r.id)} showProduct={!p} />
                </li>
              ))}
            </ul>
          )}
          {listing.pageCount > 1 ? <ReviewPagination page={listing.page} pageCount={listing.pageCount} query={query} /> : null}
        </section>
      </div>
    </>
  );
}
