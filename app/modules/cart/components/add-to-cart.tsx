import { ShoppingBag } from 'lucide-react';
import { type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { JsField } from '~/components/js-field.tsx';
import type { CartActionData } from '../cart.server.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

// The modal (Radix Dialog) loads on the first add only: it stays out of the product page's first-load JS.
const AddedDialog = lazyComponent(() => import('./added-dialog.tsx').then((m) => m.AddedDialog));

/**
 * The product page's add-to-cart form around the pack radios (`children`): a fetcher form to the
 * cart action (the header badge counts it at once, then the add-to-cart modal opens). Without
 * JavaScript it is a plain post that comes back to this page with a flash message.
 */
export function AddToCart({
  product,
  children,
  soldOut,
  aside,
}: {
  product: { slug: string; name: string };
  children: ReactNode;
  soldOut: boolean;
  /** Beside the add button (the wishlist heart); it must not submit this form. */
  aside?: ReactNode;
}) {
  const fetcher = useFetcher<CartActionData>({ key: `add-to-cart-${product.slug}` });
  const location = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  // The modal belongs to one answer: closing it remembers that answer, a new add opens it again.
  const [closedFor, setClosedFor] = useState<CartActionData | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const open = !!result?.ok && closedFor !== result;
  const error = result && !result.ok ? result.error : null;
  return (
    <fetcher.Form
      method="post"
      action="/besteloverzicht"
      className="space-y-4"
      data-testid="add-to-cart"
      // Adding is not idempotent: a second click while the first is on its way must not add twice.
      onSubmit={(e) => {
        if (busy) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <JsField />
      {children}
      <div className="flex items-end gap-3">
        <QuantityInput disabled={soldOut} />
        <button
          ref={button}
          type="submit"
          disabled={soldOut}
          aria-disabled={busy || undefined}
          aria-describedby={errorId}
          className={buttonClass('primary', 'lg', 'flex-1 focus-visible:ring-4 focus-visible:ring-primary-300 focus-visible:outline-none aria-disabled:opacity-80')}
          data-testid="add-to-cart-button"
        >
          <ShoppingBag className="h-5 w-5" aria-hidden />
          {soldOut ? catalogText.soldOut : busy ? cartText.adding : cartText.addToCart}
        </button>
        {aside}
      </div>
      <p id={errorId} aria-live="polite" className="min-h-5 text-sm font-medium text-red-700" data-testid="add-error">
        {error}
      </p>
      {open && result ? (
        <Suspense fallback={null}>
          <AddedDialog product={product} result={result} onClose={() => setClosedFor(result)} returnFocusTo={() => button.current} />
        </Suspense>
      ) : null}
    </fetcher.Form>
  );
}

function QuantityInput({ disabled }: { disabled: boolean }) {
  const quantityId = useId();
  return (
    <div className="w-24 shrink-0">
      <label htmlFor={quantityId} className="text-sm font-medium text-slate-800">
        {cartText.quantity}
      </label>
      <input
        id={quantityId}
        type="number"
        name="quantity"
        min={1}
        max={99}
        step={1}
        defaultValue={1}
        inputMode="numeric"
        disabled={disabled}
        data-testid="add-quantity"
        className="mt-1 w-full rounded-full border border-slate-300 bg-white px-4 py-2.5 text-center font-semibold tabular-nums focus:border-primary-600 focus:ring-2 focus:ring-primary-200 focus:outline-none disabled:bg-slate-50"
      />
    </div>
  );
}
