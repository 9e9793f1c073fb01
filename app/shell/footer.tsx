import { BadgePercent, Clock, Package, Truck } from 'lucide-react';
import { Suspense, use } from 'react';
import { Link, useLocation } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { Logo } from '~/components/layout/logo.tsx';
import { linksOf } from '~/components/layout/nav-links.ts';
import { RegionTrigger } from '~/components/layout/region-trigger.tsx';
import { CookieSettingsLink } from '~/modules/consent/components/cookie-settings-link.tsx';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { useShop } from '~/components/shop-context.ts';
import { SnapshotContext } from '~/components/server-snapshot.tsx';

const points = [
  { icon: Truck, text: nl.sellingPoints.freeShipping },
  { icon: BadgePercent, text: nl.sellingPoints.newsletter },
  { icon: Clock, text: nl.sellingPoints.support },
  { icon: Package, text: nl.sellingPoints.discreet },
];

function SellingPoints() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {points.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3 rounded-2xl bg-white p-4 text-sm font-medium text-slate-800 ring-1 ring-slate-200">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-700">
            <Icon className="h-5 w-5" aria-hidden />
          </span>
          {text}
        </li>
      ))}
    </ul>
  );
}

// Below the fold on every page: its code is fetched when the footer turns live, not with the page.
const FooterNewsletter = lazyComponent(() => import('~/modules/newsletter/components/footer-newsletter.tsx').then((m) => m.FooterNewsletter));
// A snapshot is taken only once the sign-up's code is there: before, the snapshot would keep its fallback (nothing).
let newsletterReady = false;
if (import.meta.env.SSR) void FooterNewsletter.preload().then(() => (newsletterReady = true));

export function Footer() {
  const shop = useShop();
  const location = useLocation();
  // The newsletter pages have the form as their content: no second one below it.
  const ownForm = location.pathname.startsWith('/nieuwsbrief');
  // On the server the footer is one snapshot per shop settings it shows (ADR 077): rendering its ~30 links on every
  // page the page cache cannot serve cost more than the rest of a cart page's content.
  const snapshot = import.meta.env.SSR && shop && newsletterReady ? use(SnapshotContext) : null;
  const columns = [
    { title: nl.footer.shop, links: linksOf('shop') },
    { title: nl.footer.service, links: linksOf('service') },
    { title: nl.footer.about, links: linksOf('about') },
    {
      title: nl.footer.legal,
      links: [...linksOf('legal'), ...linksOf('account')],
    },
  ].filter((c) => c.links.length > 0);

  const body = (
    <div className="container-page py-10">
      <SellingPoints />
      {ownForm ? null : (
        <Suspense fallback={null}>
          <FooterNewsletter />
        </Suspense>
      )}
      <div className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-6">
        <div className="lg:col-span-2">
          <Logo alt={shop?.logoAlt ?? nl.brand} />
          <p className="mt-3 max-w-xs text-sm text-slate-600">{nl.tagline}</p>
          <RegionTrigger className="mt-4 inline-block rounded-full bg-slate-100 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200" />
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="text-sm font-semibold text-slate-900">{c.title}</h2>
            <ul className="mt-3 space-y-2">
              {c.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-600 hover:text-primary-800">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p data-testid="disclaimer" className="mt-10 rounded-2xl bg-slate-50 p-4 text-xs leading-relaxed text-slate-600">
        {nl.footer.disclaimer}
      </p>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-xs text-slate-500">
        {/* The server's year: a visitor's clock that is off must not make the page differ from its render. */}
        <p>{nl.footer.copyright(shop?.year ?? new Date().getFullYear())}</p>
        <CookieSettingsLink className="font-medium text-slate-600 underline underline-offset-2 hover:text-primary-800" />
      </div>
    </div>
  );
  return (
    <HydrateOnVisible
      as="footer"
      preload={FooterNewsletter.preload}
      className="mt-16 print:hidden border-t border-slate-200 bg-white"
      serverHtml={
        import.meta.env.SSR && snapshot && shop
          ? () => snapshot(`footer|${ownForm}|${shop.logoAlt}|${shop.region.name}|${shop.currency.iso_code}|${shop.year}`, body, shop, location)
          : undefined
      }
    >
      {body}
    </HydrateOnVisible>
  );
}

