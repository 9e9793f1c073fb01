import { Field } from '~/components/ui/form-field.tsx';
import { credit } from '~/i18n/nl/credit.ts';
import { getInputProps, getSelectProps } from '~/lib/form.ts';
import { CURRENCIES } from '~/lib/money.ts';
import { fieldClass } from '~/components/backoffice/styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from '~/components/backoffice/action-form.tsx';
import { CREDIT_REASON_MAX } from '../credit.schemas.ts';

const t = credit.adjust;

/** Staff's adjustment on the customer page: signed amount, currency, a reason (audited, ADR 073). */
export function CreditAdjustForm({ formKey, currency, shownId, reply }: { formKey: string; currency: string; shownId: number; reply: ActionReply | undefined }) {
  const state = useActionForm<{ amount: string; currency: string; reason: string }>('credit', formKey, reply);
  const { fields } = state;
  return (
    <ActionPanel title={t.title} intro={t.intro} intent="credit" formKey={formKey} state={state} submit={t.submit}>
      <input type="hidden" name="shown" value={shownId} />
      <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
        <Field label={t.amount} meta={fields.amount}>
          <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="decimal" autoComplete="off" placeholder="10,00" className={fieldClass} />
        </Field>
        <Field label={t.currency} meta={fields.currency}>
          <select {...getSelectProps(fields.currency)} defaultValue={typeof fields.currency.initialValue === 'string' ? fields.currency.initialValue : currency} className={fieldClass}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label={t.reason} meta={fields.reason}>
        <input {...getInputProps(fields.reason, { type: 'text' })} maxLength={CREDIT_REASON_MAX} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}
