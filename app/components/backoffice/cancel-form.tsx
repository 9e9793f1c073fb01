import { getInputProps } from '~/lib/form.ts';
import { Field, FieldError } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
 
import { fieldClass } from './styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from './action-form.tsx';

const t = backoffice.actions.cancel;

/** Cancel an order nothing of which was sent; a checkbox guards against a mis-click. */
export function CancelForm({ formKey, version, reply }: { formKey: string; version: string; reply: ActionReply | undefined }) {
  const state = useActionForm<{ confirm: string; reason: string }>('cancel', formKey, reply);
  const { fields } = state;
  return (
    <ActionPanel title={t.title} intro={t.intro} intent="cancel" formKey={formKey} version={version} state={state} submit={t.submit} tone="danger">
      <Field label={t.reason} meta={fields.reason}>
        <input {...getInputProps(fields.reason, { type: 'text' })} maxLength={200} className={fieldClass} />
      </Field>
      <div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input {...getInputProps(fields.confirm, { type: 'checkbox' })} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          {t.confirm}
        </label>
        <FieldError meta={fields.confirm} />
      </div>
    </ActionPanel>
  );
}
