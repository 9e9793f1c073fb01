import { Field } from '~/components/ui/form-field.tsx';
import { type FieldMeta, getInputProps } from '~/lib/form.ts';

/**
 * A new password and its repetition (sign-up, reset, a staff member's first log-in): both marked `new-password`
 * so a password manager offers to make and store one; the rule sits as a hint under the first.
 */
export function NewPasswordFields({ fields, labels, hint, inputClass }: { fields: Record<'password' | 'passwordConfirm', FieldMeta>; labels: { password: string; confirm: string }; hint: string; inputClass: string }) {
  return (
    <>
      <Field label={labels.password} meta={fields.password} hint={hint}>
        <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label={labels.confirm} meta={fields.passwordConfirm}>
        <input {...getInputProps(fields.passwordConfirm, { type: 'password' })} autoComplete="new-password" className={inputClass} />
      </Field>
    </>
  );
}
