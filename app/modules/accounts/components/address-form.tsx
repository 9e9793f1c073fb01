import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { CheckCircle2, Globe2, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, type useFetcher } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { AddressFields, type AddressFieldsShape } from './address-fields.tsx';
import { type AddressFormData, type AddressView, asFormFields, MAX_ADDRESSES } from '../addresses.ts';
import type { AddressFormInput } from '~/lib/addresses.schemas.ts';
import { FormAlert } from './auth-card.tsx';

const t = account.addresses;

type AddressFormFields = { address: AddressFieldsShape; defaultShipping: string; defaultBilling: string };

/** What the address action answers a form: its refusal, or (to the modal, `js=1`) the saved address. */
export type AddressActionData = { result?: SubmissionResult<string[]>; saved?: AddressView };

/**
 * THE address form of the account (new and edit): on /account/adressen/nieuw and /account/adressen/{id}
 * as a plain <Form> (works without JavaScript), and in the address modal posted by its fetcher to the
 * same action (`fetcher` given; `js=1` asks the action for data instead of a redirect).
 */
export function AddressForm({
  data: d,
  formId,
  lastResult,
  busy,
  fetcher,
  action,
  cancel,
  className = '',
}: {
  data: AddressFormData;
  formId: string;
  lastResult: SubmissionResult<string[]> | undefined;
  busy: boolean;
  fetcher?: ReturnType<typeof useFetcher>;
  /** The action's path; without it, the page's own. */
  action?: string;
  cancel: ReactNode;
  className?: string;
}) {
  const a = d.address;
  const [form, fields] = useForm<AddressFormFields, AddressFormInput>({
    id: formId,
    lastResult,
    shouldRevalidate: 'onInput',
    defaultValue: { address: a ? asFormFields(a) : { country: d.defaultCountry } },
  });
  const FormTag = (fetcher?.Form ?? Form) as typeof Form;

  return (
    <FormTag method="post" action={action} {...getFormProps(form)} className={className}>
      <input type="hidden" name="intent" value={a ? 'update' : 'create'} />
      {a ? <input type="hidden" name="id" value={a.id} /> : null}
      {fetcher ? <input type="hidden" name="js" value="1" /> : null}
      {d.redirectTo ? <input type="hidden" name="redirectTo" value={d.redirectTo} /> : null}
      {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
      {d.full ? <FormAlert>{t.errors.limit(MAX_ADDRESSES)}</FormAlert> : null}
      {d.abroad ? (
        <p className="mb-5 flex gap-2 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="address-abroad">
          <Globe2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {t.abroad(d.abroad)}
        </p>
      ) : null}

      <AddressFields meta={fields.address.getFieldset()} countries={d.countries} section="shipping" />

      <DefaultsFieldset data={d} defaultShipping={fields.defaultShipping} defaultBilling={fields.defaultBilling} />

      <div className="mt-8 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass('primary', 'lg')} disabled={busy || d.full} data-testid="save-address">
          {busy ? t.saving : t.save}
        </button>
        {cancel}
      </div>
    </FormTag>
  );
}

/** Which defaults this address is or becomes; an address outside the region cannot become one. */
function DefaultsFieldset({ data: d, defaultShipping, defaultBilling }: { data: AddressFormData; defaultShipping: FieldMetadata<string>; defaultBilling: FieldMetadata<string> }) {
  const a = d.address;
  const checkbox = (meta: FieldMetadata<string>, label: string) => (
    <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
      <input {...getInputProps(meta, { type: 'checkbox', value: 'on' })} className="h-5 w-5 rounded accent-primary-700" />
      {label}
    </label>
  );
  const isDefault = (text: string) => (
    <p className="flex items-start gap-2 text-sm text-slate-700">
      <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-primary-700" aria-hidden />
      {text}
    </p>
  );
  return (
    <fieldset className="mt-6 space-y-3 border-t border-slate-100 pt-5">
      <legend className="sr-only">{t.defaults}</legend>
      <p aria-hidden className="text-sm font-semibold text-slate-900">
        {t.defaults}
      </p>
      {d.first ? (
        <p className="flex items-start gap-2 text-sm text-slate-700">
          <Info className="mt-0.5 h-4 w-4 shrink-0 text-secondary-700" aria-hidden />
          {t.firstBecomesDefault}
        </p>
      ) : (
        <>
          {a?.isDefaultShipping ? isDefault(t.isDefaultShipping) : d.abroad ? null : checkbox(defaultShipping, t.useAsDefaultShipping)}
          {a?.isDefaultBilling ? isDefault(t.isDefaultBilling) : d.abroad ? null : checkbox(defaultBilling, t.useAsDefaultBilling)}
          {d.abroad && !a?.isDefaultShipping && !a?.isDefaultBilling ? <p className="text-sm text-slate-600">{t.errors.defaultOutsideRegion}</p> : null}
        </>
      )}
    </fieldset>
  );
}
