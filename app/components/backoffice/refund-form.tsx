import { getInputProps } from '~/lib/form.ts';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';

import { fieldClass } from './styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from './action-form.tsx';

const t = backoffice.actions.refund;

/**
 * A full (empty amount) or partial refund, typed in euros like "14,90"; for an order with an account, as money
 * (the default) or as store credit when the customer asked for it (ADR 073).
 */
export function RefundForm({ formKey, version, reply, left }: { formKey: string; version: string; reply: ActionReply | undefined; left: { leftMinor: number; currency: string; asCredit?: boolean } }) {
  const state = useActionForm<{ amount: string; reason: string; to: string }>('refund', formKey, reply);
  const { fields } = state;
  const toError = fields.to.errors?.[0];
  return (
    <ActionPanel title={t.title} intro={t.intro(formatMoney(left.leftMinor, left.currency))} intent="refund" formKey={formKey} version={version} state={state} submit={t.submit}>
      <Field label={t.amount} meta={fields.amount}>
        <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="decimal" autoComplete="off" placeholder="14,90" className={fieldClass} />
      </Field>
      {left.asCredit ? (
        <fieldset aria-describedby={toError ? fields.to.errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t.to}</legend>
          <div className="mt-1 space-y-1">
            {(['money', 'credit'] as const).map((to) => (
              <label key={to} className="flex items-start gap-2 text-sm text-slate-800">
                <input {...getInputProps(fields.to, { type: 'radio', value: to })} id={`refund-to-${to}`} defaultChecked={(fields.to.initialValue ?? 'money') === to} className="mt-0.5" />
                {to === 'money' ? t.toMoney : t.toCredit}
              </label>
            ))}
          </div>
          {toError ? (
            <p id={fields.to.errorId} className="mt-1 text-sm text-red-700">
              {toError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <Field label={t.reason} meta={fields.reason}>
        <input {...getInputProps(fields.reason, { type: 'text' })} maxLength={200} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}
