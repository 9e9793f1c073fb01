import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, CheckCircle2, Globe2, Info } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { addressAction } from '~/modules/accounts/address-action.server.ts';
import { asFormFields, MAX_ADDRESSES, toAddressView } from '~/modules/accounts/addresses.ts';
import { type AddressFormInput, addressFormSchemaFor, addressIdSchema } from '~/modules/accounts/addresses.schemas.ts';
import { addressCountries, allowedInRegion, listAddresses } from '~/modules/accounts/addresses.server.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { AddressFields, type AddressFieldsShape } from '~/modules/checkout/components/address-fields.tsx';
import { regionForRequest } from '~/modules/regions/regions.server.ts';
import type { Route } from './+types/account-address.ts';

const t = account.addresses;

// /account/adressen/nieuw and /account/adressen/{id}: one form for a new and an existing address.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const [rows, region, countries] = await Promise.all([
    listAddresses(context.db, user.id),
    regionForRequest(context.db, request),
    addressCountries(context.db),
  ]);
  const inRegion = (iso: string) => allowedInRegion(region, iso);
  let existing = null;
  if ('id' in params) {
    // Not a number, not there, or somebody else's: the same 404.
    const id = addressIdSchema.safeParse(params.id);
    existing = (id.success && rows.find((a) => a.id === id.data)) || null;
    if (!existing) throw data(null, { status: 404, statusText: 'Not Found' });
  }
  const choices = region.countries.map((c) => ({ iso: c.iso, name: c.name, requiresState: c.requiresState }));
  // An address abroad stays editable: its own country is offered after the region's.
  const abroad =
    existing && !inRegion(existing.countryIso)
      ? (countries.get(existing.countryIso) ?? { iso: existing.countryIso, name: existing.countryIso, requiresState: false })
      : null;
  return {
    address: existing ? toAddressView(existing, (iso) => countries.get(iso)?.name, inRegion) : null,
    countries: abroad ? [...choices, abroad] : choices,
    abroad: abroad?.name ?? null,
    defaultCountry: region.countries.find((c) => c.id === region.defaultCountryId)?.iso ?? choices[0]?.iso ?? '',
    first: rows.length === 0,
    full: !existing && rows.length >= MAX_ADDRESSES,
  };
}

export const action = addressAction;

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.address ? t.editTitle : t.newTitle} | Kiemkracht` },
  { name: 'robots', content: 'noindex' },
];

type AddressFormFields = { address: AddressFieldsShape; defaultShipping: string; defaultBilling: string };

export default function AccountAddressPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const a = d.address;
  const allowed = (iso: string) => d.countries.some((c) => c.iso.toUpperCase() === iso.toUpperCase());
  const requiresState = (iso: string) => d.countries.some((c) => c.requiresState && c.iso.toUpperCase() === iso.toUpperCase());
  const [form, fields] = useForm<AddressFormFields, AddressFormInput>({
    id: `address-${a?.id ?? 'new'}`,
    lastResult: navigation.state === 'idle' && actionData && 'result' in actionData ? actionData.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: addressFormSchemaFor(allowed, requiresState) }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    defaultValue: { address: a ? asFormFields(a) : { country: d.defaultCountry } },
  });
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const checkbox = (meta: typeof fields.defaultShipping, label: string) => (
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
    <AccountShell title={a ? t.editTitle : t.newTitle} intro={<p>{t.formIntro}</p>}>
      <Link to="/account/adressen" className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {t.back}
      </Link>
      <Form method="post" {...getFormProps(form)} className="max-w-2xl rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-8">
        <input type="hidden" name="intent" value={a ? 'update' : 'create'} />
        {a ? <input type="hidden" name="id" value={a.id} /> : null}
        {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
        {d.full ? <FormAlert>{t.errors.limit(MAX_ADDRESSES)}</FormAlert> : null}
        {d.abroad ? (
          <p className="mb-5 flex gap-2 rounded-2xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="address-abroad">
            <Globe2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            {t.abroad(d.abroad)}
          </p>
        ) : null}

        <AddressFields meta={fields.address.getFieldset()} countries={d.countries} section="shipping" />

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
              {a?.isDefaultShipping ? isDefault(t.isDefaultShipping) : d.abroad ? null : checkbox(fields.defaultShipping, t.useAsDefaultShipping)}
              {a?.isDefaultBilling ? isDefault(t.isDefaultBilling) : d.abroad ? null : checkbox(fields.defaultBilling, t.useAsDefaultBilling)}
              {d.abroad && !a?.isDefaultShipping && !a?.isDefaultBilling ? <p className="text-sm text-slate-600">{t.errors.defaultOutsideRegion}</p> : null}
            </>
          )}
        </fieldset>

        <div className="mt-8 flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass('primary', 'lg')} disabled={busy || d.full} data-testid="save-address">
            {busy ? t.saving : t.save}
          </button>
          <Link to="/account/adressen" className={buttonClass('ghost', 'lg')}>
            {t.cancel}
          </Link>
        </div>
      </Form>
    </AccountShell>
  );
}
