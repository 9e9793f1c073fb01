import { CheckCircle2, Circle, Plus } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { checkout } from '~/i18n/nl/checkout.ts';
import type { AddressView } from '~/modules/accounts/addresses.ts';
import { asFormFields, oneLine } from '~/lib/postal-address.ts';

const t = checkout.saved;

/** Does the form currently hold this address? (Then its card shows as chosen.) */
export function holds(value: Record<string, string | undefined> | undefined, a: AddressView): boolean {
  const wanted = asFormFields(a);
  return (Object.keys(wanted) as (keyof typeof wanted)[]).every((k) => (value?.[k] ?? '').trim().toLowerCase() === wanted[k].trim().toLowerCase());
}

/**
 * A logged-in customer's saved addresses above the checkout's address fields. Each card is a link that
 * reloads the checkout with that address filled in by the server (works without JavaScript); with
 * JavaScript the click fills the fields in place and keeps everything else typed so far.
 */
export function SavedAddresses({
  addresses,
  value,
  hrefFor,
  onPick,
  addProps,
  kind,
  testId,
}: {
  addresses: AddressView[];
  value: Record<string, string | undefined> | undefined;
  hrefFor: (id: number) => string;
  onPick: (a: AddressView) => void;
  /** Makes "Nieuw adres" open the address modal; without JavaScript it is the account's form, back to here after saving. */
  addProps?: Omit<ComponentProps<typeof Link>, 'to'>;
  kind: 'shipping' | 'billing';
  testId: string;
}) {
  if (addresses.length === 0) return null;
  return (
    <div role="group" aria-labelledby={`${testId}-label`} className="mb-5" data-testid={testId}>
      <p id={`${testId}-label`} className="mb-2 text-sm font-medium text-slate-800">
        {t.label} <span className="font-normal text-slate-500">{t.hint}</span>
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {addresses.map((a) => {
          const chosen = holds(value, a);
          const Icon = chosen ? CheckCircle2 : Circle;
          return (
            <li key={a.id}>
              <Link
                to={hrefFor(a.id)}
                replace
                preventScrollReset
                aria-current={chosen ? 'true' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  onPick(a);
                }}
                className={`flex h-full items-start gap-3 rounded-2xl p-3.5 text-sm transition ${
                  chosen ? 'bg-primary-50/60 ring-2 ring-primary-600' : 'bg-white ring-1 ring-slate-200 hover:ring-primary-400'
                }`}
              >
                <Icon className={`mt-0.5 h-4 w-4 shrink-0 ${chosen ? 'text-primary-700' : 'text-slate-400'}`} aria-hidden />
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    {a.firstName} {a.lastName}
                    {(kind === 'shipping' ? a.isDefaultShipping : a.isDefaultBilling) ? (
                      <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{t.default}</span>
                    ) : null}
                  </span>
                  <span className="block text-slate-600">{oneLine(a)}</span>
                  <span className="block text-slate-600">{a.countryName}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
        <Link
          to={`/account/adressen/nieuw?${new URLSearchParams({ redirectTo: '/checkout' })}`}
          {...addProps}
          aria-label={t.addLabel(kind)}
          className="inline-flex items-center gap-1 rounded-full py-1 text-sm font-semibold text-primary-800 hover:underline"
          data-testid={`${testId}-add`}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {t.add}
        </Link>
        <Link to="/account/adressen" className="inline-block text-sm font-medium text-primary-800 hover:underline">
          {t.manage}
        </Link>
      </div>
    </div>
  );
}
