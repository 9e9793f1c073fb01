import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import { type Answers, hasAnswers, QUESTION_TEXT, QUESTIONS } from '../seedfinder.ts';
import { QuestionFieldset, useHydrated } from './question-fieldset.tsx';

/**
 * All nine questions in one GET form. Server-rendered they are all visible, so the quiz works
 * without JavaScript; once hydrated it becomes a stepper that only hides fieldsets, never removes them,
 * so every answer is still part of the submitted form.
 */
export function SeedfinderQuiz({ answers, again }: { answers: Answers; again: boolean }) {
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
        {enhanced ? <QuizProgress step={step} go={go} /> : null}

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

function QuizProgress({ step, go }: { step: number; go: (to: number) => void }) {
  return (
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
  );
}
