import { ChevronRight, History } from 'lucide-react';
import { Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { useHydrated } from '~/components/use-hydrated.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { forgetGuestAddress, type GuestAddress, savedGuestAddresses } from '../guest-address.ts';

const t = checkout.previous;

// The dialog's code is fetched when the button is hovered, focused or used (ADR 022).
const loadModal = () => import('./previous-addresses-modal.tsx');
const PreviousAddressesModal = lazyComponent(() => loadModal().then((m) => m.PreviousAddressesModal));

/**
 * The guest's address modal (SPEC §2 "a separate address modal for non-authenticated users", ADR 022):
 * when this browser remembers addresses of earlier orders, a button opens a dialog listing them. It never
 * talks to the server; the checkout's own validation checks the address at placement. Needs JavaScript,
 * like the storage it reads, so nothing of it is rendered on the server or before hydration.
 */
export function PreviousAddresses({
  onUse,
  countryName,
  region,
  fallbackFocus,
}: {
  onUse: (address: GuestAddress) => void;
  countryName: (iso: string) => string;
  /** The region's name and countries: a remembered address elsewhere is shown but cannot be used. */
  region: { name: string; countries: string[] };
  /** Where focus goes when the dialog closes and the button is gone (the last address forgotten). */
  fallbackFocus: () => HTMLElement | null;
}) {
  const hydrated = useHydrated();
  // Storage exists only in the browser: read after hydration, again after each "Vergeten".
  const [version, setVersion] = useState(0);
  const addresses = useMemo(() => (hydrated ? savedGuestAddresses() : []), [hydrated, version]); // eslint-disable-line react-hooks/exhaustive-deps -- `version` re-reads the storage
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const forget = useCallback((key: string) => {
    forgetGuestAddress(key);
    setVersion((v) => v + 1);
  }, []);
  if (!addresses.length && !open) return null;
  return (
    <>
      {addresses.length ? (
        <button
          ref={button}
          type="button"
          aria-haspopup="dialog"
          aria-label={t.openLabel(addresses.length)}
          onPointerEnter={() => void loadModal()}
          onFocus={() => void loadModal()}
          onClick={() => setOpen(true)}
          data-testid="previous-addresses"
          className="mb-5 flex w-full items-center gap-3 rounded-2xl bg-secondary-50 px-4 py-3 text-left text-sm ring-1 ring-secondary-200 transition-colors hover:bg-secondary-100 focus-visible:ring-2 focus-visible:ring-secondary-600 focus-visible:outline-none"
        >
          <History className="h-5 w-5 shrink-0 text-secondary-700" aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-2 font-semibold text-secondary-700">
              {t.open}
              <span className="rounded-full bg-white px-2 py-0.5 text-xs tabular-nums ring-1 ring-secondary-200">{addresses.length}</span>
            </span>
            <span className="mt-0.5 block text-slate-700">{t.hint}</span>
          </span>
          <ChevronRight className="h-5 w-5 shrink-0 text-secondary-700" aria-hidden />
        </button>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <PreviousAddressesModal
            addresses={addresses}
            countryName={countryName}
            region={region}
            onUse={(a) => {
              onUse(a);
              close();
            }}
            onForget={forget}
            onClose={close}
            returnFocusTo={() => (button.current?.isConnected ? button.current : fallbackFocus())}
          />
        </Suspense>
      ) : null}
    </>
  );
}
