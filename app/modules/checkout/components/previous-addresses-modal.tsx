import { Check, History, Mail, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { buttonClass } from '~/components/ui/button.ts';
import { Modal, ModalHeading } from '~/components/ui/modal.tsx';
import { checkout } from '~/i18n/nl/checkout.ts';
import { type GuestAddress, guestAddressInRegion, guestAddressKey } from '../guest-address.ts';

const t = checkout.previous;

/**
 * The dialog of the guest's remembered addresses: "Gebruiken" fills the checkout, "Vergeten" removes one from
 * this browser. An address outside the region's countries is listed, its "Gebruiken" disabled with the reason.
 */
export function PreviousAddressesModal({
  addresses,
  countryName,
  region,
  onUse,
  onForget,
  onClose,
  returnFocusTo,
}: {
  addresses: GuestAddress[];
  countryName: (iso: string) => string;
  region: { name: string; countries: string[] };
  onUse: (address: GuestAddress) => void;
  onForget: (key: string) => void;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  const list = useRef<HTMLDivElement>(null);
  const [announced, setAnnounced] = useState('');
  // The forgotten entry's buttons are gone: focus moves to the next "Gebruiken" (or "Klaar"), and it is said.
  const forget = (key: string) => {
    onForget(key);
    setAnnounced(t.forgotten);
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>('[data-use]:not(:disabled), [data-forget], [data-done]')?.focus());
  };
  return (
    <Modal testId="previous-addresses-modal" onClose={onClose} returnFocusTo={returnFocusTo} className="p-5 sm:max-w-lg sm:p-7">
      <ModalHeading className="text-xl font-bold text-slate-900">
        <History className="h-5 w-5 text-secondary-700" aria-hidden />
        {t.title}
      </ModalHeading>
      <Dialog.Description className="mt-1 text-sm text-slate-600">{t.intro}</Dialog.Description>
      <p role="status" className="sr-only">
        {announced}
      </p>
      <div ref={list}>
      {addresses.length ? (
        <ul className="mt-5 space-y-3" aria-label={t.title}>
          {addresses.map((a, i) => (
            <PreviousAddressItem
              key={guestAddressKey(a)}
              address={a}
              id={`previous-address-${i}`}
              countryName={countryName}
              region={region}
              onUse={() => onUse(a)}
              onForget={() => forget(guestAddressKey(a))}
            />
          ))}
        </ul>
      ) : (
        <div className="mt-5">
          <p role="status" className="rounded-2xl bg-slate-50 p-4 text-sm text-slate-700 ring-1 ring-slate-200" data-testid="previous-addresses-none">
            {t.none}
          </p>
          <Dialog.Close data-done className={buttonClass('secondary', 'md', 'mt-4')}>
            {t.done}
          </Dialog.Close>
        </div>
      )}
      </div>
    </Modal>
  );
}

/** One remembered address: its lines, why it is outside the region (if so) and its two buttons. */
function PreviousAddressItem({
  address: a,
  id,
  countryName,
  region,
  onUse,
  onForget,
}: {
  address: GuestAddress;
  id: string;
  countryName: (iso: string) => string;
  region: { name: string; countries: string[] };
  onUse: () => void;
  onForget: () => void;
}) {
  const s = a.shipping;
  const usable = guestAddressInRegion(a, region.countries);
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="previous-address">
      <div id={id} className="text-sm leading-6 text-slate-700">
        <p className="font-semibold text-slate-900">
          {s.firstName} {s.lastName}
        </p>
        <p>
          {s.line1}
          {s.line2 ? `, ${s.line2}` : null}
        </p>
        <p>
          {s.postalCode} {s.city}
          {s.state ? `, ${s.state}` : null}
        </p>
        <p>{countryName(s.country)}
        </p>
        {a.email ? (
          <p className="mt-1 flex items-center gap-1.5 text-slate-600">
            <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 truncate">{a.email}</span>
          </p>
        ) : null}
      </div>
      {usable ? null : (
        <p id={`${id}-outside`} data-testid="previous-address-outside" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {t.outsideRegion(countryName(s.country), region.name, region.countries.map(countryName))}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <button
          type="button"
          data-use
          disabled={!usable}
          aria-describedby={usable ? id : `${id} ${id}-outside`}
          onClick={onUse}
          className={buttonClass('primary', 'md', 'py-2')}
        >
          <Check className="h-4 w-4" aria-hidden />
          {t.use}
        </button>
        <button
          type="button"
          data-forget
          aria-describedby={id}
          onClick={onForget}
          className={buttonClass('ghost', 'md', 'py-2 text-red-700 hover:bg-red-50 hover:text-red-800')}
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          {t.forget}
        </button>
      </div>
    </li>
  );
}
