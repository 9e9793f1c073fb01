import { BadgeCheck, Clock, Link2, MousePointerClick, ShoppingBag, Users } from 'lucide-react';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { inputClass } from '~/components/ui/form-field.tsx';
import { useHydrated } from '~/components/use-hydrated.ts';
import { affiliates } from '~/i18n/nl/affiliates.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor, requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { affiliateLink } from '~/modules/affiliates/affiliates.ts';
import { linkSchema } from '~/modules/affiliates/affiliates.schemas.ts';
import { affiliateDashboard, affiliateOf } from '~/modules/affiliates/affiliates.server.ts';
import { longDate } from '~/lib/format.ts';
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

function Stat({ icon: Icon, label, value, testId }: { icon: typeof Users; label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Icon className="h-4 w-4 text-primary-700" aria-hidden />
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false))}
    >
      <span aria-live="polite">{copied ? t.copied : t.copy}</span>
    </button>
  );
}

const orderState = (o: { status: string; paymentState: string }) =>
  o.status === 'cancelled' ? t.orderStatus.cancelled : o.paymentState === 'complete' ? t.orderStatus.paid : t.orderStatus.pending;

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

      <section aria-labelledby="linkbouwer" className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
        <h2 id="linkbouwer" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Link2 className="h-5 w-5 text-primary-700" aria-hidden />
          {t.linkBuilder}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t.linkBuilderIntro}</p>
        <Form method="get" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" preventScrollReset>
          <div className="flex-1">
            <label htmlFor="pagina" className="text-sm font-medium text-slate-800">
              {t.target}
            </label>
            <input id="pagina" name="pagina" type="text" defaultValue={d.target} className={inputClass} aria-describedby="link-error" />
          </div>
          <button type="submit" className={buttonClass('primary')}>
            {t.makeLink}
          </button>
        </Form>
        {d.link ? (
          <div className="mt-4 flex flex-col gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center">
            <p className="min-w-0 flex-1 text-sm">
              <span className="block text-slate-600">{t.yourLink}</span>
              <code className="block font-mono text-sm break-all text-slate-900" data-testid="affiliate-link">
                {d.link}
              </code>
            </p>
            <CopyButton text={d.link} />
          </div>
        ) : (
          <p id="link-error" className="mt-2 text-sm font-medium text-red-700" role="alert">
            {t.linkError}
          </p>
        )}
      </section>

      <section className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
        <h2 id="affiliate-orders-title" className="text-lg font-semibold text-slate-900">
          {t.ordersTitle}
        </h2>
        {d.orders.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.noOrders}</p>
        ) : (
          <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="affiliate-orders-title">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th className="py-2 pr-4 font-medium">{t.columns.date}</th>
                  <th className="py-2 pr-4 font-medium">{t.columns.order}</th>
                  <th className="py-2 pr-4 font-medium">{t.columns.status}</th>
                  <th className="py-2 pr-4 text-right font-medium">{t.columns.goods}</th>
                  <th className="py-2 text-right font-medium">{t.columns.commission}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100" data-testid="affiliate-order-rows">
                {d.orders.map((o) => (
                  <tr key={o.number}>
                    <td className="py-2 pr-4 whitespace-nowrap">{longDate(o.createdAt)}</td>
                    <td className="py-2 pr-4 font-mono">{o.number}</td>
                    <td className="py-2 pr-4">{orderState(o)}</td>
                    <td className="py-2 pr-4 text-right tabular-nums">{money(o.goodsMinor, o.currency)}</td>
                    <td className="py-2 text-right tabular-nums">{money(o.commissionMinor, o.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="mt-6 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
        <h2 id="affiliate-ledger-title" className="text-lg font-semibold text-slate-900">
          {t.ledgerTitle}
        </h2>
        {d.ledger.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t.noLedger}</p>
        ) : (
          <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-labelledby="affiliate-ledger-title">
            <table className="w-full min-w-[32rem] text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th className="py-2 pr-4 font-medium">{t.columns.date}</th>
                  <th className="py-2 pr-4 font-medium">{t.columns.what}</th>
                  <th className="py-2 pr-4 font-medium">{t.columns.payableFrom}</th>
                  <th className="py-2 text-right font-medium">{t.columns.amount}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100" data-testid="affiliate-ledger-rows">
                {d.ledger.map((e) => (
                  <tr key={e.id}>
                    <td className="py-2 pr-4 whitespace-nowrap">{longDate(e.createdAt)}</td>
                    <td className="py-2 pr-4">
                      {t.kinds[e.kind]}
                      {e.orderNumber ? <span className="font-mono text-slate-600"> · {e.orderNumber}</span> : null}
                      {e.note ? <span className="block text-xs text-slate-500">{e.note}</span> : null}
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{e.kind === 'commission' ? longDate(e.availableAt) : '—'}</td>
                    <td className={`py-2 text-right tabular-nums ${e.amountMinor < 0 ? 'text-red-700' : 'text-slate-900'}`}>{money(e.amountMinor, e.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AccountShell>
  );
}
