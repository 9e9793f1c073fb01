import { getSelectProps } from '~/lib/form.ts';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
 
import { resendableOrderMails } from '~/modules/mail/mail.ts';
 
import { fieldClass } from '~/modules/staff/components/backoffice-shell.tsx';
import { ActionPanel, type ActionReply, useActionForm } from './action-form.tsx';

const t = backoffice.actions.resend;

/** Sends one of the order's mails again (recorded in the audit log). */
export function ResendForm({ formKey, reply }: { formKey: string; reply: ActionReply | undefined }) {
  const state = useActionForm<{ template: string }>('resend', formKey, reply);
  const { fields } = state;
  return (
    <ActionPanel title={t.title} intent="resend" formKey={formKey} state={state} submit={t.submit}>
      <Field label={t.template} meta={fields.template}>
        <select {...getSelectProps(fields.template)} className={fieldClass}>
          {resendableOrderMails.map((m) => (
            <option key={m} value={m}>
              {t.templates[m]}
            </option>
          ))}
        </select>
      </Field>
    </ActionPanel>
  );
}
