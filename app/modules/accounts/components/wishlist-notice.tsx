import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { account } from '~/i18n/nl/account.ts';

/** Above the log-in form when a guest came from a heart or /account/wishlist (`?reden=verlanglijst`): the SPEC §6 text. */
export function WishlistNotice({ redirectTo }: { redirectTo: string | null }) {
  const register = redirectTo ? `/registreren?${new URLSearchParams({ redirectTo })}` : '/registreren';
  return (
    <div className="mb-5 flex gap-3 rounded-2xl bg-rose-50 p-4 text-sm text-rose-950 ring-1 ring-rose-200" data-testid="wishlist-notice">
      <Heart className="mt-0.5 h-5 w-5 shrink-0 fill-rose-600 text-rose-600" aria-hidden />
      <div>
        <p data-testid="wishlist-notice-text">{account.wishlistGuest}</p>
        <Link to={register} className="mt-1 inline-block font-semibold text-rose-900 underline">
          {account.wishlist.register}
        </Link>
      </div>
    </div>
  );
}
