import { ArrowRight, Check, Sparkles, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type MouseEvent, type Ref, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { OPTIONS, QUESTION_TEXT, type QuestionKey } from '../seedfinder.ts';

const noop = () => () => {};
/** False while rendering on the server and hydrating, true afterwards: the moment JS enhancements may start. */
export function useHydrated() {
  return useSyncExternalStore(noop, () => true, () => false);
}

type Text = { legend: string; help: string; options: Record<string, { label: string; hint?: string }> };

/**
 * One quiz question as a group of tappable radio cards. Plain radios in a GET form, so it works
 * without JavaScript; the input is visually hidden but stays focusable and keeps native arrow keys.
 */
export function QuestionFieldset({
  question,
  number,
  defaultValue,
  withAny = false,
  size = 'md',
  hidden = false,
  fieldsetRef,
}: {
  question: QuestionKey;
  number: number;
  /** '' checks the "no preference" card. */
  defaultValue?: string;
  withAny?: boolean;
  size?: 'sm' | 'md';
  hidden?: boolean;
  fieldsetRef?: Ref<HTMLFieldSetElement>;
}) {
  const helpId = useId();
  const text: Text = QUESTION_TEXT[question];
  const values: readonly string[] = OPTIONS[question];
  const withHints = values.some((v) => text.options[v]?.hint);
  const sm = size === 'sm';
  const grid = sm
    ? withHints
      ? 'grid-cols-1'
      : 'grid-cols-2 sm:grid-cols-3'
    : withHints
      ? values.length > 4
        ? 'sm:grid-cols-2 lg:grid-cols-3'
        : 'sm:grid-cols-3'
      : 'grid-cols-2 sm:grid-cols-3';
  const choices = [...values.map((v) => ({ value: v, label: text.options[v]?.label ?? v, hint: text.options[v]?.hint })), ...(withAny ? [{ value: '', label: nl.seedfinder.any, hint: undefined }] : [])];

  return (
    <fieldset
      ref={fieldsetRef}
      hidden={hidden}
      tabIndex={-1}
      aria-describedby={helpId}
      className={sm ? 'outline-none' : 'rounded-2xl bg-white p-5 ring-1 ring-slate-200 outline-none sm:p-6'}
    >
      {/* A floated legend joins the normal flow, so it can be styled like a heading. */}
      <legend className={`float-left w-full font-semibold text-slate-900 ${sm ? 'text-base' : 'text-lg sm:text-xl'}`}>
        {sm ? null : <span className="mb-1 block text-xs font-semibold tracking-wide text-primary-700 uppercase">{nl.seedfinder.questionNumber(number)}</span>}
        {text.legend}
      </legend>
      <p id={helpId} className={`clear-left text-slate-600 ${sm ? 'text-xs' : 'pt-1 text-sm'}`}>
        {text.help}
      </p>
      <div className={`grid gap-2 ${sm ? 'mt-2' : 'mt-4 sm:gap-3'} ${grid}`}>
        {choices.map((c) => (
          <label
            key={c.value || 'any'}
            className={`relative flex cursor-pointer items-start gap-2.5 rounded-xl bg-white ring-1 transition hover:ring-primary-400 has-[:checked]:bg-primary-50 has-[:checked]:ring-2 has-[:checked]:ring-primary-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 ${
              c.value ? 'ring-slate-200' : 'border border-dashed border-slate-300 ring-transparent'
            } ${sm ? 'px-3 py-2.5' : 'p-3 sm:p-4'}`}
          >
            <input type="radio" name={question} value={c.value} defaultChecked={defaultValue === c.value} className="peer sr-only" />
            <span
              aria-hidden
              className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-white text-transparent ring-1 ring-slate-300 peer-checked:bg-primary-700 peer-checked:text-white peer-checked:ring-primary-700"
            >
              <Check className="h-3.5 w-3.5" strokeWidth={3} />
            </span>
            {/* Compact cards put the hint beside the label to keep the dialog short. */}
            <span className={`min-w-0 ${sm ? 'flex flex-wrap items-baseline gap-x-2' : ''}`}>
              <span className={`block font-medium ${c.value ? 'text-slate-900' : 'text-slate-700'} ${sm ? 'text-sm' : ''}`}>{c.label}</span>
              {c.hint ? <span className={`block text-slate-600 ${sm ? 'text-xs' : 'text-sm'}`}>{c.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const QUICK: QuestionKey[] = ['experience', 'effect', 'patience'];

/**
 * Home page teaser. Without JavaScript the button is a plain link to /seedfinder; once hydrated it
 * opens a three-question version in a dialog that submits to the same page.
 */
export function SeedfinderTeaser() {
  const t = nl.seedfinder.teaser;
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const cta = useRef<HTMLAnchorElement>(null);

  // Not a Dialog.Trigger: the link must keep working as a link (new tab, no JS), which Trigger prevents.
  const openDialog = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(true);
  };

  return (
    <div className="flex flex-col gap-5 rounded-2xl bg-gradient-to-br from-primary-50 to-secondary-50 p-6 ring-1 ring-primary-100 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="flex gap-4">
        <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-white text-primary-700 ring-1 ring-primary-100">
          <Sparkles className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <h2 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{t.title}</h2>
          <p className="mt-1 text-slate-600">{t.pitch}</p>
        </div>
      </div>
      <Link
        ref={cta}
        to="/seedfinder"
        onClick={openDialog}
        aria-haspopup={hydrated ? 'dialog' : undefined}
        aria-expanded={hydrated ? open : undefined}
        className={buttonClass('primary', 'lg', 'shrink-0')}
        data-testid="seedfinder-teaser"
      >
        {t.cta}
        <ArrowRight className="h-4 w-4" aria-hidden />
      </Link>

      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/50" />
          <Dialog.Content
            data-testid="seedfinder-modal"
            // Radix returns focus to its own Trigger, which we do not use: hand it back to the link instead.
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              cta.current?.focus();
            }}
            className="animate-pop fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[94vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-2xl sm:p-6"
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-xl font-bold text-slate-900">{t.dialogTitle}</Dialog.Title>
              <Dialog.Close className="-mt-1 -mr-2 rounded-full p-2 text-slate-600 hover:bg-slate-100" aria-label={nl.panels.close}>
                <X className="h-5 w-5" aria-hidden />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 text-sm text-slate-600">{t.dialogDescription}</Dialog.Description>
            {/* Closing first lets focus return to the teaser before the page changes. */}
            <Form method="get" action="/seedfinder" onSubmit={() => setOpen(false)} className="mt-5 space-y-5">
              {QUICK.map((q, i) => (
                <QuestionFieldset key={q} question={q} number={i + 1} size="sm" />
              ))}
              <div className="space-y-3 pt-1">
                <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
                  {nl.seedfinder.submit}
                </button>
                <Link to="/seedfinder" onClick={() => setOpen(false)} className="block text-center text-sm font-semibold text-primary-800 hover:underline">
                  {t.fullQuiz}
                </Link>
              </div>
            </Form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
