import { Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { fieldClass, smallButton } from './styles.ts';
import { Panel } from './parts.tsx';

/** A bank statement's upload (CAMT.053 or CSV) with the CSV's column mapping, open when it needs attention. */
export function BankUploadForm({ mapping, preset, result }: { mapping: Record<string, string>; preset: string; result: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string>>({
    id: 'bank-upload',
    lastResult: navigation.state === 'idle' ? result : undefined,
    defaultValue: { ...mapping, preset },
    shouldRevalidate: 'onInput',
  });
  const columns = ['date', 'amount', 'direction', 'creditValue', 'name', 'description', 'reference', 'account', 'currency'] as const;
  const busy = navigation.state === 'submitting';
  return (
    <Panel title={t.bank.upload}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4 p-4">
        <input type="hidden" name="intent" value="upload" />
        <Field label={t.bank.file} meta={fields.file!} hint={t.bank.fileHint}>
          <input {...getInputProps(fields.file!, { type: 'file' })} accept=".xml,.csv,.txt,text/xml,application/xml,text/csv" className={`${fieldClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm`} />
        </Field>
        <details className="rounded-lg ring-1 ring-slate-200" open={preset === 'custom' || !!result?.error}>
          <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-slate-800">{t.bank.mapping}</summary>
          <div className="space-y-3 border-t border-slate-200 p-3">
            <p className="text-xs text-slate-500">{t.bank.mappingIntro}</p>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t.bank.preset}</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {(['ing', 'rabobank', 'custom'] as const).map((preset) => (
                  <label key={preset} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                    <input {...getInputProps(fields.preset!, { type: 'radio', value: preset })} id={`bank-upload-preset-${preset}`} />
                    {t.bank.presets[preset]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {columns.map((c) => (
                <Field key={c} label={t.bank.columns[c]} meta={fields[c]!}>
                  <input {...getInputProps(fields[c]!, { type: 'text' })} autoComplete="off" className={fieldClass} />
                </Field>
              ))}
              <Field label={t.bank.columns.dateFormat} meta={fields.dateFormat!}>
                <select {...getSelectProps(fields.dateFormat!)} className={fieldClass}>
                  {Object.entries(t.bank.dateFormats).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t.bank.columns.decimal} meta={fields.decimal!}>
                <select {...getSelectProps(fields.decimal!)} className={fieldClass}>
                  <option value=",">, (14,90)</option>
                  <option value=".">. (14.90)</option>
                </select>
              </Field>
            </div>
          </div>
        </details>
        <button type="submit" className={smallButton.primary} disabled={busy}>
          {t.bank.submitUpload}
        </button>
      </Form>
    </Panel>

  );
}
