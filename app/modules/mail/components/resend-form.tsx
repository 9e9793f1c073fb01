import { ActionPanel, type ActionReply, useActionForm } from '~/components/backoffice/action-form.tsx';
import { SelectField } from '~/components/backoffice/select-field.tsx';
import { choicesOf } from '~/components/ui/options.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { resendableOrderMails } from '../mail.ts';

const t = backoffice.actions.resend;

/** Sends one of the order's mails again (recorded in the audit log). */
export function ResendForm({ formKey, reply }: { formKey: string; reply: ActionReply | undefined }) {
  const state = useActionForm<{ template: string }>('resend', formKey, reply);
  const { fields } = state;
  return (
    <ActionPanel title={t.title} intent="resend" formKey={formKey} state={state} submit={t.submit}>
      <SelectField label={t.template} meta={fields.template} choices={choicesOf(resendableOrderMails, t.templates)} />
    </ActionPanel>
  );
}
