import { ArrowLeft } from 'lucide-react';
import { data, Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { addressAction } from '~/modules/accounts/address-action.server.ts';
import { type AddressFormData, MAX_ADDRESSES, returnPath, toAddressView } from '~/modules/accounts/addresses.ts';
import { addressIdSchema } from '~/lib/addresses.schemas.ts';
import { addressCountries, allowedInRegion, listAddresses } from '~/modules/accounts/addresses.server.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { AddressForm } from '~/modules/accounts/components/address-form.tsx';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Route } from './+types/address.ts';

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
    // Where to go after saving (the checkout's "Nieuw adres" without JavaScript): same-site paths only.
    redirectTo: returnPath(new URL(request.url).searchParams.get('redirectTo')),
  } satisfies AddressFormData;
}

export const action = addressAction;

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.address ? t.editTitle : t.newTitle} | Kiemkracht` },
  { name: 'robots', content: 'noindex' },
];

export default function AccountAddressPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const back = d.redirectTo ?? '/account/adressen';
  return (
    <AccountShell title={d.address ? t.editTitle : t.newTitle} intro={<p>{t.formIntro}</p>}>
      <Link to={back} className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-primary-800">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {d.redirectTo ? (d.redirectTo.startsWith('/checkout') ? t.backToCheckout : t.backTo) : t.back}
      </Link>
      <AddressForm
        data={d}
        formId={`address-${d.address?.id ?? 'new'}`}
        lastResult={navigation.state === 'idle' && actionData && 'result' in actionData ? actionData.result : undefined}
        busy={busy}
        className="max-w-2xl rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-8"
        cancel={
          <Link to={back} className={buttonClass('ghost', 'lg')}>
            {t.cancel}
          </Link>
        }
      />
    </AccountShell>
  );
}
