import { type FieldMetadata, type FormMetadata, getInputProps } from '~/lib/form.ts';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { account as t } from '~/i18n/nl/account.ts';
import { FormAlert } from './auth-card.tsx';

export type LoginFormFields = { email: string; password: string; redirectTo: string };

/** The log-in form's contents, shared by /inloggen (a navigating form) and the login popup (a fetcher). */
export function LoginFields({
  form,
  fields,
  redirectTo,
  submitting,
}: {
  form: FormMetadata<LoginFormFields>;
  fields: { email: FieldMetadata<string>; password: FieldMetadata<string> };
  redirectTo: string;
  submitting: boolean;
}) {
  return (
    <>
      {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label={t.fields.email} meta={fields.email}>
        <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="username" inputMode="email" className={inputClass} />
      </Field>
      <Field label={t.fields.password} meta={fields.password}>
        <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="current-password" className={inputClass} />
      </Field>
      <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={submitting}>
        {t.login.submit}
      </button>
      <p className="text-center text-sm">
        <Link to="/wachtwoord-vergeten" className="font-medium text-primary-800 underline">
          {t.login.forgot}
        </Link>
      </p>
    </>
  );
}
