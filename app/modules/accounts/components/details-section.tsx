import { KeyRound, Mail, Newspaper, Sprout, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { newsletter } from '~/i18n/nl/newsletter.ts';
import { type FieldMetadata, getSelectProps, type SubmissionResult } from '~/lib/form.ts';
import { FormAlert } from './auth-card.tsx';
import { Options } from '~/components/ui/options.tsx';

const t = account.details;

/** The sections in page order; the menu beside them is built from this list. */
export const detailsSections = [
  { id: 'persoonlijk', title: t.personal.title, icon: UserRound },
  { id: 'e-mailadres', title: t.email.title, icon: Mail },
  { id: 'wachtwoord', title: t.password.title, icon: KeyRound },
  { id: 'kweekprofiel', title: t.profile.title, icon: Sprout },
  { id: 'nieuwsbrief', title: newsletter.account.title, icon: Newspaper },
] as const;
type SectionId = (typeof detailsSections)[number]['id'];

export function Section({ id, intro, children }: { id: SectionId; intro: string; children: ReactNode }) {
  const { title, icon: Icon } = detailsSections.find((s) => s.id === id)!;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
      <div className="flex items-start gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-2xl bg-primary-50 text-primary-700" aria-hidden>
          <Icon className="h-5 w-5" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{intro}</p>
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function SubmitRow({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-5">{children}</div>;
}

/** The row under a form with its one submit button, which names the form's intent. */
export function SaveRow({ intent, label, busy }: { intent: string; label: string; busy: boolean }) {
  return (
    <SubmitRow>
      <button type="submit" name="intent" value={intent} className={buttonClass('primary')} disabled={busy}>
        {label}
      </button>
    </SubmitRow>
  );
}

export function TopError({ errors, id }: { errors?: string[]; id: string }) {
  return errors?.length ? <FormAlert id={id}>{errors.join(' ')}</FormAlert> : null;
}

export function Select({ meta, label, options, empty }: { meta: FieldMetadata<string>; label: string; options: { value: string; label: string }[]; empty: string }) {
  return (
    <Field label={label} meta={meta}>
      <select {...getSelectProps(meta)} className={inputClass}>
        <option value="">{empty}</option>
        <Options choices={options} />
      </select>
    </Field>
  );
}


export type DetailsFormProps = { lastResult?: SubmissionResult<string[]>; busy: boolean };
