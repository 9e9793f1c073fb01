import { fieldClass } from '~/components/backoffice/styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from '~/components/backoffice/action-form.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { loyalty } from '~/i18n/nl/loyalty.ts';
import { getInputProps } from '~/lib/form.ts';
import { POINTS_REASON_MAX } from '../limits.ts';

const t = loyalty.adjust;

/** The owner's adjustment on the customer page: signed points and a reason (audited, ADR 075). */
export function PointsAdjustForm({ formKey, shownId, reply }: { formKey: string; shownId: number; reply: ActionReply | undefined }) {
  const state = useActionForm<{ points: string; reason: string }>('points', formKey, reply);
  const { fields } = state;
  return (
    <ActionPanel title={t.title} intro={t.intro} intent="points" formKey={formKey} state={state} submit={t.submit}>
      <input type="hidden" name="shown" value={shownId} />
      <Field label={t.points} meta={fields.points}>
        <input {...getInputProps(fields.points, { type: 'text' })} inputMode="numeric" autoComplete="off" placeholder="50" className={fieldClass} />
      </Field>
      <Field label={t.reason} meta={fields.reason}>
        <input {...getInputProps(fields.reason, { type: 'text' })} maxLength={POINTS_REASON_MAX} className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}
