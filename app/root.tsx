import { isbot } from 'isbot';
import { Suspense, useEffect, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useBlocker,
  useLocation,
  useNavigate,
} from 'react-router';
import appCss from './app.css?url';
import interLatin from './fonts/inter-latin-400-800.woff2?url';
import { Footer } from './shell/footer.tsx';
import { useHydrated } from './components/use-hydrated.ts';
import { Header } from './components/layout/header.tsx';
import { LoadingBar } from './components/layout/loading-bar.tsx';
import { NotFound } from './components/layout/not-found.tsx';
import { PanelsProvider, usePanels } from './components/layout/panels-context.tsx';
import { REGION_PARAM } from './components/layout/region-trigger.tsx';
import { PersonalDataProvider, useShop } from './components/shop-context.ts';
import { lazyComponent } from './components/lazy-component.tsx';
import { useNonce } from './components/nonce.tsx';
import { FlashToast, ToastProvider } from './components/ui/toaster.tsx';
import { nl } from './i18n/nl.ts';
import { clearCookie, readCookie, readFlash } from './lib/cookies.server.ts';
import { sessionToken } from './modules/accounts/auth.server.ts';
import { layoutVisitor } from './flows/visitor-cart.server.ts';
import { heartIds } from './modules/accounts/wishlist.server.ts';
import { cartIdFrom } from './modules/cart/cart.server.ts';
import { listRegions } from './lib/regions.server.ts';
import { selectCarrierInfo } from './lib/regions.ts';
import { ChatLauncher } from './modules/support/components/chat-launcher.tsx';
import { COOKIE_PARAM, NO_THIRD_PARTY, parseConsent } from './modules/consent/consent.ts';
import { withoutRenewFlag } from './lib/routing.ts';
import { getSettings } from './lib/settings.server.ts';
import type { Route } from './+types/root.ts';

// Dialogs load on demand in the browser (most page views never open one), which keeps Radix Dialog
// out of first-load JS; the server renders them into the HTML, so they work without JavaScript.
const SidePanels = lazyComponent(() => import('./shell/side-panels.tsx').then((m) => m.SidePanels));
const RegionModal = lazyComponent(() => import('./components/layout/region-modal.tsx').then((m) => m.RegionModal));
const AgeGate = lazyComponent(() => import('./components/layout/age-gate.tsx').then((m) => m.AgeGate));
const ConsentBanner = lazyComponent(() => import('./modules/consent/components/consent-banner.tsx').then((m) => m.ConsentBanner));
const LoginPopup = lazyComponent(() => import('./modules/accounts/components/login-popup.tsx').then((m) => m.LoginPopup));
// Parts that draw nothing and start their work after the page is up load after hydration, off first-load JS.
const BuildWatcher = lazyComponent(() => import('./components/layout/build-watcher.tsx').then((m) => m.BuildWatcher));
const ThirdPartyScripts = lazyComponent(() => import('./modules/consent/components/third-party-scripts.tsx').then((m) => m.ThirdPartyScripts));
const ReferralTracker = lazyComponent(() => import('./modules/affiliates/components/referral-tracker.tsx').then((m) => m.ReferralTracker));
const accountButton = () => document.querySelector<HTMLElement>('[data-panel-trigger="account"]');

function Dialogs() {
  const shop = useShop();
  const { state, loginOpen, setLoginOpen } = usePanels();
  const location = useLocation();
  return (
    <Suspense fallback={null}>
      {state.background ? <SidePanels /> : null}
      {new URLSearchParams(location.search).has(REGION_PARAM) ? <RegionModal /> : null}
      {shop?.showAgeGate ? <AgeGate /> : null}
      {/* Asked once the age is confirmed (the gate would cover it), and again from "Cookie-instellingen". */}
      {shop && !shop.showAgeGate && !shop.bot && (!shop.consent.decided || new URLSearchParams(location.search).has(COOKIE_PARAM)) ? <ConsentBanner /> : null}
      {loginOpen ? <LoginPopup onClose={() => setLoginOpen(false)} returnFocusTo={accountButton} /> : null}
    </Suspense>
  );
}

export const links: Route.LinksFunction = () => [
  // A React stylesheet resource (precedence): emitted ahead of the hoisted module preloads, so on HTTP/1.1 the CSS
  // is not queued behind ~20 scripts for the browser's six connections.
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  // The one font file every page uses; without the preload it is found only once the stylesheet is parsed.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The cart is read only when the visitor has one: most page views (and crawlers) have no cart cookie.
  // Likewise the session, and the wishlist ids (filled hearts) only for a logged-in visitor, so anonymous
  // pages cost no extra query and stay the same for everyone.
  const [settings, regions, { session, cart, wishlist }] = await Promise.all([
    getSettings(context.db, readCookie(request, 'region')),
    listRegions(context.db),
    cartIdFrom(request) || sessionToken(request)
      ? layoutVisitor(context.db, request).then(async ({ session, cart }) => ({ session, cart, wishlist: session ? await heartIds(context.db, session.user.id) : null }))
      : { session: null, cart: null, wishlist: null },
  ]);
  const flash = readFlash(request);
  // Crawlers see no age gate and no cookie choice, and no tag manager is loaded for them.
  const bot = isbot(request.headers.get('user-agent') ?? '');
  return data(
    {
      logoAlt: settings.logo_alt,
      categories: settings.categories,
      region: { code: settings.region.code, name: settings.region.name },
      currency: settings.region_default_currency,
      carrierInfo: selectCarrierInfo(settings.carrier_info, settings.region, readCookie(request, 'country')),
      // Only the 'en' region lets the visitor pick a country (SPEC §4).
      regions: regions.map((r) => ({
        code: r.code,
        name: r.name,
        currencySign: r.currencySign,
        countries: r.locale === 'en' ? r.countries.map((c) => ({ iso: c.iso, name: c.name })) : [],
      })),
      showAgeGate: readCookie(request, 'age') !== '1' && !bot,
      bot,
      consent: parseConsent(readCookie(request, 'consent')),
      thirdParty: context.thirdParty ?? NO_THIRD_PARTY,
      ageDenied: readCookie(request, 'ageDenied') === '1',
      flash,
      cart,
      user: session ? { name: session.user.name } : null,
      wishlist,
      buildId: context.buildId,
      year: new Date().getFullYear(),
      // Absolute links in meta tags (app/lib/seo.ts).
      origin: new URL(request.url).origin,
    },
    flash ? { headers: { 'Set-Cookie': clearCookie(request, 'flash') } } : undefined,
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ error, location }) => {
  if (error) {
    const is404 = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: is404 ? nl.notFound.message(location.pathname) : nl.notFound.heading }, { name: 'robots', content: 'noindex' }];
  }
  return [{ title: nl.pageTitles.home }, { name: 'description', content: nl.meta.description }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <PersonalDataProvider>
      <Document>{children}</Document>
    </PersonalDataProvider>
  );
}

/**
 * Marks the page interactive (also on error screens) once the parts that only work with JavaScript have switched
 * (useHydrated): `js:` styles and the end-to-end tests key off it.
 */
function HydratedFlag() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = 'true';
  }, [hydrated]);
  return null;
}

function Document({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const shop = useShop();
  const gate = Boolean(shop?.showAgeGate);
  // The back office has its own layout (routes/backoffice/layout.tsx): none of the shop's header, footer or dialogs.
  const backoffice = useLocation().pathname.startsWith('/beheer');
  if (backoffice) {
    return (
      <html lang="nl">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <Meta />
          <Links />
        </head>
        <body className="min-h-screen bg-slate-100">
          <HydratedFlag />
          {children}
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </body>
      </html>
    );
  }
  return (
    <html lang="nl">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#15803d" />
        <Meta />
        <Links />
      </head>
      <body className={`flex min-h-screen flex-col${gate ? ' overflow-hidden' : ''}`}>
        <ToastProvider>
          <PanelsProvider>
            <HydratedFlag />
            <LoadingBar />
            {/* Behind the age gate the page is inert and does not scroll, from the server's HTML on: no script has
                to hide it from focus and screen readers or lock scrolling (a modal dialog's work was ~200 ms of a
                phone's main thread). `contents`: the wrapper adds no box, so the body's column layout stays. */}
            <div className="contents" inert={gate || undefined}>
              <a href="#inhoud" className="sr-only z-[70] rounded-full bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3">
                {nl.skipToContent}
              </a>
              <Header />
              <main id="inhoud" className="flex-1">
                {children}
              </main>
              <Footer />
            </div>
            <Dialogs />
            {shop && !shop.bot && !gate ? <ChatLauncher /> : null}
            <FlashToast toast={shop?.flash ?? null} />
            {shop ? (
              <Suspense fallback={null}>
                <BuildWatcher buildId={shop.buildId} />
                <ThirdPartyScripts scripts={shop.thirdParty} consent={shop.consent} bot={shop.bot} />
                {shop.bot ? null : <ReferralTracker marketing={shop.consent.marketing} />}
              </Suspense>
            ) : null}
          </PanelsProvider>
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** SPEC §2 rule 2 for client-side navigations; full page loads are handled by the server. */
function useRenewFlag() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (new URLSearchParams(location.search).get('renew') !== 'true') return;
    localStorage.clear();
    sessionStorage.clear();
    for (const c of document.cookie.split(';')) {
      const name = c.split('=')[0]?.trim();
      if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
    }
    navigate(withoutRenewFlag(location.pathname, location.search) + location.hash, { replace: true });
  }, [location, navigate]);
}

const NOT_FOUND_PATH = '/404';

/**
 * SPEC §2: navigating to /404 inside the app flags the not-found state and cancels that navigation — the
 * address stays, the not-found page shows until the next navigation. (A full page load of /404 gets the
 * server's 404 page.)
 */
function useNotFoundFlag(): boolean {
  const location = useLocation();
  const [flaggedAt, setFlaggedAt] = useState<string | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (nextLocation.pathname !== NOT_FOUND_PATH) return false;
    setFlaggedAt(currentLocation.key);
    return true;
  });
  useEffect(() => {
    if (blocker.state === 'blocked') blocker.reset();
  }, [blocker]);
  return flaggedAt === location.key;
}

export default function App() {
  useRenewFlag();
  const notFound = useNotFoundFlag();
  useEffect(() => {
    if (notFound) document.title = nl.notFound.message(NOT_FOUND_PATH);
  }, [notFound]);
  return notFound ? <NotFound path={NOT_FOUND_PATH} /> : <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  const is404 = isRouteErrorResponse(error) && error.status === 404;
  // A request the page cannot take (e.g. a form that arrived broken): say so, not "something broke on our side".
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && !is404 && typeof error.data === 'string') {
    return <NotFound path={location.pathname} status={error.status} message={error.data} />;
  }
  return <NotFound path={location.pathname} serverError={!is404} />;
}
