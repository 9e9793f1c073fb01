import { AlertTriangle, MapPinHouse, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { addressAction } from '~/modules/accounts/address-action.server.ts';
import { toAddressView } from '~/modules/accounts/addresses.ts';
import { addressCountries, allowedInRegion, listAddresses, MAX_ADDRESSES } from '~/modules/accounts/addresses.server.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { AddressCard } from '~/modules/accounts/components/address-card.tsx';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { useAddressModal } from '~/modules/accounts/components/address-modal-trigger.tsx';
import { regionForRequest } from '~/lib/regions.server.ts';
import type { Route } from './+types/addresses.ts';

const t = account.addresses;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const [rows, region, countries] = await Promise.all([
    listAddresses(context.db, user.id),
    regionForRequest(context.db, request),
    addressCountries(context.db),
  ]);
  const addresses = rows.map((a) =>
    toAddressView(
      a,
      (iso) => countries.get(iso)?.name,
      (iso) => allowedInRegion(region, iso),
    ),
  );
  // SPEC §5: a default address must be allowed in the selected region, otherwise another must be chosen.
  const warnings = (['shipping', 'billing'] as const).flatMap((kind) => {
    const a = addresses.find((x) => (kind === 'shipping' ? x.isDefaultShipping : x.isDefaultBilling));
    return a && !a.inRegion ? [t.regionWarning(kind === 'shipping' ? t.kindShipping : t.kindBilling, a.countryName, region.name)] : [];
  });
  return { addresses, warnings, max: MAX_ADDRESSES };
}

export const action = addressAction;

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountAddressesPage({ loaderData: d }: Route.ComponentProps) {
  const full = d.addresses.length >= d.max;
  // "Adres toevoegen" and "Wijzigen" open the address modal; without JavaScript they are the pages' links.
  const { linkProps, modal } = useAddressModal(() => document.querySelector<HTMLElement>('[data-address-add]'));
  return (
    <AccountShell
      title={t.title}
      intro={
        <p>
          {t.intro}
          {d.addresses.length > 0 ? <span className="ml-1 text-slate-500">({t.count(d.addresses.length, d.max)})</span> : null}
        </p>
      }
      actions={
        d.addresses.length > 0 && !full ? (
          <Link to="/account/adressen/nieuw" {...linkProps(null)} className={buttonClass('primary', 'md')} data-address-add>
            <Plus className="h-4 w-4" aria-hidden />
            {t.add}
          </Link>
        ) : null
      }
    >
      {d.warnings.length ? (
        <div className="mb-6 flex gap-3 rounded-2xl bg-amber-50 p-4 text-sm ring-1 ring-amber-300" data-testid="region-warning">
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
          <div>
            <p className="font-semibold text-amber-950">{t.regionWarningTitle}</p>
            {d.warnings.map((w) => (
              <p key={w} className="mt-1 text-amber-900">
                {w}
              </p>
            ))}
          </div>
        </div>
      ) : null}
      {full ? (
        <p className="mb-6 rounded-2xl bg-slate-100 p-4 text-sm text-slate-700" data-testid="address-limit">
          {t.errors.limit(d.max)}
        </p>
      ) : null}

      {d.addresses.length === 0 ? (
        <section className="flex flex-col items-center rounded-3xl bg-white px-6 py-12 text-center ring-1 ring-slate-200" data-testid="addresses-empty">
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-50 text-primary-700">
            <MapPinHouse className="h-7 w-7" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-slate-900">{t.empty}</h2>
          <p className="mt-1 max-w-md text-slate-600">{t.emptyHint}</p>
          <Link to="/account/adressen/nieuw" {...linkProps(null)} className={buttonClass('primary', 'md', 'mt-6')}>
            <Plus className="h-4 w-4" aria-hidden />
            {t.add}
          </Link>
        </section>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t.listLabel} data-testid="addresses">
          {d.addresses.map((a) => (
            <AddressCard key={a.id} address={a} editProps={linkProps(a.id)} />
          ))}
        </ul>
      )}
      {modal}
    </AccountShell>
  );
}
