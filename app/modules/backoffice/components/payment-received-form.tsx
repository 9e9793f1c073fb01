// "Betaling ontvangen" on the order page (ADR 029): amount prefilled with what is still due, date, note.
// Works without JavaScript; the server's Dutch messages appear next to the fields.
import { Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { fieldClass, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';

type Props = {
  formKey: string;
  /** What is due, as "14,90". */
  due: string;
  today: string;
  lastResult?: SubmissionResult<string[]>;
};

export function PaymentReceivedForm({ formKey, due, today, lastResult }: Props) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ amount: string; date: string; note: string; key: string }>({
    id: `payment-received-${formKey}`,
    lastResult: navigation.state === 'idle' ? lastResult : undefined,
    defaultValue: { amount: due, date: today },
    shouldRevalidate: 'onInput',
  });
  return (
    <Panel title={t.order.receipt.title}>
      <div className="p-4">
        <p className="mb-3 text-xs text-slate-500">{t.order.receipt.intro}</p>
        <Form method="post" {...getFormProps(form)} className="space-y-3" data-testid="payment-received-form">
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="key" value={formKey} />
          <div className="grid grid-cols-2 gap-3">
            <Field label={t.order.receipt.amount} meta={fields.amount} hint={t.order.receipt.amountHint}>
              <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="decimal" autoComplete="off" className={fieldClass} />
            </Field>
            <Field label={t.order.receipt.date} meta={fields.date}>
              <input {...getInputProps(fields.date, { type: 'date' })} max={today} className={fieldClass} />
            </Field>
          </div>
          <Field label={t.order.receipt.note} meta={fields.note}>
            <textarea {...getTextareaProps(fields.note)} rows={2} className={fieldClass} />
          </Field>
          <button type="submit" className={`${smallButton.primary} w-full`} disabled={navigation.state === 'submitting'}>
            {t.order.receipt.submit}
          </button>
        </Form>
      </div>
    </Panel>
  );
}
