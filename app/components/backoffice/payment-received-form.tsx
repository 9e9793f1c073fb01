// "Betaling ontvangen" on the order page (ADR 029): amount prefilled with what is still due, date, note; more than
// is due only with the confirmation ticked, and the order's version it was rendered on (ADR 054).
// Works without JavaScript; the server's Dutch messages appear next to the fields.
import { Form, useNavigation } from 'react-router';
import { Field, FieldError } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
 
import { Alert } from './parts.tsx';
 
import { fieldClass, smallButton } from './styles.ts';
import { Panel } from './parts.tsx';

type Props = {
  formKey: string;
  version: string;
  /** What is due, as "14,90". */
  due: string;
  today: string;
  lastResult?: SubmissionResult<string[]>;
};

export function PaymentReceivedForm({ formKey, version, due, today, lastResult }: Props) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ amount: string; date: string; note: string; overpaid: string; key: string }>({
    id: `payment-received-${formKey}`,
    lastResult: navigation.state === 'idle' ? lastResult : undefined,
    defaultValue: { amount: due, date: today },
    shouldRevalidate: 'onInput',
  });
  return (
    <Panel title={t.order.receipt.title}>
      <div className="p-4">
        <p className="mb-3 text-xs text-slate-500">{t.order.receipt.intro}</p>
        {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3" data-testid="payment-received-form">
          <input type="hidden" name="intent" value="payment" />
          <input type="hidden" name="key" value={formKey} />
          <input type="hidden" name="version" value={version} />
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
          <div>
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input {...getInputProps(fields.overpaid, { type: 'checkbox' })} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
              {t.order.receipt.overpaid}
            </label>
            <FieldError meta={fields.overpaid} />
          </div>
          <button type="submit" className={`${smallButton.primary} w-full`} disabled={navigation.state === 'submitting'}>
            {t.order.receipt.submit}
          </button>
        </Form>
      </div>
    </Panel>
  );
}
