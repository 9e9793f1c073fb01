import { Clock, Leaf, ShieldCheck, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { CategoryIcon } from '~/components/layout/category-icon.tsx';
import { useShop } from '~/components/layout/use-shop.ts';
import { buttonClass } from '~/components/ui/button.ts';
import { nl } from '~/i18n/nl.ts';
import { isLive } from '~/site-pages.ts';


export default function Home() {
  const shop = useShop();
  const categories = shop?.categories ?? [];
  const collectionsLive = isLive('/collecties');
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-primary-900 via-primary-800 to-primary-700 text-white">
        <svg aria-hidden className="absolute -top-24 -right-24 h-96 w-96 text-primary-600/40" viewBox="0 0 200 200">
          <path fill="currentColor" d="M100 10c10 40 45 55 80 50-25 30-30 60-10 95-40-15-60 0-70 35-10-35-30-50-70-35 20-35 15-65-10-95 35 5 70-10 80-50Z" />
        </svg>
        <div className="container-page relative py-16 sm:py-24">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-primary-100 ring-1 ring-white/20">
            <ShieldCheck className="h-4 w-4" aria-hidden />
            {nl.tagline}
          </p>
          <h1 className="mt-5 max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">{nl.home.heroTitle}</h1>
          <p className="mt-5 max-w-xl text-lg text-primary-100">{nl.home.heroText}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            {collectionsLive ? (
              <Link to="/collecties" className={buttonClass('secondary', 'lg')}>
                {nl.home.heroCta}
              </Link>
            ) : null}
            <Link to="/ons-verhaal" className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/40 hover:bg-white/10')}>
              {nl.home.heroSecondary}
            </Link>
          </div>
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="collecties">
        <h2 id="collecties" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {nl.home.collectionsTitle}
        </h2>
        <p className="mt-2 text-slate-600">{nl.home.collectionsText}</p>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {categories.map((c) => {
            const body = (
              <>
                <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
                  <CategoryIcon name={c.icon} className="h-6 w-6" />
                </span>
                <span className="font-semibold text-slate-900">{c.name}</span>
              </>
            );
            return (
              <li key={c.url}>
                {collectionsLive ? (
                  <Link to={c.url} className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-primary-300">
                    {body}
                  </Link>
                ) : (
                  <div className="flex h-full flex-col gap-3 rounded-2xl bg-white p-5 ring-1 ring-slate-200">{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="bg-white py-14" aria-labelledby="waarom">
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
      </section>

    </>
  );
}
