import { ChevronDown, Menu, Search, ShoppingBag, Truck, User } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link, NavLink } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { Logo } from './logo.tsx';
import { mainMenu } from './nav-links.ts';
import { usePanels } from './panels-context.tsx';
import type { PanelName } from './panels.ts';
import { useShop } from './use-shop.ts';

function PanelButton({ name, label, children, className = '' }: { name: PanelName; label: string; children: React.ReactNode; className?: string }) {
  const { state, setOpen } = usePanels();
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={state[name]}
      aria-haspopup="dialog"
      data-testid={`open-${name}`}
      onClick={() => setOpen(name, true)}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 ${className}`}
    >
      {children}
    </button>
  );
}

export function Header() {
  const shop = useShop();
  const menu = mainMenu(shop?.categories ?? []);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
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
        <nav aria-label={nl.nav.main} className="ml-6 hidden flex-1 md:block">
          <ul className="flex items-center gap-1">
            {menu.map((item) =>
              item.links.length > 0 ? (
                <li key={item.label}>
                  <Popover.Root>
                    <Popover.Trigger className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100">
                      {item.label}
                      <ChevronDown className="h-4 w-4" aria-hidden />
                    </Popover.Trigger>
                    <Popover.Portal>
                      <Popover.Content sideOffset={8} align="start" className="animate-fade z-50 w-64 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200">
                        <ul>
                          {item.to ? (
                            <li>
                              <Popover.Close asChild>
                                <Link to={item.to} className="block rounded-lg px-3 py-2 text-sm font-semibold text-primary-800 hover:bg-primary-50">
                                  {nl.nav.allCollections}
                                </Link>
                              </Popover.Close>
                            </li>
                          ) : null}
                          {item.links.map((l) => (
                            <li key={l.to}>
                              <Popover.Close asChild>
                                <Link to={l.to} className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
                                  {l.label}
                                </Link>
                              </Popover.Close>
                            </li>
                          ))}
                        </ul>
                      </Popover.Content>
                    </Popover.Portal>
                  </Popover.Root>
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
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <PanelButton name="search" label={nl.panels.openSearch}>
            <Search className="h-5 w-5" aria-hidden />
          </PanelButton>
          <PanelButton name="account" label={nl.panels.openAccount}>
            <User className="h-5 w-5" aria-hidden />
          </PanelButton>
          <PanelButton name="cart" label={nl.panels.openCart}>
            <ShoppingBag className="h-5 w-5" aria-hidden />
          </PanelButton>
        </div>
      </div>
    </header>
  );
}
