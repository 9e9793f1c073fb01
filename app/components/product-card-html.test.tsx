import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProductCard } from './product-card.tsx';
import { preloadCardImage, productCardHtml } from './product-card-html.ts';
import { ToastProvider } from './ui/toaster.tsx';
import { preloadWishlistButton } from './wishlist/wishlist-button.tsx';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';

const base: ProductCardData = {
  id: 57,
  slug: 'gracht-glue',
  name: 'Gracht Glue',
  type: 'hybrid',
  flowering: 'photoperiod',
  sex: 'feminized',
  thc: 270,
  cbd: 5,
  floweringDaysMax: 63,
  ratingAvg: 40,
  reviewCount: 1,
  summary: 'Kleverig.',
  fromPrice: 995,
  currency: 'EUR',
  image: null,
};

// React's render of the real card, in a router whose root loader says which strains are on the wishlist.
function reactHtml(p: ProductCardData, priority: boolean, path: string, wishlist: number[]) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => (
        <ToastProvider>
          <ProductCard p={p} priority={priority} />
        </ToastProvider>
      ),
    },
  ]);
  const html = renderToString(<Stub initialEntries={[path]} hydrationData={{ loaderData: { root: { wishlist } } }} />);
  // React's marks for hydration (Suspense boundaries, text-node separators) are not part of the markup.
  return normalSvg(html.replace(/<!--\/?\$-->|<!-- -->/g, ''));
}

// The build draws lucide's icons with app/components/ui/icon.tsx (ADR 061): the same picture, without lucide's own
// class names and namespace attribute and with the attributes in another order. Compared as that build renders them;
// also the image preload, whose attributes React writes in another order when asked through preload().
function normalSvg(html: string) {
  return html.replace(/<(svg|link) ([^>]*?)(\/?)>/g, (_, tag: string, attrs: string, close: string) => {
    const list = [...attrs.matchAll(/([\w-]+)="([^"]*)"/g)]
      .filter((m) => m[1] !== 'xmlns')
      .map((m) => `${m[1]}="${m[1] === 'class' ? m[2]!.replace(/^lucide lucide-[\w-]+ /, '') : m[2]}"`)
      .sort();
    return `<${tag} ${list.join(' ')}${close}>`;
  });
}

// The string, with the image preload it asks for: React writes that at the start of a fragment render.
function stringHtml(p: ProductCardData, priority: boolean, path: string, saved: boolean) {
  function Card() {
    if (priority) preloadCardImage(p);
    return <div dangerouslySetInnerHTML={{ __html: productCardHtml(p, { priority, redirectTo: path, saved }) }} />;
  }
  const html = renderToString(<Card />);
  return normalSvg(html.replace(/<div>([\s\S]*)<\/div>$/, '$1'));
}

describe('productCardHtml', () => {
  beforeAll(() => preloadWishlistButton());

  const cases: [string, ProductCardData][] = [
    ['a plain card', base],
    ['sold out, regular autoflower, no reviews, CBD shown, a photo', { ...base, fromPrice: null, sex: 'regular', flowering: 'autoflower', reviewCount: 0, cbd: 125, image: 'v3 x' }],
    ['many reviews, another currency, a name to escape', { ...base, reviewCount: 12, ratingAvg: 45, currency: 'GBP', fromPrice: 1234, name: `Tom & Jerry's "<Kush>"`, type: 'mostly_sativa' }],
  ];
  for (const [name, p] of cases)
    for (const priority of [true, false])
      for (const saved of [true, false])
        it(`is React's markup: ${name}${priority ? ', above the fold' : ''}${saved ? ', on the wishlist' : ''}`, () => {
          const path = '/?thc-min=3&sorteer=thc&q=a"b<c';
          const expected = reactHtml(p, priority, path, saved ? [p.id] : []);
          expect(expected).toContain('data-testid="product-card"');
          expect(stringHtml(p, priority, path, saved)).toBe(expected);
        });
});
