import { Globe2, type LucideIcon, Pencil, Receipt, Trash2, Truck } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Form, Link } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import type { AddressView } from '../addresses.ts';
import { AddressBlock, badge, smallButton } from './address-block.tsx';

const t = account.addresses;

function AddressBadge({ icon: Icon, className, label }: { icon: LucideIcon; className: string; label: string }) {
  return (
    <span className={`${badge} ring-1 ${className}`}>
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {label}
    </span>
  );
}

/** "Standaard verzendadres" / "Standaard factuuradres", and "Niet in je regio" for an address abroad. */
function AddressBadges({ address: a }: { address: AddressView }) {
  if (!a.isDefaultShipping && !a.isDefaultBilling && a.inRegion) return null;
  return (
    <div className="flex flex-wrap gap-1.5" data-testid="address-badges">
      {a.isDefaultShipping ? <AddressBadge icon={Truck} className="bg-primary-50 text-primary-800 ring-primary-200" label={t.defaultShipping} /> : null}
      {a.isDefaultBilling ? <AddressBadge icon={Receipt} className="bg-secondary-50 text-secondary-700 ring-secondary-200" label={t.defaultBilling} /> : null}
      {a.inRegion ? null : <AddressBadge icon={Globe2} className="bg-amber-50 text-amber-900 ring-amber-200" label={t.outsideRegion} />}
    </div>
  );
}

const hidden = (intent: string, id: number) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="id" value={id} />
  </>
);

/** "Als standaard verzendadres" / "Als standaard factuuradres": one button, one plain form post. */
function MakeDefault({ intent, id, icon: Icon, hover, label }: { intent: string; id: number; icon: LucideIcon; hover: string; label: string }) {
  return (
    <Form method="post" action="/account/adressen">
      {hidden(intent, id)}
      <button type="submit" className={`${smallButton} bg-slate-100 text-slate-800 ${hover}`}>
        <Icon className="h-4 w-4" aria-hidden />
        {label}
      </button>
    </Form>
  );
}

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
          {a.isDefaultShipping ? null : <MakeDefault intent="set-default-shipping" id={a.id} icon={Truck} hover="hover:bg-primary-50 hover:text-primary-800" label={t.makeDefaultShipping} />}
          {a.isDefaultBilling ? null : <MakeDefault intent="set-default-billing" id={a.id} icon={Receipt} hover="hover:bg-secondary-50 hover:text-secondary-700" label={t.makeDefaultBilling} />}
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
