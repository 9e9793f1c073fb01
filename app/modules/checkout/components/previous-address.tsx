import { History, X } from 'lucide-react';
import { useState } from 'react';
import { useHydrated } from '~/components/use-hydrated.ts';
import { checkout } from '~/i18n/nl/checkout.ts';
import { forgetGuestAddress, type GuestAddress, savedGuestAddress } from '../guest-address.ts';

const t = checkout.previous;

/** "Vorig adres gebruiken": offered when this browser placed an order before (needs JavaScript, like the storage). */
export function PreviousAddress({ onUse }: { onUse: (address: GuestAddress) => void }) {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  // Storage exists only in the browser: nothing on the server or during hydration.
  const saved = hydrated && !done ? savedGuestAddress() : null;
  if (!saved) return null;
  const a = saved.shipping;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-secondary-50 p-4 text-sm ring-1 ring-secondary-200" data-testid="previous-address">
      <History className="h-5 w-5 shrink-0 text-secondary-700" aria-hidden />
      <p className="min-w-0 flex-1 text-slate-800">{t.label(`${a.firstName} ${a.lastName}, ${a.line1}, ${a.postalCode} ${a.city}`)}</p>
      <button
        type="button"
        className="rounded-full bg-white px-4 py-2 font-semibold text-secondary-700 ring-1 ring-secondary-200 hover:bg-secondary-100"
        onClick={() => {
          onUse(saved);
          setDone(true);
        }}
      >
        {t.use}
      </button>
      <button
        type="button"
        aria-label={t.forgetLabel}
        title={t.forget}
        className="rounded-full p-2 text-slate-600 hover:bg-secondary-100 hover:text-slate-900"
        onClick={() => {
          forgetGuestAddress();
          setDone(true);
        }}
      >
        <X className="h-4 w-4" aria-hidden />
      </button>
    </div>
  );
}
