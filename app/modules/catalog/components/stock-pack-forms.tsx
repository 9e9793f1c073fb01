// The pack page's two forms (ADR 034): a stock change recorded as a movement, and the threshold with the prices.
import { Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { CURRENCIES } from '../pack-pricing.ts';
import { formReasons, priceInput, STOCK_NOTE_MAX } from '../stock.ts';
import type { packDetail } from '../stock.server.ts';
import { Alert } from '~/components/backoffice/parts.tsx';
import { fieldClass, smallButton } from '~/components/backoffice/styles.ts';
import { Panel } from '~/components/backoffice/parts.tsx';
import { choicesOf } from '~/components/ui/options.tsx';
import { SelectField } from '~/components/backoffice/select-field.tsx';

const t = backoffice.stock;

/** What the pack page's action answers for either form. */
export type StockPackReply = { intent: 'stock' | 'settings'; result: SubmissionResult<string[]>; done?: string; error?: string };

type PackData = NonNullable<Awaited<ReturnType<typeof packDetail>>> & { key: string };

export function StockForm({ d, answer }: { d: PackData; answer: StockPackReply | undefined }) {
  const navigation = useNavigation();
  const mine = answer?.intent === 'stock' ? answer : undefined;
  const [form, fields] = useForm<{ mode: string; amount: string; reason: string; note: string }>({
    id: `stock-${d.key}`,
    lastResult: navigation.state === 'idle' ? mine?.result : undefined,
    defaultValue: { mode: 'delta', reason: 'received' },
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'stock';
  return (
    <Panel title={t.change}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
        <input type="hidden" name="intent" value="stock" />
        <input type="hidden" name="key" value={d.key} />
        <input type="hidden" name="basis" value={d.pack.stock} />
        {mine?.done ? <Alert tone="success">{mine.done}</Alert> : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t.mode}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(['delta', 'count'] as const).map((m) => (
              <label key={m} className="flex cursor-pointer gap-2 rounded-lg p-3 text-sm ring-1 ring-slate-200 has-[:checked]:bg-primary-50 has-[:checked]:ring-primary-300">
                <input {...getInputProps(fields.mode, { type: 'radio', value: m })} id={`${fields.mode.id}-${m}`} className="mt-0.5" />
                <span>
                  <span className="block font-medium text-slate-900">{t.modes[m]}</span>
                  <span className="block text-xs text-slate-600">{t.modeHints[m]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.amount} meta={fields.amount}>
            <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="numeric" autoComplete="off" className={`${fieldClass} tabular-nums`} />
          </Field>
          <SelectField label={t.reason} meta={fields.reason} choices={choicesOf(formReasons, t.reasons)} />
        </div>
        <Field label={t.note} meta={fields.note} hint={t.noteHint}>
          <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={STOCK_NOTE_MAX} className={fieldClass} />
        </Field>
        <button type="submit" className={smallButton.primary} disabled={busy}>
          {t.save}
        </button>
      </Form>
    </Panel>
  );
}

export function SettingsForm({ d, answer }: { d: PackData; answer: StockPackReply | undefined }) {
  const navigation = useNavigation();
  const mine = answer?.intent === 'settings' ? answer : undefined;
  const defaults = { threshold: String(d.pack.threshold), prices: Object.fromEntries(CURRENCIES.map((c) => [c, d.pack.prices[c] === undefined ? '' : priceInput(d.pack.prices[c])])) };
  const [form, fields] = useForm<{ threshold: string; prices: Record<string, string> }>({
    id: 'pack-settings',
    lastResult: navigation.state === 'idle' ? mine?.result : undefined,
    defaultValue: defaults,
    shouldRevalidate: 'onInput',
  });
  const prices = fields.prices.getFieldset() as Record<string, ReturnType<typeof fields.prices.getFieldset>[string]>;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'settings';
  return (
    <Panel title={t.settings}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
        <input type="hidden" name="intent" value="settings" />
        {mine?.done ? <Alert tone="success">{mine.done}</Alert> : null}
        {mine?.error ? <Alert>{mine.error}</Alert> : null}
        <Field label={t.threshold} meta={fields.threshold} className="max-w-40">
          <input {...getInputProps(fields.threshold, { type: 'text' })} inputMode="numeric" autoComplete="off" className={`${fieldClass} tabular-nums`} />
        </Field>
        <p className="text-xs text-slate-600">{t.settingsIntro}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {CURRENCIES.map((c) => (
            <Field key={c} label={t.price(c)} meta={prices[c]!}>
              <input {...getInputProps(prices[c]!, { type: 'text' })} inputMode="decimal" autoComplete="off" disabled={d.pack.isFree} className={`${fieldClass} tabular-nums disabled:bg-slate-50`} />
            </Field>
          ))}
        </div>
        <button type="submit" className={smallButton.primary} disabled={busy}>
          {t.saveSettings}
        </button>
      </Form>
    </Panel>
  );
}
