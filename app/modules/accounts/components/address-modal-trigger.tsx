import { type MouseEvent, Suspense, useCallback, useState } from 'react';
import { lazyComponent } from '~/components/lazy-component.tsx';
import type { AddressView } from '../addresses.ts';

// The modal's code (the form and its texts) is fetched only when a link is hovered,
// focused or used: the pages' first-load JavaScript does not carry it (ADR 022).
const loadModal = () => import('./address-modal.tsx');
const AddressModal = lazyComponent(() => loadModal().then((m) => m.AddressModal));

type Open = { id: number | null; opener: HTMLElement; onSaved?: (address: AddressView) => void };

/**
 * Turns links to /account/adressen/nieuw and /account/adressen/{id} into openers of the address modal.
 * The links stay real links: without JavaScript, before hydration, or opened in a new tab they go to the
 * pages as before. `fallbackFocus` is where focus goes on close when the opener is gone (e.g. the empty
 * state's button once the first address exists).
 */
export function useAddressModal(fallbackFocus?: () => HTMLElement | null) {
  const [open, setOpen] = useState<Open | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const linkProps = (id: number | null, onSaved?: (address: AddressView) => void) => ({
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      setOpen({ id, opener: e.currentTarget, onSaved });
    },
    onPointerEnter: () => void loadModal(),
    onFocus: () => void loadModal(),
    'aria-haspopup': 'dialog' as const,
  });
  const modal = open ? (
    <Suspense fallback={null}>
      <AddressModal
        key={`${open.id}`}
        id={open.id}
        onClose={close}
        onSaved={open.onSaved}
        returnFocusTo={() => (open.opener.isConnected ? open.opener : (fallbackFocus?.() ?? null))}
      />
    </Suspense>
  ) : null;
  return { linkProps, modal };
}
