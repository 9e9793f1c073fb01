import { Check, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { fromPrice, type ProductCardData, toCard } from '~/modules/catalog/catalog.ts';
import { ProductCard } from '~/components/product-card.tsx';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { regionForRequest } from '~/lib/regions.server.ts';
import { SeedfinderQuiz } from '~/modules/seedfinder/components/seedfinder-quiz.tsx';
import { parseAnswers } from '~/modules/seedfinder/seedfinder.schemas.ts';
import { hasAnswers, rankStrains } from '~/modules/seedfinder/seedfinder.ts';
import { canonicalLink } from '~/lib/seo.ts';
import type { Route } from './+types/seedfinder.ts';

// The quiz is a GET form, so answers live in the URL: shareable, bookmarkable and usable without JavaScript.
export async function loader({ request, context }: Route.LoaderArgs) {
  const answers = parseAnswers(new URL(request.url).searchParams);
  if (!hasAnswers(answers)) return { answers, results: null };
  const [{ products }, region] = await Promise.all([loadCatalogue(context.db), regionForRequest(context.db, request)]);
  // Recommend only what can be ordered now; a sold-out best match would only disappoint.
  const forSale = products.filter((p) => fromPrice(p, region.currency) !== null);
  return {
    answers,
    results: rankStrains(forSale, answers).map(({ product, reasons }) => ({ card: toCard(product, region.currency), reasons })),
  };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  { title: `${seedfinder.metaTitle} | Kiemkracht` },
  { name: 'description', content: seedfinder.metaDescription },
  canonicalLink(matches, location.pathname),
  // Every combination of answers is its own URL; only the empty quiz belongs in search engines.
  ...(location.search ? [{ name: 'robots', content: 'noindex, follow' }] : []),
];

function Results({ results }: { results: { card: ProductCardData; reasons: string[] }[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After a client-side submit, move focus (and the screen reader) to the answer. On the first
    // page load root has not marked the document hydrated yet, so focus stays where the browser put it.
    if (document.documentElement.dataset.hydrated) heading.current?.focus();
  }, []);

  return (
    <section className="container-page pt-10" aria-labelledby="seedfinder-matches">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="seedfinder-matches" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none sm:text-3xl">
            {seedfinder.resultsTitle}
          </h2>
          <p className="mt-2 text-slate-600">{results.length ? seedfinder.resultsIntro : seedfinder.noResults}</p>
        </div>
        <Link to="/seedfinder" className={buttonClass('secondary')}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          {seedfinder.restart}
        </Link>
      </div>
      {results.length ? (
        <ol className="mt-6 grid gap-5 lg:grid-cols-2" data-testid="seedfinder-results">
          {results.map(({ card, reasons }, i) => (
            <li key={card.slug} className="flex flex-col gap-2">
              <span className="text-xs font-semibold tracking-wide text-primary-700 uppercase">{seedfinder.rank(i + 1)}</span>
              <ProductCard p={card} variant="inline" priority={i < 2} />
              {reasons.length ? (
                <ul aria-label={seedfinder.whyLabel(card.name)} className="grid gap-1.5 rounded-2xl bg-primary-50 px-4 py-3 text-sm text-primary-950 sm:grid-cols-2">
                  {reasons.map((r) => (
                    <li key={r} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary-700" strokeWidth={3} aria-hidden />
                      {r}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

export default function Seedfinder({ loaderData }: Route.ComponentProps) {
  const { answers, results } = loaderData;
  // A new search starts the quiz afresh with the answers from the URL preselected.
  const { search } = useLocation();
  return (
    <>
      <PageHeader title={seedfinder.title} intro={seedfinder.intro} />
      {results ? <Results key={`results${search}`} results={results} /> : null}
      <SeedfinderQuiz key={`quiz${search}`} answers={answers} again={results !== null} />
    </>
  );
}
