import { Check, ChevronLeft, ChevronRight, RotateCcw } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form, Link, useLocation, useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { fromPrice, type ProductCardData, toCard } from '~/modules/catalog/catalog.ts';
import { ProductCard } from '~/modules/catalog/components/product-card.tsx';
import { PageHeader } from '~/modules/content/components/content-blocks.tsx';
import { regionForRequest } from '~/modules/regions/regions.server.ts';
import { QuestionFieldset, useHydrated } from '~/modules/seedfinder/components/question-fieldset.tsx';
import { parseAnswers } from '~/modules/seedfinder/seedfinder.schemas.ts';
import { type Answers, hasAnswers, QUESTION_TEXT, QUESTIONS, rankStrains } from '~/modules/seedfinder/seedfinder.ts';
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

/**
 * All nine questions in one GET form. Server-rendered they are all visible, so the quiz works
 * without JavaScript; once hydrated it becomes a stepper that only hides fieldsets, never removes them,
 * so every answer is still part of the submitted form.
 */
function Quiz({ answers, again }: { answers: Answers; again: boolean }) {
  const navigate = useNavigate();
  const enhanced = useHydrated();
  const [step, setStep] = useState(0);
  const fieldsets = useRef<(HTMLFieldSetElement | null)[]>([]);
  const moved = useRef(false);
  const last = QUESTIONS.length - 1;
  useEffect(() => {
    // Move focus to the new question so keyboard and screen-reader users follow along.
    if (moved.current) fieldsets.current[step]?.focus();
  }, [step]);
  const go = (to: number) => {
    moved.current = true;
    setStep(Math.min(Math.max(to, 0), last));
  };

  // Leave out "no preference" answers, so the results URL only holds real choices.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(e.currentTarget)) if (typeof value === 'string' && value) params.append(key, value);
    navigate(params.size ? `/seedfinder?${params}` : '/seedfinder');
  };

  const answered = hasAnswers(answers);
  const submit = (
    <button type="submit" className={buttonClass(enhanced && step < last ? 'ghost' : 'primary', 'lg')}>
      {seedfinder.submit}
    </button>
  );

  return (
    <section className="container-page py-10" aria-labelledby="seedfinder-quiz">
      <h2 id="seedfinder-quiz" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {again ? seedfinder.formTitleAgain : seedfinder.formTitle}
      </h2>
      <Form method="get" action="/seedfinder" onSubmit={onSubmit} className="mt-6" data-testid="seedfinder-form">
        {enhanced ? (
          <div className="mb-4">
            <p className="text-sm font-medium text-slate-700" aria-live="polite">
              {seedfinder.progress(step + 1, QUESTIONS.length)}
            </p>
            {/* The progress bar doubles as a way to jump straight to any question. */}
            <ol className="mt-2 flex gap-1">
              {QUESTIONS.map((q, i) => (
                <li key={q} className="flex-1">
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-label={seedfinder.goToQuestion(i + 1, QUESTION_TEXT[q].legend)}
                    aria-current={i === step ? 'step' : undefined}
                    className="group flex h-6 w-full items-center"
                  >
                    <span className={`h-1.5 w-full rounded-full transition-colors ${i <= step ? 'bg-primary-600' : 'bg-slate-200 group-hover:bg-slate-300'}`} />
                  </button>
                </li>
              ))}
            </ol>
          </div>
        ) : null}

        <div className="space-y-5">
          {QUESTIONS.map((q, i) => (
            <QuestionFieldset
              key={q}
              question={q}
              number={i + 1}
              // After a submit, skipped questions show "no preference" so the form mirrors the results.
              defaultValue={answers[q] ?? (answered ? '' : undefined)}
              withAny
              hidden={enhanced && i !== step}
              fieldsetRef={(el) => {
                fieldsets.current[i] = el;
              }}
            />
          ))}
        </div>

        <div className="mt-6 flex flex-wrap items-center gap-3">
          {enhanced ? (
            <>
              <button type="button" onClick={() => go(step - 1)} disabled={step === 0} className={buttonClass('secondary', 'lg')}>
                <ChevronLeft className="h-4 w-4" aria-hidden />
                {seedfinder.previous}
              </button>
              {step < last ? (
                <button type="button" onClick={() => go(step + 1)} className={buttonClass('primary', 'lg')}>
                  {seedfinder.next}
                  <ChevronRight className="h-4 w-4" aria-hidden />
                </button>
              ) : null}
              <span className="ml-auto">{submit}</span>
            </>
          ) : (
            submit
          )}
        </div>
      </Form>
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
      <Quiz key={`quiz${search}`} answers={answers} again={results !== null} />
    </>
  );
}
