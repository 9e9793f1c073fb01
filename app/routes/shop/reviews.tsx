import { ChevronLeft, ChevronRight, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { data, Form, Link, redirect, type ShouldRevalidateFunctionArgs, useLocation, useNavigation, useNavigationType, useSubmit } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { currentSession } from '~/modules/accounts/auth.server.ts';
import type { HelpfulAnswer } from '~/modules/reviews/components/helpful-button.tsx';
import { RatingSummary } from '~/modules/reviews/components/rating-summary.tsx';
import { ReviewCard } from '~/modules/reviews/components/review-card.tsx';
import { reviewsJsonLd } from '~/modules/reviews/reviews-json-ld.ts';
import { parseHelpfulForm } from '~/modules/reviews/reviews.schemas.ts';
import { allowHelpfulVote, listReviews, votedReviewIds, voteHelpful } from '~/modules/reviews/reviews.server.ts';
import { pageWindow, parseReviewQuery, REVIEW_PARAMS, REVIEW_SORTS, REVIEW_TYPES, type ReviewQuery, reviewQueryHref } from '~/modules/reviews/reviews.ts';
import { ensureVoter, voterFor } from '~/modules/reviews/visitor.server.ts';
import { safeRedirect } from '~/lib/routing.ts';
import { clientKey } from '~/lib/client-key.ts';
import { siteOrigin } from '~/lib/seo.ts';
import type { Route } from './+types/reviews.ts';
import { readForm } from '~/lib/form.server.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

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

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const { listing, query } = d;
  const origin = siteOrigin(matches);
  const p = listing.product;
  const canonical = `${origin}${reviewQueryHref({ product: query.product, page: query.page })}`;
  const title = `${p ? t.forStrain(p.name) : t.title}${query.page > 1 ? ` – ${t.page(query.page)}` : ''} | Kiemkracht`;
  // Filtered and sorted variants show the same reviews again: only the plain (paged) lists are indexed.
  const variant = query.stars.length > 0 || query.verified || query.type !== null || query.sort !== 'nieuwste';
  const crumbs = [
    { name: nl.nav.home, item: `${origin}/` },
    { name: t.title, item: `${origin}/beoordelingen` },
    ...(p ? [{ name: p.name, item: `${origin}${reviewQueryHref({ product: p.slug })}` }] : []),
  ];
  return [
    { title },
    { name: 'description', content: t.metaDescription(t.average(listing.summary.avg10), listing.summary.count) },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...(variant ? [{ name: 'robots', content: 'noindex, follow' }] : []),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
      },
    },
    // Reviews of one strain are reviews of a product; shop-wide reviews of the shop itself are not marked up (self-serving).
    ...(p && listing.summary.count > 0
      ? [
          {
            'script:ld+json': {
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: p.name,
              url: `${origin}/product/${p.slug}`,
              ...reviewsJsonLd(listing.summary, listing.items, { scale: true, keepEmptyList: true }),
            },
          },
        ]
      : []),
  ];
};

export default function ReviewsPage({ loaderData: { listing, query, voted } }: Route.ComponentProps) {
  const location = useLocation();
  const submit = useSubmit();
  const navigation = useNavigation();
  const navigationType = useNavigationType();
  const formRef = useRef<HTMLFormElement>(null);
  const p = listing.product;
  const busy = navigation.state === 'loading' && navigation.location?.pathname === '/beoordelingen';
  const filtered = query.stars.length > 0 || query.verified || query.type !== null;
  const clearHref = reviewQueryHref({ product: query.product, sort: query.sort });

  // Like the catalogue's filters: the inputs are uncontrolled; other navigations (page links, the bars,
  // "Filters wissen", back) set them from the address again.
  useEffect(() => {
    const form = formRef.current;
    if (!form || navigationType === 'REPLACE') return;
    for (const el of Array.from(form.elements)) {
      if (el instanceof HTMLInputElement && el.type === 'checkbox') {
        el.checked = el.name === REVIEW_PARAMS.stars ? query.stars.includes(Number(el.value)) : query.verified;
      } else if (el instanceof HTMLSelectElement) {
        el.value = el.name === REVIEW_PARAMS.sort ? query.sort : (query.type ?? '');
      }
    }
  }, [location.key, navigationType, query]);

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
          <Form
            method="get"
            action="/beoordelingen"
            id="review-filters"
            ref={formRef}
            preventScrollReset
            onChange={(e) => onChange(e.currentTarget)}
            aria-label={t.filters}
          >
            {query.product ? <input type="hidden" name={REVIEW_PARAMS.product} value={query.product} /> : null}
            <details
              className="group rounded-3xl bg-white ring-1 ring-slate-200 lg:[&::details-content]:block lg:[&::details-content]:[content-visibility:visible]"
              open={filtered || undefined}
            >
              <summary className="flex cursor-pointer list-none items-center gap-2 px-5 py-4 font-semibold text-slate-900 lg:pointer-events-none [&::-webkit-details-marker]:hidden">
                <SlidersHorizontal className="h-4 w-4" aria-hidden />
                {t.filters}
              </summary>
              <div className="space-y-5 px-5 pb-5">
                <fieldset>
                  <legend className="text-sm font-semibold text-slate-900">{t.filterStars}</legend>
                  <div className="mt-2 grid grid-cols-2 gap-1.5">
                    {[5, 4, 3, 2, 1].map((n) => (
                      <label key={n} className="flex items-center gap-2 text-sm text-slate-700">
                        <input
                          type="checkbox"
                          name={REVIEW_PARAMS.stars}
                          value={n}
                          defaultChecked={query.stars.includes(n)}
                          className="h-4 w-4 rounded border-slate-300 accent-primary-700"
                        />
                        {t.starsShort(n)}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    name={REVIEW_PARAMS.verified}
                    value="1"
                    defaultChecked={query.verified}
                    className="h-4 w-4 rounded border-slate-300 accent-primary-700"
                  />
                  {t.verifiedOnly}
                </label>
                {p ? null : (
                  <label className="block">
                    <span className="text-sm font-semibold text-slate-900">{t.filterType}</span>
                    <select
                      name={REVIEW_PARAMS.type}
                      defaultValue={query.type ?? ''}
                      className="mt-2 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm"
                    >
                      <option value="">{t.anyType}</option>
                      {REVIEW_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {catalogText.types[type]}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                <div className="flex flex-wrap gap-2">
                  <button type="submit" className={buttonClass('primary', 'md', 'js:hidden')}>
                    {t.apply}
                  </button>
                  {filtered ? (
                    <Link to={clearHref} className={buttonClass('secondary')} data-testid="clear-filters">
                      <X className="h-4 w-4" aria-hidden />
                      {t.clear}
                    </Link>
                  ) : null}
                </div>
              </div>
            </details>
          </Form>
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
                {REVIEW_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {t.sorts[s]}
                  </option>
                ))}
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
          {listing.pageCount > 1 ? <Pagination page={listing.page} pageCount={listing.pageCount} query={query} /> : null}
        </section>
      </div>
    </>
  );
}

function Pagination({ page, pageCount, query }: { page: number; pageCount: number; query: ReviewQuery }) {
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
