import { ChevronDown, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { PrivacyNote } from '~/components/ui/privacy-note.tsx';
import { support as t } from '~/i18n/nl/support.ts';
import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import type { ContactInput } from '../support.schemas.ts';
import { CONTACT_TOPICS, HONEYPOT_FIELD, MESSAGE_MAX } from '../support.ts';
import { choicesOf, Options } from '~/components/ui/options.tsx';

type Fields = { name: string; email: string; topic: string; orderNumber: string; message: string; token: string };

type Props = {
  defaults: Omit<Fields, 'token'>;
  user: { name: string } | null;
  /** The page's one-time token; a refused post brings a fresh one in `actionData`. */
  token: string;
  actionData: { result: SubmissionResult<string[]>; token: string } | undefined;
};

export function ContactForm({ defaults, user, token: pageToken, actionData }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [form, fields] = useForm<Fields, ContactInput>({
    id: 'contact',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: defaults,
    shouldRevalidate: 'onInput',
  });
  // A token problem is about the whole form: the hidden field has no place to show it.
  const formErrors = [...(form.errors ?? []), ...(fields.token.errors ?? [])];
  const token = actionData?.token ?? pageToken;
  return (
    <section aria-labelledby="contact-form-title" className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-8">
      <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
        {t.formTitle}
      </h2>
      {user ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="contact-logged-in">
          {t.loggedInAs(user.name)}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5" data-testid="contact-form">
        {formErrors.length ? (
          <p role="alert" id={form.errorId} className="rounded-2xl bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="form-error">
            {formErrors.join(' ')}
          </p>
        ) : null}
        <input type="hidden" name={fields.token.name} value={token} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t.fields.name} meta={fields.name}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" maxLength={200} className={inputClass} />
          </Field>
          <Field label={t.fields.email} meta={fields.email}>
            <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" inputMode="email" spellCheck={false} className={inputClass} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TopicField meta={fields.topic} />
          <OptionalField label={t.fields.orderNumber} meta={fields.orderNumber}>
            <input
              {...getInputProps(fields.orderNumber, { type: 'text' })}
              placeholder={t.orderNumberPlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className={`${inputClass} font-mono uppercase placeholder:font-sans placeholder:normal-case`}
            />
          </OptionalField>
        </div>
        <p className="-mt-2 text-sm text-slate-500">{t.orderNumberHint}</p>
        <MessageField meta={fields.message} />
        {/* The honeypot: off-screen and out of the tab order and the accessibility tree; only bots fill it in. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="contact-website">{t.honeypot}</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="flex flex-col-reverse gap-4 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <PrivacyNote text={t.privacy} link={t.privacyLink} className="text-sm text-slate-500" />
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full shrink-0 sm:w-auto')} disabled={busy}>
            <Send className="h-4 w-4" aria-hidden />
            {busy ? t.submitting : t.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A field with "(optioneel)" beside its label. */
function OptionalField({ label, meta, children }: { label: string; meta: Parameters<typeof Field>[0]['meta']; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-500">{t.fields.optional}</span>
      </label>
      {children}
      <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid={`error-${meta.name}`}>
        {meta.errors?.join(' ')}
      </p>
    </div>
  );
}

function TopicField({ meta }: { meta: FieldMetadata<string> }) {
  return (
    <Field label={t.fields.topic} meta={meta}>
      <div className="relative">
        {/* Until a subject is picked, the placeholder looks like the other fields' placeholders. */}
        <select
          {...getSelectProps(meta)}
          className={`${inputClass} appearance-none pr-10 [&:has(option[value='']:checked)]:text-slate-500 [&>option]:text-slate-900`}
        >
          <option value="">{t.topicPlaceholder}</option>
          <Options choices={choicesOf(CONTACT_TOPICS, t.topics)} />
        </select>
        <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 mt-0.75 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
      </div>
    </Field>
  );
}

/** The message with a live count of its characters against the maximum. */
function MessageField({ meta }: { meta: FieldMetadata<string> }) {
  const [length, setLength] = useState(() => [...String(meta.initialValue ?? '')].length);
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
        {t.fields.message}
      </label>
      <textarea
        {...getTextareaProps(meta)}
        rows={7}
        placeholder={t.messagePlaceholder}
        onInput={(e) => setLength([...e.currentTarget.value].length)}
        className={`${inputClass} min-h-40 resize-y leading-relaxed`}
      />
      <div className="mt-1 flex items-start justify-between gap-3">
        <p id={meta.errorId} className="text-sm font-medium text-red-700 empty:hidden" data-testid="error-message">
          {meta.errors?.join(' ')}
        </p>
        <p className={`ml-auto shrink-0 text-xs tabular-nums ${length > MESSAGE_MAX ? 'font-semibold text-red-700' : 'text-slate-500'}`} aria-hidden>
          {t.messageCount(length, MESSAGE_MAX)}
        </p>
      </div>
    </div>
  );
}
