import { ArrowRight, Clock, Leaf, ShieldCheck, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { CategoryIcon } from '~/components/layout/category-icon.tsx';
import { useShop } from '~/components/shop-context.ts';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { homeShelves } from '~/modules/catalog/catalog.server.ts';
import type { ProductCardData } from '~/modules/catalog/catalog.ts';
import { preloadWishlistButton } from '~/components/wishlist/wishlist-button.tsx';
import { ProductCardGrid } from '~/components/product-card.tsx';
import { SeedfinderTeaser } from '~/modules/seedfinder/components/seedfinder-modal.tsx';
import { newsletter } from '~/i18n/nl/newsletter.ts';
import { NewsletterForm } from '~/modules/newsletter/components/newsletter-form.tsx';
import type { Route } from './+types/home.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  return homeShelves(context.db, request);
}

function Shelf({ id, title, text, items, to }: { id: string; title: string; text: string; items: ProductCardData[]; to: string }) {
  return (
    <HydrateOnVisible as="section" preload={preloadWishlistButton} className="container-page py-12" aria-labelledby={id}>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
          <p className="mt-2 text-slate-600">{text}</p>
        </div>
        <Link to={to} className="hidden shrink-0 items-center gap-1 text-sm font-semibold text-primary-800 hover:underline sm:inline-flex">
          {nl.home.viewAll}
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      <ProductCardGrid products={items} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4" />
    </HydrateOnVisible>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const shop = useShop();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-primary-900 via-primary-800 to-primary-700 text-white">
        <div className="container-page relative py-16 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-primary-100 ring-1 ring-white/20">
            <ShieldCheck className="h-4 w-4" aria-hidden />
            {nl.tagline}
          </p>
          <h1 className="mt-5 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">{nl.home.heroTitle}</h1>
          <p className="mt-5 max-w-xl text-lg text-primary-100">{nl.home.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/collecties" className={buttonClass('secondary', 'lg')}>
              {nl.home.heroCta}
            </Link>
            <Link to="/seedfinder" className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
              {nl.pageTitles['/seedfinder']}
            </Link>
          </div>
        </div>
      </section>

      <section className="container-page py-12" aria-labelledby="collecties">
        <h2 id="collecties" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {nl.home.collectionsTitle}
        </h2>
        <p className="mt-2 text-slate-600">{nl.home.collectionsText}</p>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(shop?.categories ?? []).map((c) => (
            <li key={c.url}>
              <Link to={c.url} className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-primary-300">
                <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
                  <CategoryIcon name={c.icon} className="h-6 w-6" />
                </span>
                <span className="font-semibold text-slate-900">{c.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Shelf id="bestsellers" title={nl.home.bestSellers} text={nl.home.bestSellersText} items={loaderData.bestSellers} to="/collecties/bestsellers" />

      <section className="container-page" aria-label={nl.pageTitles['/seedfinder']}>
        <SeedfinderTeaser />
      </section>

      <Shelf id="nieuw" title={nl.home.newest} text={nl.home.newestText} items={loaderData.newest} to="/collecties/nieuwste-soorten" />

      <HydrateOnVisible as="section" className="bg-white py-12" aria-labelledby="waarom">
        <div className="container-page">
          <h2 id="waarom" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {nl.home.trustTitle}
          </h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-3">
            {[
              { icon: Leaf, title: nl.home.trustStorage, text: nl.home.trustStorageText },
              { icon: Sprout, title: nl.home.trustInfo, text: nl.home.trustInfoText },
              { icon: Clock, title: nl.home.trustSupport, text: nl.home.trustSupportText },
            ].map(({ icon: Icon, title, text }) => (
              <div key={title}>
                <Icon className="h-7 w-7 text-primary-700" aria-hidden />
                <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </HydrateOnVisible>

      <HydrateOnVisible as="section" className="container-page py-12" aria-labelledby="nieuwsbrief">
        <div className="grid items-center gap-6 rounded-3xl bg-gradient-to-br from-primary-900 to-primary-700 p-6 text-white sm:p-10 lg:grid-cols-2">
          <div>
            <h2 id="nieuwsbrief" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {newsletter.title}
            </h2>
            <p className="mt-2 text-primary-50">{newsletter.lead}</p>
          </div>
          <div>
            <NewsletterForm source="home" tone="dark" />
            <p className="mt-1 text-xs text-primary-100">{newsletter.consent}</p>
          </div>
        </div>
      </HydrateOnVisible>
    </>
  );
}
