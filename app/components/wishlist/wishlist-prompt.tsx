import { Heart } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Modal, ModalClose } from '~/components/ui/modal.tsx';
import { account } from '~/i18n/nl/account.ts';
import { loginReturnPath } from '~/lib/login-return.ts';

const t = account.wishlist;

/** The wishlist prompt (SPEC §2, §6): a guest who taps a heart is asked to log in or sign up. */
export function WishlistPrompt({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo: () => HTMLElement | null }) {
  const login = `/inloggen?${new URLSearchParams({ redirectTo: loginReturnPath(useLocation()) })}`;
  return (
    <Modal testId="wishlist-prompt" onClose={onClose} returnFocusTo={returnFocusTo} className="p-6 text-center sm:max-w-sm">
      <ModalClose className="absolute top-3 right-3" />
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
    </Modal>
  );
}
