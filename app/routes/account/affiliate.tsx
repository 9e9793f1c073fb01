import { BadgeCheck, Clock, MousePointerClick, ShoppingBag, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { affiliates } from '~/i18n/nl/affiliates.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor, requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { affiliateLink } from '~/modules/affiliates/affiliates.ts';
import { linkSchema } from '~/modules/affiliates/affiliates.schemas.ts';
import { affiliateDashboard, affiliateOf } from '~/modules/affiliates/affiliates.server.ts';
import { AffiliateLedger, AffiliateOrders, LinkBuilder, Stat } from '~/modules/affiliates/components/affiliate-dashboard.tsx';
import type { Route } from './+types/affiliate.ts';

const t = affiliates.dashboard;
const a = affiliates.apply;

// /account/affiliate: an approved affiliate's clicks, orders, commission ledger and link builder (a GET
// form, so it works without JavaScript); anyone else sees where their application stands.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const affiliate = await affiliateOf(context.db, user.id);
  if (!affiliate || affiliate.status !== 'approved') return { status: affiliate?.status ?? ('none' as const), dashboard: null };
  const origin = accountLinksFor(context, request).origin;
  const target = linkSchema.parse({ target: new URL(request.url).searchParams.get('pagina') ?? '/' }).target;
  const built = affiliateLink(origin, target, affiliate.code);
  const d = await affiliateDashboard(context.db, affiliate.id);
  const iso = (x: Date) => x.toISOString();
  return {
    status: 'approved' as const,
    dashboard: {
      code: affiliate.code,
      percent: affiliate.commissionPercent,
      target,
      link: built,
      clicks: d.clicks,
      clicks30: d.clicks30,
      visitors: d.visitors,
      balances: d.balances,
      orders: d.orders.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
      ledger: d.ledger.map((e) => ({ ...e, createdAt: iso(e.createdAt), availableAt: iso(e.availableAt) })),
    },
  };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];




export default function AccountAffiliatePage({ loaderData }: Route.ComponentProps) {
  const d = loaderData.dashboard;
  if (!d) {
    const text = loaderData.status === 'none' ? null : a[loaderData.status];
    return (
      <AccountShell title={t.title}>
        <div className="rounded-3xl bg-white p-6 ring-1 ring-slate-200" data-testid="affiliate-state">
          <p className="flex items-center gap-2 font-medium text-slate-800">
            <Clock className="h-5 w-5 text-slate-500" aria-hidden />
            {text ?? a.intro}
          </p>
          {loaderData.status === 'none' ? (
            <Link to="/affiliate-programma#aanmelden" className={`${buttonClass('primary')} mt-4`}>
              {a.title}
            </Link>
          ) : null}
        </div>
      </AccountShell>
    );
  }
  const money = (minor: number, currency: string) => formatMoney(minor, currency);
  return (
    <AccountShell
      title={t.title}
      intro={<p>{t.intro}</p>}
      actions={
        <p className="flex items-center gap-2 rounded-full bg-primary-50 px-4 py-2 text-sm font-medium text-primary-900 ring-1 ring-primary-200">
          <BadgeCheck className="h-4 w-4" aria-hidden />
          {t.code}: <span className="font-mono" data-testid="affiliate-code">{d.code}</span> · {d.percent}%
        </p>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Stat icon={MousePointerClick} label={t.clicks} value={String(d.clicks)} testId="affiliate-clicks" />
        <Stat icon={MousePointerClick} label={t.clicks30} value={String(d.clicks30)} testId="affiliate-clicks-30" />
        <Stat icon={Users} label={t.visitors} value={String(d.visitors)} testId="affiliate-visitors" />
        <Stat icon={ShoppingBag} label={t.orders} value={String(d.orders.length)} testId="affiliate-orders" />
      </div>

      {d.balances.length > 0 ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="affiliate-balances">
          {d.balances.map((b) => (
            <div key={b.currency} className="contents">
              <Stat icon={Clock} label={`${t.held} (${b.currency})`} value={money(b.held, b.currency)} testId={`held-${b.currency}`} />
              <Stat icon={BadgeCheck} label={`${t.payable} (${b.currency})`} value={money(b.payable, b.currency)} testId={`payable-${b.currency}`} />
              <Stat icon={BadgeCheck} label={`${t.paidOut} (${b.currency})`} value={money(b.paidOut, b.currency)} testId={`paid-out-${b.currency}`} />
            </div>
          ))}
        </div>
      ) : null}

      <LinkBuilder target={d.target} link={d.link} />
      <AffiliateOrders orders={d.orders} />
      <AffiliateLedger ledger={d.ledger} />
    </AccountShell>
  );
}
