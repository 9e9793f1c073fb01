import { Award, BadgeEuro, Banknote, BadgeCheck, Boxes, ClipboardList, Contact, FileDown, FilePenLine, Gift, Handshake, Inbox, LayoutDashboard, LogOut, Mail, Menu, MessageSquareText, ShieldCheck, Sprout, Store, TicketPercent, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form, NavLink } from 'react-router';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { NavKey } from '../navigation.ts';
import type { StaffRole } from '~/lib/permissions.ts';
import { fieldClass, scrollArea, smallButton, table } from '~/components/backoffice/styles.ts';
import { Badge, PageHeader, Panel } from '~/components/backoffice/parts.tsx';

// The shared back-office parts live in app/components/backoffice; the back-office routes take them from the shell.
export { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table };

const ICONS: Record<NavKey, typeof LayoutDashboard> = {
  dashboard: LayoutDashboard,
  orders: ClipboardList,
  paymentReview: BadgeEuro,
  claims: BadgeCheck,
  loyalty: Award,
  bank: Banknote,
  customers: Contact,
  stock: Boxes,
  catalogue: Sprout,
  reviews: MessageSquareText,
  messages: Inbox,
  newsletter: Mail,
  affiliates: Handshake,
  coupons: TicketPercent,
  promotions: Gift,
  content: FilePenLine,
  exports: FileDown,
  staff: Users,
  audit: ShieldCheck,
};

type Props = { staff: { name: string; email: string; role: StaffRole }; nav: { key: NavKey; to: string }[]; children: ReactNode };

function NavList({ nav }: { nav: Props['nav'] }) {
  return (
    <ul className="space-y-0.5">
      {nav.map((item) => {
        const Icon = ICONS[item.key];
        return (
          <li key={item.key}>
            <NavLink
              to={item.to}
              prefetch="intent"
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`
              }
            >
              <Icon className="h-4 w-4 shrink-0" aria-hidden />
              {t.nav[item.key]}
            </NavLink>
          </li>
        );
      })}
    </ul>
  );
}

function Identity({ staff }: { staff: Props['staff'] }) {
  return (
    <div className="border-t border-white/10 px-3 pt-4">
      <p className="truncate text-sm font-semibold text-white">{staff.name}</p>
      <p className="truncate text-xs text-slate-400">
        {staff.email} · {t.roles[staff.role]}
      </p>
      <Form method="post" action="/beheer/uitloggen" className="mt-3">
        <button type="submit" className="flex w-full items-center gap-2 rounded-lg px-0 py-1.5 text-sm font-medium text-slate-300 hover:text-white">
          <LogOut className="h-4 w-4" aria-hidden />
          {t.nav.logout}
        </button>
      </Form>
    </div>
  );
}

const Brand = () => (
  <p className="flex items-center gap-2 text-base font-bold tracking-tight text-white">
    <span className="grid h-7 w-7 place-items-center rounded-md bg-primary-600 text-sm font-extrabold">K</span>
    Kiemkracht <span className="font-medium text-slate-400">beheer</span>
  </p>
);

/**
 * The back office's frame: a dark sidebar from 1024 px, and below that a top bar whose menu is a
 * <details> disclosure, so it opens without JavaScript too.
 */
export function BackofficeShell({ staff, nav, children }: Props) {
  return (
    <div className="min-h-screen lg:pl-60">
      <a href="#beheer-inhoud" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Naar de inhoud
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-60 flex-col justify-between gap-6 overflow-y-auto overscroll-contain bg-slate-900 px-3 py-5 lg:flex" aria-label={t.nav.label}>
        <div>
          <div className="px-3 pb-6">
            <Brand />
          </div>
          <nav aria-label={t.nav.label}>
            <NavList nav={nav} />
          </nav>
        </div>
        <div className="space-y-3">
          <a href="/" className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-400 hover:text-white">
            <Store className="h-4 w-4" aria-hidden />
            {t.nav.toShop}
          </a>
          <Identity staff={staff} />
        </div>
      </aside>
      <details className="group sticky top-0 z-40 bg-slate-900 lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 [&::-webkit-details-marker]:hidden">
          <Brand />
          <span className="grid h-9 w-9 place-items-center rounded-lg text-slate-200 ring-1 ring-white/15">
            <Menu className="h-5 w-5 group-open:hidden" aria-hidden />
            <X className="hidden h-5 w-5 group-open:block" aria-hidden />
            <span className="sr-only">{t.nav.open}</span>
          </span>
        </summary>
        <div className="space-y-4 border-t border-white/10 px-3 pt-3 pb-5">
          <nav aria-label={t.nav.label}>
            <NavList nav={nav} />
          </nav>
          <Identity staff={staff} />
        </div>
      </details>
      <main id="beheer-inhoud" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
        {children}
      </main>
    </div>
  );
}
