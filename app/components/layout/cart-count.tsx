import { nl } from '~/i18n/nl.ts';
import { CART_BADGE, CART_COUNT_ID } from './personal-data.ts';

/**
 * The header's cart count: a description for screen readers and the badge. Both are always rendered (the badge
 * `hidden` at 0) so the page cache can put a cart visitor's count into a cached anonymous page (ADR 031); the
 * browser then hydrates with the anonymous count, so React is told to keep the server's text and attributes here
 * until the visitor's own cart arrives a render later.
 */
export function CartCount({ count }: { count: number }) {
  return (
    <>
      {/* The button's name is its aria-label; the count is its description (always present, empty at 0). */}
      <span id={CART_COUNT_ID} className="sr-only" suppressHydrationWarning>
        {count > 0 ? nl.panels.cartBadge(count) : ''}
      </span>
      <span
        data-cart={CART_BADGE}
        data-testid={count > 0 ? 'cart-count' : undefined}
        hidden={count === 0}
        aria-hidden
        className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary-700 px-1 text-[11px] font-bold text-white ring-2 ring-white"
        suppressHydrationWarning
      >
        {count}
      </span>
    </>
  );
}
