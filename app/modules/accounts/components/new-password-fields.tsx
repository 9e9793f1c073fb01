import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { type FieldMetadata, getInputProps } from '~/lib/form.ts';

/** A new password and its repetition, with the password policy as the hint (sign-up, reset, change). */
export function NewPasswordFields({ password, passwordConfirm, labels }: { password: FieldMetadata<string>; passwordConfirm: FieldMetadata<string>; labels: [string, string] }) {
  return (
    <>
      <Field label={labels[0]} meta={password} hint={account.passwordHint}>
        <input {...getInputProps(password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label={labels[1]} meta={passwordConfirm}>
        <input {...getInputProps(passwordConfirm, { type: 'password' })} autoComplete="new-password" className={inputClass} />
      </Field>
    </>
  );
}
