import { PackageSearch } from 'lucide-react';
import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { inputClass } from '~/components/ui/form-field.tsx';
import { checkout } from '~/i18n/nl/checkout.ts';
import { order } from '~/i18n/nl/order.ts';
import { getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';

const t = order;
const errors = checkout.errors;

/** The lookup of an order by its number and e-mail address (also the page of a signed link that does not match). */
export function OrderLookup({ notFound, result }: { notFound: boolean; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ number: string; email: string }>({
    id: 'order-lookup',
    lastResult: navigation.state === 'idle' ? result : undefined,
    shouldRevalidate: 'onInput',
  });
  // A signed link that does not match shows the same message as a failed lookup.
  const formErrors = form.errors?.length ? form.errors : notFound && !result ? [errors.orderNotFound] : [];
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <div className="container-page flex justify-center py-10 sm:py-14">
      <div className="w-full max-w-lg rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
          <PackageSearch className="h-6 w-6" aria-hidden />
        </span>
        <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{t.lookupTitle}</h1>
        <p className="mt-2 text-slate-600">{t.lookupIntro}</p>
        <Form method="post" action="/order-status" {...getFormProps(form)} className="mt-6 space-y-4" data-testid="order-lookup">
          {formErrors.length ? (
            <p role="alert" id={form.errorId} className="rounded-2xl bg-red-50 p-3 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="lookup-error">
              {formErrors.join(' ')}
            </p>
          ) : null}
          <div>
            <label htmlFor={fields.number.id} className="text-sm font-medium text-slate-800">
              {t.number}
            </label>
            <input
              {...getInputProps(fields.number, { type: 'text' })}
              placeholder={t.numberPlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} font-mono uppercase placeholder:normal-case`}
            />
            <p id={fields.number.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid="error-number">
              {fields.number.errors?.join(' ')}
            </p>
          </div>
          <div>
            <label htmlFor={fields.email.id} className="text-sm font-medium text-slate-800">
              {t.email}
            </label>
            <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className={inputClass} />
            <p id={fields.email.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid="error-email">
              {fields.email.errors?.join(' ')}
            </p>
          </div>
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full')} disabled={busy}>
            {t.lookup}
          </button>
        </Form>
      </div>
    </div>
  );
}
