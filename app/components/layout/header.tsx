import { ChevronDown, Menu, Search, ShoppingBag, Truck, User } from 'lucide-react';
import { use, useEffect, useRef } from 'react';
import { Link, NavLink, useFetchers, useLocation } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { prefetchMode } from '~/lib/prefetch.ts';
import { pressedBeforeLive } from '~/lib/pressed-before-live.ts';
import { CartCount } from './cart-count.tsx';
import { HydrateOnVisible } from '~/components/hydrate-on-visible.tsx';
import { Logo } from './logo.tsx';
import { mainMenu } from './nav-links.ts';
import { CART_COUNT_ID } from './personal-data.ts';
import { usePanels } from './panels-context.tsx';
import type { PanelName } from './panels.ts';
import { useShop } from '~/components/shop-context.ts';
import { type Snapshot, SnapshotContext } from '~/components/server-snapshot.tsx';

/** Packs in the cart; while an add is on its way the badge already counts it (optimistic). */
function CartBadge() {
  const shop = useShop();
  const fetchers = useFetchers();
  const adding = fetchers.reduce((n, f) => (f.formData?.get('intent') === 'add' ? n + (Number(f.formData.get('quantity')) || 1) : n), 0);
  return <CartCount count={(shop?.cart?.count ?? 0) + adding} />;
}

function PanelButton({ name, label, children, className = '', describedBy }: { name: PanelName; label: string; children: React.ReactNode; className?: string; describedBy?: string }) {
  const { state, setOpen } = usePanels();
  const ref = useRef<HTMLButtonElement>(null);
  // Pressed while the page was still the server's HTML: the panel opens once it is live.
  useEffect(() => {
    if (pressedBeforeLive(ref.current)) setOpen(name, true);
  }, [name, setOpen]);
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-describedby={describedBy}
      aria-expanded={state[name]}
      aria-haspopup="dialog"
      data-testid={`open-${name}`}
      data-panel-trigger={name}
      onClick={() => setOpen(name, true)}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ${className}`}
    >
      {children}
    </button>
  );
}

/**
 * A dropdown on native <details>: keyboard- and screen-reader-friendly and usable
 * without JavaScript; with it, it also closes on outside click, Escape and navigation.
 */
function NavMenu({ label, allLink, links }: { label: string; allLink?: string; links: { to: string; label: string }[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.open = false;
    const onDown = (e: PointerEvent) => {
      if (!el.contains(e.target as Node)) el.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && el.open) {
        el.open = false;
        el.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    el.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      el.removeEventListener('keydown', onKey);
    };
  }, [location.key]);
  const itemClass = 'block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100';
  return (
    <details ref={ref} className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 group-open:bg-slate-100 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        {label}
        <ChevronDown className="h-4 w-4 transition group-open:rotate-180" aria-hidden />
      </summary>
      <ul className="animate-fade absolute left-0 z-50 mt-2 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200">
        {allLink ? (
          <li>
            <Link to={allLink} className={`${itemClass} font-semibold text-primary-800`}>
              {label}
            </Link>
          </li>
        ) : null}
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} prefetch={prefetchMode()} className={itemClass}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function Header() {
  const shop = useShop();
  const menu = mainMenu(shop?.categories ?? []);
  const snapshot = import.meta.env.SSR && shop ? use(SnapshotContext) : null;
  const nav = (
    <ul className="flex items-center gap-1">
      {menu.map((item) =>
        item.links.length > 0 ? (
          <li key={item.label}>
            <NavMenu label={item.label} allLink={item.to} links={item.links} />
          </li>
        ) : (
          <li key={item.label}>
            <NavLink
              to={item.to!}
              className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:text-primary-800"
            >
              {item.label}
            </NavLink>
          </li>
        ),
      )}
      <li>
        <NavLink to="/ons-verhaal" className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 aria-[current=page]:text-primary-800">
          {nl.pageTitles['/ons-verhaal']}
        </NavLink>
      </li>
    </ul>
  );
  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-slate-200 bg-white">
      <div className="bg-primary-800 text-primary-50">
        <p className="container-page flex items-center justify-center gap-2 py-1.5 text-center text-xs font-medium sm:text-sm">
          <Truck className="h-4 w-4 shrink-0" aria-hidden />
          <span>{nl.sellingPoints.freeShipping}</span>
          <span className="hidden sm:inline" aria-hidden>·</span>
          <span className="hidden sm:inline">{nl.sellingPoints.support}</span>
        </p>
      </div>
      <div className="container-page flex h-16 items-center gap-2">
        <PanelButton name="menu" label={nl.panels.openMenu} className="-ml-2 md:hidden">
          <Menu className="h-5 w-5" aria-hidden />
        </PanelButton>
        <Logo alt={shop?.logoAlt ?? nl.brand} />
        {/* Hidden on a phone, where the menu panel has these links: there it never hydrates (ADR 048). */}
        <HydrateOnVisible
          as="nav"
          aria-label={nl.nav.main}
          className="ml-6 hidden flex-1 md:block"
          serverHtml={import.meta.env.SSR && snapshot && shop ? (location) => navSnapshot(snapshot, nav, shop, location, menu) : undefined}
        >
          {nav}
        </HydrateOnVisible>
        <div className="ml-auto flex items-center gap-1">
          <PanelButton name="search" label={nl.panels.openSearch}>
            <Search className="h-5 w-5" aria-hidden />
          </PanelButton>
          <PanelButton name="account" label={nl.panels.openAccount}>
            <User className="h-5 w-5" aria-hidden />
          </PanelButton>
          <PanelButton name="cart" label={nl.panels.openCart} className="relative" describedBy={CART_COUNT_ID}>
            <ShoppingBag className="h-5 w-5" aria-hidden />
            <CartBadge />
          </PanelButton>
        </div>
      </div>
    </header>
  );
}

/**
 * The main menu's server HTML: one snapshot per menu and current page (ADR 077). Only its plain links mark where the
 * visitor is (NavLink's aria-current), so it is rendered at that link's address, or at a stand-in for other pages.
 */
function navSnapshot(snapshot: Snapshot, nav: React.ReactElement, shop: object & { categories: unknown }, location: { pathname: string; search: string }, menu: ReturnType<typeof mainMenu>) {
  const current = [...menu.filter((m) => m.links.length === 0).map((m) => m.to!), '/ons-verhaal'].find(
    (to) => location.pathname === to || location.pathname.startsWith(`${to}/`),
  );
  return snapshot(`nav|${current}|${JSON.stringify(shop.categories)}`, nav, shop, location, current);
}
