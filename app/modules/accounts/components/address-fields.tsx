import { type FieldMetadata, getInputProps, getSelectProps } from '~/lib/form.ts';
import { useState } from 'react';
import { checkout } from '~/i18n/nl/checkout.ts';
import type { AddressInput } from '~/lib/addresses.schemas.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { Options } from '~/components/ui/options.tsx';

const f = checkout.fields;

export type AddressFieldsShape = Record<keyof AddressInput, string>;
/** What the fields need of a country; the checkout passes its CheckoutCountry, the account's address form plain countries. */
type FieldsCountry = { iso: string; name: string; requiresState: boolean };

/**
 * Name, address, country and phone. The country list is exactly the region's countries; the
 * province/state field is there only for a country that needs one. `country`/`onCountry` let the
 * page follow the shipping country (its rates and totals); billing keeps its own choice. The account's
 * address form uses the same fields.
 */
export function AddressFields({
  meta,
  countries,
  section,
  country,
  onCountry,
}: {
  meta: ReturnType<FieldMetadata<AddressFieldsShape>['getFieldset']>;
  countries: FieldsCountry[];
  section: 'shipping' | 'billing';
  country?: FieldsCountry;
  onCountry?: (iso: string) => void;
}) {
  const [selected, setSelected] = useState(String(meta.country.initialValue ?? country?.iso ?? countries[0]?.iso ?? ''));
  const current = country ?? countries.find((c) => c.iso === selected);
  const text = (key: Exclude<keyof AddressInput, 'country'>, autoComplete: string, wide = false, type: 'text' | 'tel' = 'text') => (
    <Field label={f[key]} meta={meta[key]} className={wide ? 'sm:col-span-2' : ''}>
      <input {...getInputProps(meta[key], { type })} autoComplete={`${section} ${autoComplete}`} className={inputClass} />
    </Field>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('firstName', 'given-name')}
      {text('lastName', 'family-name')}
      {text('line1', 'address-line1', true)}
      {text('line2', 'address-line2', true)}
      {text('postalCode', 'postal-code')}
      {text('city', 'address-level2')}
      <Field label={f.country} meta={meta.country}>
        <select
          {...getSelectProps(meta.country)}
          autoComplete={`${section} country`}
          className={inputClass}
          onChange={(e) => {
            setSelected(e.currentTarget.value);
            onCountry?.(e.currentTarget.value);
          }}
        >
          <Options choices={countries.map((c) => ({ value: c.iso, label: c.name }))} />
        </select>
      </Field>
      {current?.requiresState ? text('state', 'address-level1') : null}
      {text('phone', 'tel', false, 'tel')}
    </div>
  );
}
