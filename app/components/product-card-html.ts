import { preload } from 'react-dom';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { nl } from '~/i18n/nl.ts';
import { addToCompareHref } from '~/lib/compare-href.ts';
import { oneDecimalNumber } from '~/lib/format.ts';
import { strainImageSrcSet, strainImageUrl } from '~/lib/image-urls.ts';
import { formatMoney } from '~/lib/money.ts';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';

// The normal product card (product-card.tsx ProductCard) as an HTML string, for the server render of a listing's
// cards: they stay the server's HTML until used (HydrateOnVisible, ADR 048), so React never hydrates this markup,
// and a string costs a fraction of rendering the card's components, its link's and heart's hooks (ADR 071). It is
// the same markup as React's render (product-card-html.test.tsx compares them), without React's hydration marks.

// React's escaping of text and attribute values (escapeTextForBrowser).
const ESC: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const esc = (s: string | number) => String(s).replace(/["&'<>]/g, (c) => ESC[c]!);

const SVG = 'width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';
// lucide-react's Heart and Star (the version is pinned in package.json; the test notices a change).
const HEART = 'M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5';
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';
const BADGE = 'rounded-full px-2 py-0.5 text-xs font-medium';
const HEART_BUTTON =
  'group inline-flex shrink-0 items-center justify-center rounded-full bg-white text-slate-600 ring-1 transition hover:text-rose-600 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none active:scale-90 aria-pressed:text-rose-600 aria-pressed:ring-rose-200 aria-pressed:hover:bg-rose-50 h-9 w-9 shadow-sm ring-slate-200 ';

export type CardHtmlOptions = {
  priority: boolean;
  /** The page's address (pathname + search): where the heart's form sends a visitor without JavaScript back to. */
  redirectTo: string;
  /** The strain is on the visitor's wishlist. */
  saved: boolean;
};

const SIZES = '(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw';

/**
 * The preload React adds to the document's head for an image rendered with high priority (the first cards'): a card
 * given as a string needs it asked for. Call while rendering, on the server.
 */
export function preloadCardImage(p: ProductCardData) {
  preload(strainImageUrl(p.slug, undefined, p.image), { as: 'image', imageSrcSet: strainImageSrcSet(p.slug, p.image), imageSizes: SIZES, fetchPriority: 'high' });
}

/** The normal card with its heart (ProductCard with variant 'normal' and heart). */
export function productCardHtml(p: ProductCardData, { priority, redirectTo, saved }: CardHtmlOptions): string {
  const slug = esc(p.slug);
  const img =
    `<img src="${esc(strainImageUrl(p.slug, undefined, p.image))}" srcSet="${esc(strainImageSrcSet(p.slug, p.image))}" sizes="${SIZES}" alt="" width="480" height="480" loading="${priority ? 'eager' : 'lazy'}" decoding="async"` +
    `${priority ? ' fetchPriority="high"' : ''} class="bg-slate-200 object-cover aspect-square w-full"/>`;
  const heart =
    `<form class="absolute top-2.5 right-2.5 z-10" data-discover="true" action="/account/wishlist" method="post">` +
    `<input data-heart-intent="${p.id}" type="hidden" name="intent" value="${saved ? 'remove' : 'add'}"/><input type="hidden" name="productId" value="${p.id}"/>` +
    `<input type="hidden" name="redirectTo" value="${esc(redirectTo)}"/><input type="hidden" name="js"/>` +
    `<button data-heart="${p.id}" aria-pressed="${saved}" title="${esc(saved ? nl.wishlist.remove : nl.wishlist.save)}" type="submit" aria-label="${esc(nl.wishlist.save)}" data-testid="wishlist-button" class="${HEART_BUTTON}">` +
    `<svg ${SVG} class="h-5 w-5 group-aria-pressed:fill-current"><path d="${HEART}"></path></svg></button></form>`;
  const badges =
    `<div class="flex flex-wrap gap-1"><span class="${BADGE} bg-primary-50 text-primary-800">${esc(catalogText.types[p.type])}</span>` +
    `<span class="${BADGE} ${p.flowering === 'autoflower' ? 'bg-amber-50 text-amber-800' : 'bg-secondary-50 text-secondary-700'}">${esc(catalogText.identity[p.flowering])}</span>` +
    `${p.sex === 'regular' ? `<span class="${BADGE} bg-slate-100 text-slate-700">${esc(catalogText.identity.regular)}</span>` : ''}</div>`;
  const rating =
    p.reviewCount === 0
      ? ''
      : `<span class="inline-flex items-center gap-1 text-xs text-slate-600" aria-label="${esc(catalogText.rating(p.ratingAvg, p.reviewCount))}">` +
        `<svg ${SVG} class="h-3.5 w-3.5 fill-amber-400 text-amber-400"><path d="${STAR}"></path></svg>${esc(oneDecimalNumber(p.ratingAvg / 10))}<span aria-hidden="true">(${p.reviewCount})</span></span>`;
  const price =
    p.fromPrice === null
      ? `<span class="text-sm font-medium text-slate-500 ">${esc(catalogText.soldOut)}</span>`
      : `<span class="font-semibold text-slate-900 "><span class="text-xs font-normal text-slate-500">${esc(catalogText.from)} </span>${esc(formatMoney(p.fromPrice, p.currency))}</span>`;
  return (
    `<article class="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200 transition hover:shadow-lg hover:ring-primary-300" data-testid="product-card">` +
    img +
    heart +
    `<div class="flex flex-1 flex-col gap-2 p-4">${badges}` +
    `<h3 class="font-semibold text-slate-900"><a class="after:absolute after:inset-0 focus-visible:outline-none" href="/product/${slug}" data-discover="true">${esc(p.name)}</a></h3>` +
    `<p class="text-xs text-slate-600">${esc(catalogText.thcShort(p.thc))}${p.cbd >= 10 ? esc(` · ${catalogText.cbdShort(p.cbd)}`) : ''}</p>` +
    `<a href="${esc(addToCompareHref(p.slug))}" rel="nofollow" class="font-medium text-secondary-700 underline underline-offset-2 hover:text-secondary-800 relative z-10 w-fit text-xs" data-testid="compare-link">${esc(catalogText.compare)}</a>` +
    `<div class="mt-auto flex items-center justify-between gap-2 pt-1">${rating}${price}</div></div></article>`
  );
}
