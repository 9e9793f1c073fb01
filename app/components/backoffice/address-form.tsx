import { getInputProps, getSelectProps } from '~/lib/form.ts';
import { Field } from '~/components/ui/form-field.tsx';
import type { AddressSnapshot } from '~/db/schema/commerce.ts';
import { backoffice } from '~/i18n/nl/backoffice.ts';
 
import { fieldClass } from './styles.ts';
import { ActionPanel, type ActionReply, useActionForm } from './action-form.tsx';

const t = backoffice.actions.address;
type AddressFields = { address: { firstName: string; lastName: string; phone: string; line1: string; line2: string; postalCode: string; city: string; country: string; state: string } };

/** The shipping address before anything is sent, with the checkout's fields and checks. */
export function AddressForm({
  formKey,
  version,
  reply,
  address,
  countries,
}: {
  formKey: string;
  version: string;
  reply: ActionReply | undefined;
  address: AddressSnapshot;
  countries: { iso: string; name: string }[];
}) {
  const state = useActionForm<AddressFields>('address', formKey, reply);
  const a = state.fields.address.getFieldset();
  const current: Record<string, string> = { ...address, country: address.countryIso };
  // The current address until the server answers with what was typed.
  const value = (meta: (typeof a)['city']) => (typeof meta.initialValue === 'string' ? meta.initialValue : (current[meta.name.slice('address.'.length)] ?? ''));
  const input = (meta: (typeof a)['city'], label: string, autoComplete: string, className = '') => (
    <Field label={label} meta={meta} className={className}>
      <input {...getInputProps(meta, { type: 'text' })} defaultValue={value(meta)} autoComplete={autoComplete} className={fieldClass} />
    </Field>
  );
  return (
    <ActionPanel title={t.title} intro={t.intro} intent="address" formKey={formKey} version={version} state={state} submit={t.submit}>
      <div className="grid grid-cols-2 gap-3">
        {input(a.firstName, t.firstName, 'off')}
        {input(a.lastName, t.lastName, 'off')}
      </div>
      {input(a.line1, t.line1, 'off')}
      {input(a.line2, t.line2, 'off')}
      <div className="grid grid-cols-2 gap-3">
        {input(a.postalCode, t.postalCode, 'off')}
        {input(a.city, t.city, 'off')}
      </div>
      <Field label={t.country} meta={a.country}>
        <select {...getSelectProps(a.country)} defaultValue={value(a.country)} className={fieldClass}>
          {countries.map((c) => (
            <option key={c.iso} value={c.iso}>
              {c.name}
            </option>
          ))}
        </select>
      </Field>
      {input(a.state, t.state, 'off')}
      {input(a.phone, t.phone, 'off')}
    </ActionPanel>
  );
}
