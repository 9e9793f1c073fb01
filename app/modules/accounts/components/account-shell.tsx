import { Handshake, Heart, LayoutDashboard, MapPin, Package, Sprout, UserRound, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { account } from '~/i18n/nl/account.ts';

const t = account.nav;

const links = [
  { to: '/account', label: t.overview, icon: LayoutDashboard, end: true },
  { to: '/account/orders', label: t.orders, icon: Package, end: false },
  { to: '/account/details', label: t.details, icon: UserRound, end: true },
  { to: '/account/adressen', label: t.addresses, icon: MapPin, end: false },
  { to: '/account/wishlist', label: t.wishlist, icon: Heart, end: true },
  { to: '/account/tegoed', label: t.credit, icon: Wallet, end: true },
  { to: '/account/punten', label: t.points, icon: Sprout, end: true },
  { to: '/account/affiliate', label: t.affiliate, icon: Handshake, end: true },
] as const;

/** The frame of every /account page: title, optional intro and actions, and the account menu. */
export function AccountShell({ title, intro, actions, children }: { title: string; intro?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="container-page py-8 sm:py-10">
      <nav aria-label={t.label} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max gap-1 border-b border-slate-200">
          {links.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `-mb-px inline-flex items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium ${
                    isActive ? 'border-primary-700 text-primary-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                  }`
                }
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {intro ? <div className="mt-2 text-slate-600">{intro}</div> : null}
        </div>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
