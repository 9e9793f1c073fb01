import { Globe2, MapPin, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import type { AddressView } from '../addresses.ts';
import { CardSection } from '~/components/ui/card-section.tsx';

// Apart from address-card.tsx (the address book's cards with their forms): /account shows only this.
const t = account.addresses;

export const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

export const smallButton =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/** Name, street, town, country and phone of a saved address. */
export function AddressBlock({ address: a, withName = true }: { address: AddressView; withName?: boolean }) {
  return (
    <address className="text-sm leading-6 text-slate-700 not-italic">
      {withName ? (
        <span className="block font-medium text-slate-900">
          {a.firstName} {a.lastName}
        </span>
      ) : null}
      <span className="block">{a.line1}</span>
      {a.line2 ? <span className="block">{a.line2}</span> : null}
      <span className="block">
        {a.postalCode} {a.city}
        {a.state ? `, ${a.state}` : null}
      </span>
      <span className="block">{a.countryName}</span>
      <span className="block text-slate-600">{a.phone}</span>
    </address>
  );
}

/** The "Standaardadressen" card of /account: the default shipping and billing address, or an invitation to add one. */
export function DefaultAddressesCard({ shipping, billing }: { shipping: AddressView | null; billing: AddressView | null }) {
  const c = t.card;
  return (
    <CardSection id="default-addresses-title" title={c.title} icon={MapPin} testId="default-addresses">
      {shipping || billing ? (
        <>
          <dl className="mt-3 space-y-4">
            {(
              [
                [c.shipping, shipping],
                [c.billing, billing],
              ] as const
            ).map(([label, a]) =>
              a ? (
                <div key={label}>
                  <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-1">
                    {a === billing && a.id === shipping?.id ? <p className="text-sm text-slate-700">{c.sameAsShipping}</p> : <AddressBlock address={a} />}
                    {a.inRegion || (a === billing && a.id === shipping?.id) ? null : (
                      <span className={`${badge} mt-2 bg-amber-50 text-amber-900 ring-1 ring-amber-200`}>
                        <Globe2 className="h-3.5 w-3.5" aria-hidden />
                        {t.outsideRegion}
                      </span>
                    )}
                  </dd>
                </div>
              ) : null,
            )}
          </dl>
          <Link to="/account/adressen" className="mt-4 inline-block text-sm font-semibold text-primary-800 underline">
            {c.manage}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">{c.none}</p>
          <Link to="/account/adressen/nieuw" className={`${smallButton} mt-3 bg-primary-50 text-primary-800 hover:bg-primary-100`}>
            <Plus className="h-4 w-4" aria-hidden />
            {c.add}
          </Link>
        </>
      )}
    </CardSection>
  );
}
