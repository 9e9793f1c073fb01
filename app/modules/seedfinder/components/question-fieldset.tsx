import { Check } from 'lucide-react';
import { type Ref, useId } from 'react';
import { seedfinder } from '~/i18n/nl/seedfinder.ts';
import { OPTIONS, QUESTION_TEXT, type QuestionKey } from '../seedfinder.ts';

/** False while rendering on the server and hydrating, true afterwards: the moment JS enhancements may start. */
export { useHydrated } from '~/components/use-hydrated.ts';

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
  const choices = [...values.map((v) => ({ value: v, label: text.options[v]?.label ?? v, hint: text.options[v]?.hint })), ...(withAny ? [{ value: '', label: seedfinder.any, hint: undefined }] : [])];

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
        {sm ? null : <span className="mb-1 block text-xs font-semibold tracking-wide text-primary-700 uppercase">{seedfinder.questionNumber(number)}</span>}
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
