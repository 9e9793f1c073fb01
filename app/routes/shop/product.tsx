import { product } from '~/i18n/nl/product.ts';
import { shortNumber } from '~/lib/format.ts';
import { Repeat, ShieldCheck, Star, Truck } from 'lucide-react';
import { Suspense } from 'react';
import { data, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { productPage } from '~/modules/catalog/catalog.server.ts';
import { preloadWishlistButton, WishlistButton, WishlistForm } from '~/components/wishlist/wishlist-button.tsx';
import { AddToCart } from '~/modules/cart/components/add-to-cart.tsx';
import { PackSelector } from '~/modules/catalog/components/pack-selector.tsx';
import { RestockForm } from '~/modules/restock/components/restock-form.tsx';
import { CompareLink, ProductCardGrid } from '~/components/product-card.tsx';
import { getFaq } from '~/modules/content/content.server.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import { strainImageUrl } from '~/lib/image-urls.ts';
import { currentSession } from '~/modules/accounts/auth.server.ts';
import { productReviews, votedReviewIds } from '~/modules/reviews/reviews.server.ts';
import { voterFor } from '~/modules/reviews/visitor.server.ts';
import { reviewsJsonLd } from '~/modules/reviews/reviews-json-ld.ts';
import { offeredPaymentOptions } from '~/modules/payments/payments.server.ts';
import { siteOrigin } from '~/lib/seo.ts';
import type { Route } from './+types/product.ts';
import { PlainFacts } from '~/modules/catalog/components/plain-facts.tsx';
import { ProductBreadcrumb } from '~/modules/catalog/components/product-breadcrumb.tsx';
import { ProductTabs } from '~/modules/catalog/components/product-tabs.tsx';
import { productMeta } from '~/modules/catalog/product-meta.ts';
import { strainFacts, strainProfileRows } from '~/modules/catalog/strain-profile.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

// The reviews tab is server-rendered but its code loads after first paint (ADR 013: first-load JS budget).
const KeyFacts = lazyComponent(() => import('~/modules/catalog/components/key-facts.tsx').then((m) => m.KeyFacts));

const ProductReviews = lazyComponent(() => import('~/modules/reviews/components/product-reviews.tsx').then((m) => m.default));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [page, faq, session] = await Promise.all([productPage(context.db, request, params.slug), getFaq(context.db), currentSession(context.db, request)]);
  if (!page) throw data(null, { status: 404 });
  // The FAQ tab shows the questions about seeds and storage.
  const faqItems = faq.find((g) => g.category === 'Zaden & bewaren')?.items ?? [];
  const reviews = await productReviews(context.db, page.strain.id);
  const voted = await votedReviewIds(
    context.db,
    voterFor(request, session?.user.id ?? null),
    reviews.items.map((r) => r.id),
  );
  return { ...page, paymentOptions: offeredPaymentOptions(page.paymentOptions, context.payments), faqItems, reviews: { ...reviews, voted } };
}

// Adding to the cart (stock is taken at checkout), the wishlist, a "Nuttig" vote (it answers with its count) or asking
// for a restock mail does not change the product: only the root (cart, hearts) reloads.
const KEEPS_PRODUCT = new Set(['/besteloverzicht', '/account/wishlist', '/beoordelingen', '/weer-op-voorraad']);
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction && KEEPS_PRODUCT.has(formAction) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  d
    ? productMeta(d, {
        origin: siteOrigin(matches),
        imagePath: strainImageUrl(d.strain.slug, 1280, d.strain.image),
        reviewsLd: reviewsJsonLd({ avg10: d.strain.ratingAvg, count: d.strain.reviewCount }, d.reviews.items),
      })
    : [];

export default function ProductPage({ loaderData: d }: Route.ComponentProps) {
  const s = d.strain;
  const t = product;
  const facts = strainFacts(s);
  const soldOut = d.packs.filter((p) => p.stock <= 0);

  return (
    <div className="container-page py-6">
      <ProductBreadcrumb name={s.name} collection={d.collections[0]} />

      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <div>
          <StrainImage slug={s.slug} image={s.image} alt={s.name} sizes="(min-width: 768px) 480px, 100vw" width={960} height={960} priority className="aspect-square w-full rounded-3xl" />
        </div>
        <div className="flex flex-col gap-5">
          <div>
            <p className="text-sm font-medium text-primary-700">{s.breeder}</p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-slate-900">{s.name}</h1>
            {s.reviewCount > 0 ? (
              <p className="mt-2 flex items-center gap-1 text-sm text-slate-600">
                <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
                {catalogText.rating(s.ratingAvg, s.reviewCount)}
              </p>
            ) : null}
            <p className="mt-3 text-slate-700">{s.summary}</p>
          </div>
          {/* The tooltips and the purchase form are the server's HTML until used (ADR 048): a first visit on a phone
              does not render them while the page loads; a tap, the pointer or the focus makes them live. */}
          <HydrateOnVisible as="div" until="used" preload={KeyFacts.preload}>
            {/* Until its chunk is there (an in-app navigation), the same tiles without tooltips: no layout shift. */}
            <Suspense fallback={<PlainFacts facts={facts} />}>
              <KeyFacts facts={facts} />
            </Suspense>
          </HydrateOnVisible>
          <HydrateOnVisible as="div" until="used" preload={preloadWishlistButton}>
            {/* The heart sits in the add-to-cart row but submits its own form (forms cannot nest). */}
            <AddToCart
              product={{ slug: s.slug, name: s.name }}
              soldOut={!d.packs.some((p) => p.stock > 0)}
              aside={<WishlistButton productId={s.id} form="wishlist-form" size="lg" />}
            >
              <PackSelector packs={d.packs} currency={d.currency} />
            </AddToCart>
            <WishlistForm productId={s.id} id="wishlist-form" className="hidden" />
          </HydrateOnVisible>
          {soldOut.length > 0 ? (
            <HydrateOnVisible as="div" until="used">
              <RestockForm packs={soldOut} />
            </HydrateOnVisible>
          ) : null}
          {d.counterpart ? (
            <Link to={`/product/${d.counterpart.slug}`} className="inline-flex items-center gap-2 text-sm font-medium text-secondary-700 hover:underline" data-testid="counterpart-link">
              <Repeat className="h-4 w-4" aria-hidden />
              {t.counterpart[d.counterpart.flowering]}: {d.counterpart.name}
            </Link>
          ) : null}
          <CompareLink slug={s.slug} className="w-fit text-sm" />
          <ul className="space-y-2 text-sm text-slate-700">
            {d.shipping ? (
              <li className="flex items-center gap-2">
                <Truck className="h-4 w-4 text-primary-700" aria-hidden />
                {t.shippingTo(d.shipping.country)}: {t.deliveryRange(d.shipping.min, d.shipping.max)}
              </li>
            ) : null}
            <li className="flex items-center gap-2">
              <ShieldCheck className="h-4 w-4 text-primary-700" aria-hidden />
              {t.souvenir}
            </li>
          </ul>
        </div>
      </div>

      <HydrateOnVisible as="div" preload={ProductReviews.preload} className="mt-12">
        <ProductTabs
          description={s.description}
          profile={strainProfileRows(s)}
          reviews={
            <Suspense fallback={<p className="text-slate-700">{s.reviewCount > 0 ? t.reviewsSummary(shortNumber(s.ratingAvg / 10), s.reviewCount) : t.noReviews}</p>}>
              <ProductReviews slug={s.slug} name={s.name} data={d.reviews} />
            </Suspense>
          }
          shipping={d.shipping}
          currency={d.currency}
          paymentOptions={d.paymentOptions}
          faqItems={d.faqItems}
        />
      </HydrateOnVisible>

      {d.related.length > 0 ? (
        <HydrateOnVisible as="section" preload={preloadWishlistButton} className="mt-12" aria-labelledby="related">
          <h2 id="related" className="text-xl font-bold text-slate-900">
            {t.related}
          </h2>
          <ProductCardGrid products={d.related} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" />
        </HydrateOnVisible>
      ) : null}
    </div>
  );
}
