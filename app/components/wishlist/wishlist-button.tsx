import { type ComponentProps, Suspense } from 'react';
import { lazyComponent } from '~/components/lazy-component.tsx';
import type { WishlistToggle, WishlistToggleForm } from './wishlist-toggle.tsx';

export type { WishlistAnswer } from './wishlist-toggle.tsx';

// The hearts are server-rendered as plain forms (they work before and without JavaScript); their code
// is fetched while the page hydrates instead of with the page, which keeps the product page inside its
// first-load JS budget. Each heart hydrates on its own (its own Suspense), never holding up the page.
const load = () => import('./wishlist-toggle.tsx');
const Toggle = lazyComponent(() => load().then((m) => m.WishlistToggle));
const ToggleForm = lazyComponent(() => load().then((m) => m.WishlistToggleForm));

/** The wishlist heart of a strain (product cards, product page). */
export function WishlistButton(props: ComponentProps<typeof WishlistToggle>) {
  return (
    <Suspense fallback={null}>
      <Toggle {...props} />
    </Suspense>
  );
}

/** Fetches the hearts' code: for a part that renders them later (ADR 048) without their fallback showing first. */
export const preloadWishlistButton = () => Promise.all([Toggle.preload(), ToggleForm.preload()]);

/** The heart's form on its own, for a WishlistButton with `form` that sits inside another form. */
export function WishlistForm(props: ComponentProps<typeof WishlistToggleForm>) {
  return (
    <Suspense fallback={null}>
      <ToggleForm {...props} />
    </Suspense>
  );
}
