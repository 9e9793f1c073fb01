import { Heart } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useFormAddress } from '~/components/part-memo.tsx';
import { useShop } from '~/components/shop-context.ts';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { useToast } from '~/components/ui/toaster.tsx';
import { JsField } from '~/components/js-field.tsx';
import { nl } from '~/i18n/nl.ts';

// The guest prompt (Radix Dialog) loads on the first click of a guest: it stays out of first-load JS.
const WishlistPrompt = lazyComponent(() => import('./wishlist-prompt.tsx').then((m) => m.WishlistPrompt));

export type WishlistAnswer = { ok: boolean; error: string | null };

// One fetcher per strain: every heart of that strain on the page (and its form) shares the pending state.
const useWishlistFetcher = (productId: number) => useFetcher<WishlistAnswer>({ key: `wishlist-${productId}` });
// A refusal is shown once, also when the heart remounts with the fetcher's old answer.
const shownAnswers = new WeakSet<WishlistAnswer>();

/** Saved or not: a pending add or remove shows at once; otherwise the root loader's ids (logged-in visitors only). */
function useSaved(productId: number, pendingIntent: FormDataEntryValue | null | undefined) {
  const shop = useShop();
  return pendingIntent ? pendingIntent === 'add' : (shop?.wishlist?.includes(productId) ?? false);
}

/**
 * The form behind a heart: a plain post to /account/wishlist without JavaScript (a guest lands on the
 * log-in page, a user comes back to this page), a fetcher with it. `id` lets a button elsewhere submit it.
 */
export function WishlistToggleForm({ productId, id, className, children }: { productId: number; id?: string; className?: string; children?: ReactNode }) {
  const fetcher = useWishlistFetcher(productId);
  const saved = useSaved(productId, fetcher.formData?.get('intent'));
  const address = useFormAddress();
  return (
    <fetcher.Form method="post" action="/account/wishlist" id={id} className={className}>
      {/* Marked and in this order for the page cache, which presses a logged-in customer's hearts (ADR 047). */}
      <input data-heart-intent={productId} type="hidden" name="intent" value={saved ? 'remove' : 'add'} suppressHydrationWarning />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={address} />
      <JsField />
      {children}
    </fetcher.Form>
  );
}

/**
 * The heart toggle. The name stays the same and aria-pressed tells the state (WAI-ARIA APG toggle
 * button); the tooltip says what a click does. A guest with JavaScript gets the wishlist prompt instead.
 * `form`: the id of a WishlistToggleForm rendered elsewhere (the product page's heart sits inside the add-to-cart form).
 */
export function WishlistToggle({ productId, form, size = 'md', className = '' }: { productId: number; form?: string; size?: 'md' | 'lg'; className?: string }) {
  const shop = useShop();
  const fetcher = useWishlistFetcher(productId);
  const saved = useSaved(productId, fetcher.formData?.get('intent'));
  const { toast } = useToast();
  const button = useRef<HTMLButtonElement>(null);
  const [prompt, setPrompt] = useState(false);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!answer?.error || shownAnswers.has(answer)) return;
    shownAnswers.add(answer);
    toast({ id: `wishlist-${productId}`, title: answer.error, type: 'foreground' });
  }, [answer, productId, toast]);

  const heart = (
    <button
      // Marked and in this order for the page cache, which presses a logged-in customer's hearts (ADR 047); the
      // look follows aria-pressed, so the state is these attributes alone.
      data-heart={productId}
      aria-pressed={saved}
      title={saved ? nl.wishlist.remove : nl.wishlist.save}
      suppressHydrationWarning
      ref={button}
      type="submit"
      form={form}
      aria-label={nl.wishlist.save}
      data-testid="wishlist-button"
      onClick={(e) => {
        if (shop?.user) return;
        e.preventDefault();
        setPrompt(true);
      }}
      className={`group inline-flex shrink-0 items-center justify-center rounded-full bg-white text-slate-600 ring-1 transition hover:text-rose-600 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none active:scale-90 aria-pressed:text-rose-600 aria-pressed:ring-rose-200 aria-pressed:hover:bg-rose-50 ${
        size === 'lg' ? 'h-12 w-12 ring-slate-300' : 'h-9 w-9 shadow-sm ring-slate-200'
      } ${form ? className : ''}`}
    >
      <Heart className={`${size === 'lg' ? 'h-6 w-6' : 'h-5 w-5'} group-aria-pressed:fill-current`} aria-hidden />
    </button>
  );
  // The prompt is a sibling, not a child, of the button: React events bubble out of portals, and a
  // click on the prompt's links must not reach the button's handler.
  const dialog = prompt ? (
    <Suspense fallback={null}>
      <WishlistPrompt onClose={() => setPrompt(false)} returnFocusTo={() => button.current} />
    </Suspense>
  ) : null;
  return form ? (
    <>
      {heart}
      {dialog}
    </>
  ) : (
    <WishlistToggleForm productId={productId} className={className}>
      {heart}
      {dialog}
    </WishlistToggleForm>
  );
}
