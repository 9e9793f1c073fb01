import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getInputProps, getTextareaProps } from '~/lib/form.ts';
import { BLOCK_REASON_MAX } from '../customers.ts';
import { fieldClass } from '~/components/backoffice/styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from '~/components/backoffice/action-form.tsx';

// The customer page's action forms (/beheer/klanten/:id); customer-actions.server.ts answers them.

const t = backoffice.customer;

type Data = { user: { id: number; email: string }; resetKey: string };

export function BlockForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm<{ reason: string }>('block', String(d.user.id), reply);
  return (
    <ActionPanel title={t.block.title} intro={t.block.intro} intent="block" formKey={String(d.user.id)} state={state} submit={t.block.submit} tone="danger">
      <Field label={t.block.reason} meta={state.fields.reason}>
        <textarea {...getTextareaProps(state.fields.reason)} rows={2} maxLength={BLOCK_REASON_MAX} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}

export function UnblockForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm('unblock', String(d.user.id), reply);
  return <ActionPanel title={t.unblock.title} intro={t.unblock.intro} intent="unblock" formKey={String(d.user.id)} state={state} submit={t.unblock.submit} />;
}

export function ResetForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm('reset', d.resetKey, reply);
  return <ActionPanel title={t.reset.title} intro={t.reset.intro} intent="reset" formKey={d.resetKey} state={state} submit={t.reset.submit} />;
}

export function DeleteForm({ d, reply }: { d: Data; reply: ActionReply | undefined }) {
  const state = useActionForm<{ confirm: string }>('delete', String(d.user.id), reply);
  return (
    <ActionPanel title={t.remove.title} intro={t.remove.intro} intent="delete" formKey={String(d.user.id)} state={state} submit={t.remove.submit} tone="danger">
      <Field label={t.remove.confirm(d.user.email)} meta={state.fields.confirm} className="[overflow-wrap:anywhere]">
        <input {...getInputProps(state.fields.confirm, { type: 'text' })} autoComplete="off" spellCheck={false} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}

