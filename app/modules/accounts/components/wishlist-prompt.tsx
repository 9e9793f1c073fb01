import { Heart, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { nl } from '~/i18n/nl.ts';

const t = account.wishlist;

/** The wishlist prompt (SPEC §2, §6): a guest who taps a heart is asked to log in or sign up. */
export function WishlistPrompt({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo: () => HTMLElement | null }) {
  const location = useLocation();
  const login = `/inloggen?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade fixed inset-0 z-50 bg-slate-900/40 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="wishlist-prompt"
          // Opened by the heart, not a Dialog.Trigger: hand focus back to it ourselves.
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          className="animate-pop fixed inset-x-0 bottom-0 z-50 rounded-t-3xl bg-white p-6 text-center shadow-2xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-sm sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl"
        >
          <Dialog.Close
            className="absolute top-3 right-3 rounded-full p-2 text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
            aria-label={nl.panels.close}
          >
            <X className="h-5 w-5" aria-hidden />
          </Dialog.Close>
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-rose-50 text-rose-600">
            <Heart className="h-7 w-7 fill-current" aria-hidden />
          </span>
          <Dialog.Title className="mt-4 text-xl font-bold text-slate-900">{t.promptTitle}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600" data-testid="wishlist-prompt-text">
            {account.wishlistGuest}
          </Dialog.Description>
          <div className="mt-6 grid gap-2">
            <Link
              to={login}
              onClick={onClose}
              className={buttonClass('primary', 'md', 'focus-visible:ring-4 focus-visible:ring-primary-300 focus-visible:outline-none')}
            >
              {t.login}
            </Link>
            <Link to="/registreren" onClick={onClose} className={buttonClass('secondary', 'md')}>
              {t.register}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
