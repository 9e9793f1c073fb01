import { getInputProps, getSelectProps } from '~/lib/form.ts';
import { Field, FieldError } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
 
import { fieldClass } from './styles.ts';
import { Panel } from './parts.tsx';
import { ActionPanel, type ActionReply, useActionForm } from './action-form.tsx';

const t = backoffice.actions.ship;
type Carrier = 'tracked_parcel' | 'regular_post';
type ShipFields = { carrier: Carrier; trackingCode: string; trackingUrl: string; qty: Record<string, string> };

/** A parcel: carrier, tracking, and how many of each line still to ship go in it (all that is left by default). */
export function ShipForm({
  formKey,
  version,
  reply,
  carrier,
  paid,
  lines,
}: {
  formKey: string;
  version: string;
  reply: ActionReply | undefined;
  carrier: Carrier;
  paid: boolean;
  lines: { id: number; name: string; seeds: number; left: number }[];
}) {
  const state = useActionForm<ShipFields>('ship', formKey, reply);
  const { fields } = state;
  const open = lines.filter((l) => l.left > 0);
  if (!paid || open.length === 0) {
    return (
      <Panel title={t.title}>
        <p className="px-4 py-3 text-sm text-slate-600">{paid ? t.nothingLeft : t.notPaid}</p>
      </Panel>
    );
  }
  const qty = fields.qty.getFieldset() as Record<string, (typeof fields)['trackingCode']>;
  return (
    <ActionPanel title={t.title} intro={t.intro} intent="ship" formKey={formKey} version={version} state={state} submit={t.submit}>
      <fieldset className="space-y-2">
        <legend className="sr-only">{backoffice.order.lines}</legend>
        {open.map((l) => {
          const meta = qty[String(l.id)]!;
          return (
            <div key={l.id} className="flex items-start justify-between gap-3">
              <label htmlFor={meta.id} className="min-w-0 text-sm">
                <span className="block font-medium text-slate-900">{l.name}</span>
                <span className="block text-xs text-slate-500">
                  {backoffice.order.seeds(l.seeds)} · {t.left(l.left)}
                </span>
              </label>
              <div className="w-20 shrink-0">
                <input
                  {...getInputProps(meta, { type: 'number' })}
                  defaultValue={typeof meta.initialValue === 'string' ? meta.initialValue : String(l.left)}
                  min={0}
                  max={l.left}
                  inputMode="numeric"
                  className={`${fieldClass} text-right`}
                />
                <FieldError meta={meta} />
              </div>
            </div>
          );
        })}
      </fieldset>
      <Field label={t.carrier} meta={fields.carrier}>
        <select {...getSelectProps(fields.carrier)} defaultValue={typeof fields.carrier.initialValue === 'string' ? fields.carrier.initialValue : carrier} className={fieldClass}>
          <option value="tracked_parcel">{backoffice.order.carrier.tracked_parcel}</option>
          <option value="regular_post">{backoffice.order.carrier.regular_post}</option>
        </select>
      </Field>
      <Field label={t.trackingCode} meta={fields.trackingCode}>
        <input {...getInputProps(fields.trackingCode, { type: 'text' })} autoComplete="off" spellCheck={false} className={`${fieldClass} font-mono uppercase`} />
      </Field>
      <Field label={t.trackingUrl} meta={fields.trackingUrl} hint={t.trackingUrlHint}>
        <input {...getInputProps(fields.trackingUrl, { type: 'url' })} placeholder="https://jouw.postnl.nl/track-and-trace/…" className={fieldClass} />
      </Field>
    </ActionPanel>
  );
}
