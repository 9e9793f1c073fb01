import { Globe2, MapPin, Pencil, Plus, Receipt, Trash2, Truck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Form, Link } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import type { AddressView } from '../addresses.ts';

const t = account.addresses;

const badge = 'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold';

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

/** "Standaard verzendadres" / "Standaard factuuradres", and "Niet in je regio" for an address abroad. */
function AddressBadges({ address: a }: { address: AddressView }) {
  if (!a.isDefaultShipping && !a.isDefaultBilling && a.inRegion) return null;
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="address-badges">
      {a.isDefaultShipping ? (
        <span className={`${badge} bg-primary-50 text-primary-800 ring-1 ring-primary-200`}>
          <Truck className="h-3.5 w-3.5" aria-hidden />
          {t.defaultShipping}
        </span>
      ) : null}
      {a.isDefaultBilling ? (
        <span className={`${badge} bg-secondary-50 text-secondary-700 ring-1 ring-secondary-200`}>
          <Receipt className="h-3.5 w-3.5" aria-hidden />
          {t.defaultBilling}
        </span>
      ) : null}
      {a.inRegion ? null : (
        <span className={`${badge} bg-amber-50 text-amber-900 ring-1 ring-amber-200`}>
          <Globe2 className="h-3.5 w-3.5" aria-hidden />
          {t.outsideRegion}
        </span>
      )}
    </div>
  );
}

const hidden = (intent: string, id: number) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="id" value={id} />
  </>
);

const smallButton =
  'inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/**
 * One saved address on /account/adressen with its actions. `editProps` make "Wijzigen" open the address
 * modal (the link still goes to the edit page without JavaScript). Deleting asks first in a <details>, so the
 * confirmation works without JavaScript; every action is a plain form post to the page's action.
 */
export function AddressCard({ address: a, editProps }: { address: AddressView; editProps?: Omit<ComponentProps<typeof Link>, 'to'> }) {
  const name = `${a.firstName} ${a.lastName}`;
  const isDefault = a.isDefaultShipping || a.isDefaultBilling;
  return (
    <li
      className={`flex flex-col rounded-3xl bg-white p-5 shadow-xs ring-1 sm:p-6 ${isDefault ? 'ring-primary-300' : 'ring-slate-200'}`}
      data-testid="address-card"
      aria-labelledby={`address-${a.id}-name`}
    >
      <h2 id={`address-${a.id}-name`} className="text-base font-semibold text-slate-900">
        {name}
      </h2>
      <div className="mt-2 empty:hidden">
        <AddressBadges address={a} />
      </div>
      <div className="mt-3 flex-1">
        <AddressBlock address={a} withName={false} />
      </div>

      {a.inRegion && (!a.isDefaultShipping || !a.isDefaultBilling) ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {a.isDefaultShipping ? null : (
            <Form method="post" action="/account/adressen">
              {hidden('set-default-shipping', a.id)}
              <button type="submit" className={`${smallButton} bg-slate-100 text-slate-800 hover:bg-primary-50 hover:text-primary-800`}>
                <Truck className="h-4 w-4" aria-hidden />
                {t.makeDefaultShipping}
              </button>
            </Form>
          )}
          {a.isDefaultBilling ? null : (
            <Form method="post" action="/account/adressen">
              {hidden('set-default-billing', a.id)}
              <button type="submit" className={`${smallButton} bg-slate-100 text-slate-800 hover:bg-secondary-50 hover:text-secondary-700`}>
                <Receipt className="h-4 w-4" aria-hidden />
                {t.makeDefaultBilling}
              </button>
            </Form>
          )}
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4">
        <Link
          to={`/account/adressen/${a.id}`}
          {...editProps}
          className={`${smallButton} -ml-3 text-primary-800 hover:bg-primary-50`}
          aria-label={t.editLabel(name)}
        >
          <Pencil className="h-4 w-4" aria-hidden />
          {t.edit}
        </Link>
        <details className="group open:w-full" data-testid="delete-address">
          <summary
            className={`${smallButton} cursor-pointer list-none text-red-700 hover:bg-red-50 group-open:-ml-3 group-open:text-slate-700 group-open:hover:bg-slate-100 [&::-webkit-details-marker]:hidden`}
          >
            <Trash2 className="h-4 w-4 group-open:hidden" aria-hidden />
            <span className="group-open:hidden">{t.delete}</span>
            <span className="hidden group-open:inline">{t.keep}</span>
          </summary>
          <div className="mt-2 rounded-2xl bg-red-50 p-4 text-sm ring-1 ring-red-200">
            <p className="font-medium text-red-900">{t.deleteQuestion}</p>
            {isDefault ? <p className="mt-1 text-red-800">{t.deleteDefaultNote}</p> : null}
            <Form method="post" action="/account/adressen" className="mt-3">
              {hidden('delete', a.id)}
              <button
                type="submit"
                className="inline-flex items-center gap-2 rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-red-800"
              >
                <Trash2 className="h-4 w-4" aria-hidden />
                {t.deleteConfirm}
              </button>
            </Form>
          </div>
        </details>
      </div>
    </li>
  );
}

/** The "Standaardadressen" card of /account: the default shipping and billing address, or an invitation to add one. */
export function DefaultAddressesCard({ shipping, billing }: { shipping: AddressView | null; billing: AddressView | null }) {
  const c = t.card;
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="default-addresses-title" data-testid="default-addresses">
      <h2 id="default-addresses-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MapPin className="h-5 w-5 text-slate-500" aria-hidden />
        {c.title}
      </h2>
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
    </section>
  );
}
