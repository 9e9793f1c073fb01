import { ChevronRight } from 'lucide-react';
import { CartView } from '~/modules/cart/components/cart-view.tsx';
import { Form, Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { SearchForm } from '~/modules/catalog/components/search-form.tsx';
import { Sheet } from '~/components/ui/sheet.tsx';
import { nl } from '~/i18n/nl.ts';
import { loginReturnPath } from '~/lib/login-return.ts';
import { linksOf, mainMenu, type NavLink } from '~/components/layout/nav-links.ts';
import { usePanels } from '~/components/layout/panels-context.tsx';
import { RegionTrigger } from '~/components/layout/region-trigger.tsx';
import { useShop } from '~/components/shop-context.ts';

function LinkList({ links, strong = false }: { links: NavLink[]; strong?: boolean }) {
  if (links.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100">
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to} className={`flex items-center justify-between py-3 hover:text-primary-800 ${strong ? 'text-base font-semibold text-slate-900' : 'text-slate-800'}`}>
            {l.label}
            <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden />
          </Link>
        </li>
      ))}
    </ul>
  );
}

// The header button that opens a panel gets focus back when it closes.
const triggerOf = (name: string) => document.querySelector<HTMLElement>(`[data-panel-trigger="${name}"]`);

export function SidePanels() {
  const { state, setOpen, setLoginOpen } = usePanels();
  const shop = useShop();
  const menu = mainMenu(shop?.categories ?? []);
  const support = [...linksOf('service')].slice(0, 4);
  const loginHref = `/inloggen?${new URLSearchParams({ redirectTo: loginReturnPath(useLocation()) })}`;

  return (
    <>
      <Sheet side="left" testId="panel-menu" returnFocusTo={() => triggerOf('menu')} title={nl.panels.menu} open={state.menu} onOpenChange={(o) => setOpen('menu', o)}>
        <nav aria-label={nl.nav.main} className="space-y-6">
          {/* A page without sub-pages is one link, not a heading over a link with the same name. */}
          <LinkList links={menu.filter((m) => m.to && m.links.length === 0).map((m) => ({ to: m.to!, label: m.label }))} strong />
          {menu
            .filter((m) => m.links.length > 0)
            .map((m) => (
              <section key={m.label}>
                <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{m.label}</h2>
                <LinkList links={m.to ? [{ to: m.to, label: m.overview ?? m.label }, ...m.links] : m.links} />
              </section>
            ))}
          <section>
            <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{nl.footer.about}</h2>
            <LinkList links={linksOf('about').filter((l) => !menu.some((m) => m.to === l.to))} />
          </section>
          <section>
            <h2 className="text-xs font-semibold tracking-wider text-slate-500 uppercase">{nl.footer.regionLabel}</h2>
            <RegionTrigger className="mt-2 inline-block rounded-full bg-slate-100 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-200" />
          </section>
        </nav>
      </Sheet>

      <Sheet side="right" testId="panel-search" returnFocusTo={() => triggerOf('search')} title={nl.panels.search} open={state.search} onOpenChange={(o) => setOpen('search', o)}>
        <SearchForm autoFocus />
        <h2 className="mt-6 text-xs font-semibold tracking-wider text-slate-500 uppercase">{nl.nav.support}</h2>
        <LinkList links={support} />
      </Sheet>

      <Sheet side="right" testId="panel-account" returnFocusTo={() => triggerOf('account')} title={nl.panels.account} open={state.account} onOpenChange={(o) => setOpen('account', o)}>
        {shop?.user ? (
          <>
            <p className="font-medium text-slate-900" data-testid="panel-user">
              {nl.panels.accountLoggedIn(shop.user.name)}
            </p>
            <LinkList links={[{ to: '/account', label: nl.pageTitles['/account']! }, ...linksOf('account').filter((l) => l.to === '/besteloverzicht'), ...support]} />
            <Form method="post" action="/uitloggen" className="mt-6">
              <button type="submit" className={buttonClass('secondary', 'md', 'w-full')}>
                {nl.panels.logout}
              </button>
            </Form>
          </>
        ) : (
          <>
            <p className="text-slate-700">{nl.panels.accountIntro}</p>
            <div className="mt-4 grid gap-2">
              <Link
                to={loginHref}
                data-testid="open-login"
                className={buttonClass('primary', 'md', 'w-full')}
                onClick={(e) => {
                  // With JavaScript the login popup opens here; a new tab or no JavaScript gets the page.
                  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                  e.preventDefault();
                  setLoginOpen(true);
                }}
              >
                {nl.pageTitles['/inloggen']}
              </Link>
              <Link to="/registreren" className={buttonClass('secondary', 'md', 'w-full')}>
                {nl.pageTitles['/registreren']}
              </Link>
            </div>
            <div className="mt-4">
              <LinkList links={support} />
            </div>
          </>
        )}
      </Sheet>

      <Sheet side="right" testId="panel-cart" returnFocusTo={() => triggerOf('cart')} title={nl.panels.cart} open={state.cart} onOpenChange={(o) => setOpen('cart', o)}>
        <CartView cart={shop?.cart ?? null} variant="panel" />
      </Sheet>
    </>
  );
}
