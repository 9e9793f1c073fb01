import { Field } from '~/components/ui/form-field.tsx';
import { type Choice, Options } from '~/components/ui/options.tsx';
import { type FieldMeta, getSelectProps } from '~/lib/form.ts';
import { fieldClass } from './styles.ts';

/** A back-office select with its label, hint and error; `empty` adds a first option that chooses nothing. */
export function SelectField({ label, meta, choices, hint, empty }: { label: string; meta: FieldMeta; choices: Choice[]; hint?: string; empty?: string }) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <select {...getSelectProps(meta)} className={fieldClass}>
        {empty !== undefined ? <option value="">{empty}</option> : null}
        <Options choices={choices} />
      </select>
    </Field>
  );
}
