import { getInputProps } from '~/lib/form.ts';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
 
import { fieldClass } from './styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from './action-form.tsx';

const t = backoffice.actions.refund;

/** A full (empty amount) or partial refund, typed in euros like "14,90". */
export function RefundForm({ formKey, version, reply, left }: { formKey: string; version: string; reply: ActionReply | undefined; left: { leftMinor: number; currency: string } }) {
  const state = useActionForm<{ amount: string; reason: string }>('refund', formKey, reply);
  const { fields } = state;
  return (
    <ActionPanel title={t.title} intro={t.intro(formatMoney(left.leftMinor, left.currency))} intent="refund" formKey={formKey} version={version} state={state} submit={t.submit}>
      <Field label={t.amount} meta={fields.amount}>
        <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="decimal" autoComplete="off" placeholder="14,90" className={fieldClass} />
      </Field>
      <Field label={t.reason} meta={fields.reason}>
        <input {...getInputProps(fields.reason, { type: 'text' })} maxLength={200} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}
