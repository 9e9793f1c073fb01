import { Heart, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { data, Link, redirect, useFetcher } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { JsField } from '~/components/js-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { currentSession, endSessionCookie, sessionToken } from '~/modules/accounts/auth.server.ts';
import type { WishlistAnswer } from '~/components/wishlist/wishlist-button.tsx';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { parseWishlistForm } from '~/modules/accounts/wishlist.schemas.ts';
import { addToWishlist, removeFromWishlist, type WishlistResult } from '~/modules/accounts/wishlist.server.ts';
import { wishlistCards } from '~/flows/wishlist-cards.server.ts';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';
import { ProductCard } from '~/components/product-card.tsx';
import { safeRedirect } from '~/lib/routing.ts';
import type { Route } from './+types/wishlist.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';

const t = account.wishlist;
const PATH = '/account/wishlist';

/** A guest goes to the log-in page, which shows the SPEC §6 wishlist text, and comes back to `back` afterwards. */
async function requireUser(db: Route.LoaderArgs['context']['db'], request: Request, back: string) {
  const current = await currentSession(db, request);
  if (current) return current.user;
  throw redirect(`/inloggen?${new URLSearchParams({ redirectTo: back, reden: 'verlanglijst' })}`, {
    headers: sessionToken(request) ? { 'Set-Cookie': endSessionCookie(request) } : undefined,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await requireUser(context.db, request, url.pathname + url.search);
  return { items: await wishlistCards(context.db, request, user.id) };
}

export const headers = privatePageHeaders;

/**
 * THE wishlist action: intents add | remove, from the hearts and this page's remove buttons.
 * Enhanced forms send `js=1` (rendered after hydration) and get data; a plain post is redirected
 * back to `redirectTo` (same-site only) with a flash message. Bad input is a 400 with a message, never a 500.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const back = safeRedirect(form.get('redirectTo'), PATH);
  const user = await requireUser(context.db, request, back);
  // Both intents read the same form (the product id); the schema tells them apart.
  return dispatchIntent(form, { add: save, remove: save }, { invalid: account.staleForm });

  async function save(form: FormData) {
    const parsed = parseWishlistForm(form);
    let result: WishlistResult = parsed;
    if (parsed.ok && parsed.action.intent === 'add') result = await addToWishlist(context.db, user.id, parsed.action.productId);
    if (parsed.ok && parsed.action.intent === 'remove') await removeFromWishlist(context.db, user.id, parsed.action.productId);

    if (form.get('js') === '1') {
      const body: WishlistAnswer = { ok: result.ok, error: result.ok ? null : result.error };
      return data(body, { status: parsed.ok ? 200 : 400 });
    }
    const title = !result.ok ? result.error : parsed.ok && parsed.action.intent === 'add' ? t.added : t.removed;
    return redirect(back, { headers: { 'Set-Cookie': flashCookie(request, { title }) } });
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountWishlistPage({ loaderData: { items } }: Route.ComponentProps) {
  // A removed card leaves the page: focus goes to the list (or the empty state) instead of the document.
  const region = useRef<HTMLElement>(null);
  const focusRegion = () => setTimeout(() => region.current?.focus());
  return (
    <AccountShell title={t.title} intro={items.length > 0 ? <p data-testid="wishlist-count">{t.count(items.length)}</p> : undefined}>
      <section ref={region} tabIndex={-1} aria-labelledby="wishlist-heading" className="rounded-3xl outline-none" data-testid="wishlist">
        {items.length === 0 ? (
          <div className="rounded-3xl bg-white px-6 py-12 text-center ring-1 ring-slate-200 sm:py-16" data-testid="wishlist-empty">
            <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-rose-50 text-rose-600">
              <Heart className="h-8 w-8" aria-hidden />
            </span>
            <h2 id="wishlist-heading" className="mt-4 text-lg font-semibold text-slate-900">
              {t.empty}
            </h2>
            <p className="mx-auto mt-2 max-w-sm text-slate-600">{t.emptyHint}</p>
            <Link to="/product" className={buttonClass('primary', 'md', 'mt-6')}>
              {t.browse}
            </Link>
          </div>
        ) : (
          <>
            {/* Keeps the heading order (h1, h2, then the cards' h3) for screen-reader navigation. */}
            <h2 id="wishlist-heading" className="sr-only">
              {t.listLabel}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              {items.map((p, i) => (
                <WishlistItem key={p.id} p={p} priority={i < 2} onRemove={focusRegion} />
              ))}
            </ul>
          </>
        )}
      </section>
    </AccountShell>
  );
}

function WishlistItem({ p, priority, onRemove }: { p: ProductCardData; priority: boolean; onRemove: () => void }) {
  // The same fetcher key as the hearts: a remove here and a heart elsewhere share one pending state.
  const fetcher = useFetcher<WishlistAnswer>({ key: `wishlist-${p.id}` });
  // Gone at once; the page's data confirms it when the action is done.
  if (fetcher.formData?.get('intent') === 'remove') return null;
  return (
    <li className="flex flex-col gap-2" data-testid="wishlist-item">
      <ProductCard p={p} priority={priority} heart={false} />
      <fetcher.Form method="post" action={PATH} onSubmit={onRemove}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={p.id} />
        <input type="hidden" name="redirectTo" value={PATH} />
        <JsField />
        <button
          type="submit"
          aria-label={t.removeLabel(p.name)}
          className={buttonClass('ghost', 'md', 'w-full text-slate-600 hover:text-rose-700')}
          data-testid="wishlist-remove"
        >
          <Trash2 className="h-4 w-4" aria-hidden />
          {t.remove}
        </button>
      </fetcher.Form>
    </li>
  );
}
