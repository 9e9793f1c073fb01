import { product } from '~/i18n/nl/product.ts';
import { shortNumber } from '~/lib/format.ts';
import { ChevronRight, Repeat, ShieldCheck, Star, Truck } from 'lucide-react';
import { Suspense } from 'react';
import { data, Link, type ShouldRevalidateFunctionArgs } from 'react-router';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { Tabs } from '~/components/ui/tabs.tsx';
import { nl } from '~/i18n/nl.ts';
import { formatMoney } from '~/lib/money.ts';
import { productPage } from '~/modules/catalog/catalog.server.ts';
import { preloadWishlistButton, WishlistButton, WishlistForm } from '~/modules/accounts/components/wishlist-button.tsx';
import { AddToCart } from '~/modules/cart/components/add-to-cart.tsx';
import { PackSelector } from '~/modules/catalog/components/pack-selector.tsx';
import { ProductCard } from '~/modules/catalog/components/product-card.tsx';
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
import type { KeyFact } from '~/modules/catalog/components/key-facts.tsx';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';

// The reviews tab is server-rendered but its code loads after first paint (ADR 013: first-load JS budget).
const KeyFacts = lazyComponent(() => import('~/modules/catalog/components/key-facts.tsx').then((m) => m.KeyFacts));
function PlainFacts({ facts }: { facts: KeyFact[] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-center">
      {facts.map((f) => (
        <div key={f.label} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
          <dt className="text-xs text-slate-500">
            <abbr title={f.tip} className="no-underline">
              {f.label}
            </abbr>
          </dt>
          <dd className="font-semibold text-slate-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

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

// Adding to the cart (stock is taken at checkout), the wishlist or a "Nuttig" vote (it answers with its count) does not change the product: only the root (cart, hearts) reloads.
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === '/besteloverzicht' || formAction === '/account/wishlist' || formAction === '/beoordelingen' ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const { strain: s, currency, packs } = d;
  const origin = siteOrigin(matches);
  const url = `${origin}/product/${s.slug}`;
  const image = `${origin}${strainImageUrl(s.slug, 1280, s.image)}`;
  // The offer range is what can be bought now; a sold-out strain still shows its list prices.
  const inStock = packs.filter((p) => p.stock > 0);
  const prices = (inStock.length ? inStock : packs).map((p) => p.price);
  const crumbs = [
    { name: nl.nav.home, item: `${origin}/` },
    { name: catalogText.allStrains, item: `${origin}/product` },
    ...(d.collections[0] ? [{ name: d.collections[0].name, item: `${origin}/collecties/${d.collections[0].slug}` }] : []),
    { name: s.name, item: url },
  ];
  return [
    { title: `${s.name} zaden | Kiemkracht` },
    { name: 'description', content: s.summary },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: s.name },
    { property: 'og:description', content: s.summary },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: s.name,
        description: s.summary,
        image,
        sku: s.slug,
        brand: { '@type': 'Brand', name: s.breeder },
        ...reviewsJsonLd({ avg10: s.ratingAvg, count: s.reviewCount }, d.reviews.items),
        offers: {
          '@type': 'AggregateOffer',
          priceCurrency: currency,
          lowPrice: (Math.min(...prices) / 100).toFixed(2),
          highPrice: (Math.max(...prices) / 100).toFixed(2),
          offerCount: prices.length,
          availability: packs.some((p) => p.stock > 0) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        },
      },
    },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, ...c })),
      },
    },
  ];
};


const listNl = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} en ${items.at(-1)}` : (items[0] ?? ''));

/** SPEC §3 grower profile: who it suits, where it grows well, and whether it fits a small space (≤ 100 cm indoors). */
function growerProfile(s: Pick<Route.ComponentProps['loaderData']['strain'], 'difficulty' | 'growSettings' | 'heightIndoor'>) {
  return product.profile.growerProfileValue(product.profile.levels[s.difficulty], listNl(s.growSettings.map((g) => catalogText.growSettings[g])), s.heightIndoor <= 100);
}

export default function ProductPage({ loaderData: d }: Route.ComponentProps) {
  const s = d.strain;
  const t = product;
  const facts: KeyFact[] = [
    { label: t.profile.thc, value: catalogText.percent(s.thc), tip: t.profile.tips.thc },
    { label: t.profile.cbd, value: catalogText.percent(s.cbd), tip: t.profile.tips.cbd },
    { label: t.profile.flowering, value: t.profile.floweringValue(s.floweringDaysMin, s.floweringDaysMax), tip: t.profile.tips.flowering },
  ];
  const profile: [string, string][] = [
    [t.profile.genetics, s.genetics],
    [t.profile.lineage, s.lineage.join(' × ') || '—'],
    [t.profile.breeder, s.breeder],
    [t.profile.type, catalogText.types[s.type]],
    [t.profile.ratio, t.profile.ratioValue(s.indicaPercent)],
    [t.profile.identity, `${catalogText.identity[s.flowering]}, ${catalogText.identity[s.sex]}`],
    [t.profile.thc, catalogText.percent(s.thc)],
    [t.profile.cbd, catalogText.percent(s.cbd)],
    [t.profile.cbg, catalogText.percent(s.cbg)],
    [t.profile.flowering, t.profile.floweringValue(s.floweringDaysMin, s.floweringDaysMax)],
    [t.profile.yieldIndoor, t.profile.gramsM2(s.yieldIndoor)],
    [t.profile.yieldOutdoor, t.profile.gramsPlant(s.yieldOutdoor)],
    [t.profile.heightIndoor, t.profile.cm(s.heightIndoor)],
    [t.profile.heightOutdoor, t.profile.cm(s.heightOutdoor)],
    [t.profile.climate, s.climates.map((c) => catalogText.climates[c as keyof typeof catalogText.climates] ?? c).join(', ')],
    [t.profile.difficulty, catalogText.difficulty[s.difficulty]],
    [t.profile.genotype, catalogText.genotypes[s.genotype]],
    [t.profile.growerProfile, growerProfile(s)],
    [t.profile.terpenes, s.terpenes.join(', ')],
    [t.profile.flavours, s.flavours.join(', ')],
    [t.profile.effects, s.effects.join(', ')],
  ];

  return (
    <div className="container-page py-6">
      <nav aria-label={t.breadcrumb} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-primary-800">
              {nl.nav.home}
            </Link>
          </li>
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          <li>
            <Link to="/product" className="hover:text-primary-800">
              {catalogText.allStrains}
            </Link>
          </li>
          {d.collections[0] ? (
            <>
              <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
              <li>
                <Link to={`/collecties/${d.collections[0].slug}`} className="hover:text-primary-800">
                  {d.collections[0].name}
                </Link>
              </li>
            </>
          ) : null}
          <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          <li aria-current="page" className="font-medium text-slate-900">
            {s.name}
          </li>
        </ol>
      </nav>

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
          {d.counterpart ? (
            <Link to={`/product/${d.counterpart.slug}`} className="inline-flex items-center gap-2 text-sm font-medium text-secondary-700 hover:underline" data-testid="counterpart-link">
              <Repeat className="h-4 w-4" aria-hidden />
              {t.counterpart[d.counterpart.flowering]}: {d.counterpart.name}
            </Link>
          ) : null}
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
        <Tabs
          label={t.tabs.label}
          tabs={[
            {
              id: 'description',
              title: t.tabs.description,
              content: (
                <>
                <div className="max-w-3xl space-y-4 leading-relaxed text-slate-700">
                  {s.description.split('\n\n').map((para) => (
                    <p key={para.slice(0, 40)}>{para}</p>
                  ))}
                </div>
                </>
              ),
            },
            {
              id: 'profile',
              title: t.tabs.profile,
              content: (
                <>
                <dl className="grid max-w-3xl gap-x-8 sm:grid-cols-2">
                  {profile.map(([k, v]) => (
                    <div key={k} className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
                      <dt className="text-slate-500">{k}</dt>
                      <dd className="text-right font-medium text-slate-900">{v}</dd>
                    </div>
                  ))}
                </dl>
                </>
              ),
            },
            {
              id: 'reviews',
              title: t.tabs.reviews,
              content: (
                <>
                <Suspense fallback={<p className="text-slate-700">{s.reviewCount > 0 ? t.reviewsSummary(shortNumber(s.ratingAvg / 10), s.reviewCount) : t.noReviews}</p>}>
                  <ProductReviews slug={s.slug} name={s.name} data={d.reviews} />
                </Suspense>
                </>
              ),
            },
            {
              id: 'shipping',
              title: t.tabs.shipping,
              content: (
                <>
                {d.shipping ? (
                  <p className="text-slate-700">
                    {t.shippingTo(d.shipping.country)}: {t.deliveryRange(d.shipping.min, d.shipping.max)}. {t.freeShippingFrom(formatMoney(d.shipping.freeFrom, d.currency))}
                  </p>
                ) : null}
                <p className="mt-2 text-slate-700">{t.shippingDiscreet}</p>
                <Link to="/verzending-bezorging" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
                  {t.shippingMore}
                </Link>
                </>
              ),
            },
            {
              id: 'payment',
              title: t.tabs.payment,
              content: (
                <>
                <p className="text-slate-700">{t.paymentIntro}</p>
                <ul className="mt-3 space-y-2">
                  {d.paymentOptions.map((o) => (
                    <li key={o.id} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
                      <span className="font-medium text-slate-900">{o.name}</span>
                      <span className="block text-sm text-slate-600">{o.description}</span>
                    </li>
                  ))}
                </ul>
                </>
              ),
            },
            {
              id: 'guarantees',
              title: t.tabs.guarantees,
              content: (
                <>
                <ul className="max-w-3xl list-disc space-y-2 pl-6 text-slate-700 marker:text-primary-600">
                  {t.guarantees.map((g) => (
                    <li key={g}>{g}</li>
                  ))}
                </ul>
                <Link to="/restitutiebeleid" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
                  {t.guaranteesMore}
                </Link>
                </>
              ),
            },
            {
              id: 'faq',
              title: t.tabs.faq,
              content: (
                <>
                <div className="max-w-3xl divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
                  {d.faqItems.map((item) => (
                    <details key={item.id} className="group">
                      <summary className="cursor-pointer list-none px-5 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">{item.question}</summary>
                      <p className="px-5 pb-4 text-slate-700">{item.answer}</p>
                    </details>
                  ))}
                </div>
                <Link to="/faq" className="mt-3 inline-block text-sm font-medium text-primary-800 hover:underline">
                  {t.faqMore}
                </Link>
                </>
              ),
            },
          ]}
        />
      </HydrateOnVisible>

      {d.related.length > 0 ? (
        <HydrateOnVisible as="section" preload={preloadWishlistButton} className="mt-12" aria-labelledby="related">
          <h2 id="related" className="text-xl font-bold text-slate-900">
            {t.related}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {d.related.map((r) => (
              <li key={r.slug}>
                <ProductCard p={r} />
              </li>
            ))}
          </ul>
        </HydrateOnVisible>
      ) : null}
    </div>
  );
}
