import { Download, LogOut, Monitor, Package, ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { Form, Link } from 'react-router';
import { lazyComponent } from '~/components/lazy-component.tsx';
import { buttonClass } from '~/components/ui/button.ts';
import { account } from '~/i18n/nl/account.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession, sessionToken } from '~/modules/accounts/auth.server.ts';
import { deviceName } from '~/modules/accounts/sessions.server.ts';
import { accountOverview } from '~/flows/account-overview.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { DefaultAddressesCard } from '~/modules/accounts/components/address-block.tsx';
import { GrowerProfileCard } from '~/modules/accounts/components/grower-profile-card.tsx';
import { regionForRequest } from '~/lib/regions.server.ts';
import { longDate } from '~/lib/format.ts';
import { OrderList } from '~/modules/orders/components/order-list.tsx';
import { BalanceCard } from '~/components/ui/balance-card.tsx';
import { creditShop } from '~/i18n/nl/credit-shop.ts';
import { CreditBalances } from '~/modules/credit/components/credit-balances.tsx';
import { LoyaltyFacts } from '~/modules/loyalty/components/loyalty-facts.tsx';
import type { Route } from './+types/account.ts';

// Server-rendered, its code (product cards) loaded after first paint: the overview's first-load JS budget (ADR 027).
const Recommendations = lazyComponent(() => import('~/modules/accounts/components/recommendations.tsx').then((m) => m.Recommendations));

const t = account.overview;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const region = await regionForRequest(context.db, request);
  const overview = await accountOverview(context.db, user.id, { region, currentToken: sessionToken(request) });
  return {
    user: {
      name: user.name,
      email: user.email,
      createdAt: user.createdAt.toISOString(),
    },
    orders: overview.orders,
    credit: overview.credit,
    points: overview.loyalty.card,
    defaultAddresses: overview.defaultAddresses,
    grower: overview.grower,
    sessions: overview.sessions.map((s) => ({
      id: s.id,
      current: s.current,
      lastSeenAt: s.lastSeenAt.toISOString(),
      device: deviceName(s.userAgent),
    })),
  };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <AccountShell
      title={t.title}
      intro={<p data-testid="greeting">{t.greeting(d.user.name)}</p>}
      actions={
        <Form method="post" action="/uitloggen">
          <button type="submit" className={buttonClass('secondary', 'md', 'gap-2')}>
            <LogOut className="h-4 w-4" aria-hidden />
            {t.logout}
          </button>
        </Form>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="orders-title">
          <h2 id="orders-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Package className="h-5 w-5 text-slate-500" aria-hidden />
            {t.orders}
          </h2>
          {d.orders.length === 0 ? (
            <div className="mt-4">
              <p className="text-slate-600">{t.noOrders}</p>
              <Link to="/collecties" className={buttonClass('primary', 'md', 'mt-4')}>
                {t.shop}
              </Link>
            </div>
          ) : (
            <>
              <OrderList orders={d.orders} />
              <Link to="/account/orders" className="mt-3 inline-block text-sm font-semibold text-primary-800 underline">
                {t.allOrders}
              </Link>
            </>
          )}
        </section>

        <div className="space-y-6">
          <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="details-title">
            <h2 id="details-title" className="text-lg font-semibold text-slate-900">
              {t.details}
            </h2>
            <dl className="mt-3 space-y-1 text-sm">
              <dt className="sr-only">{account.fields.name}</dt>
              <dd className="font-medium text-slate-900">{d.user.name}</dd>
              <dt className="sr-only">{account.fields.email}</dt>
              <dd className="break-all text-slate-700" data-testid="account-email">
                {d.user.email}
              </dd>
              <dd className="text-slate-600">{t.memberSince(longDate(d.user.createdAt))}</dd>
            </dl>
          </section>

          <BalanceCard id="credit-title" title={creditShop.balanceHeading} testId="account-credit" to="/account/tegoed" link={creditShop.viewLedger}>
            <CreditBalances balances={d.credit} />
          </BalanceCard>
          <BalanceCard id="loyalty-title" title={d.points.heading} testId="account-loyalty" to="/account/punten" link={d.points.link}>
            <LoyaltyFacts view={d.points} />
          </BalanceCard>

          <DefaultAddressesCard shipping={d.defaultAddresses.shipping} billing={d.defaultAddresses.billing} />

          <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="sessions-title">
            <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
              {t.sessions}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t.sessionsIntro}</p>
            <ul className="mt-3 space-y-2" data-testid="sessions">
              {d.sessions.map((s) => (
                <li key={s.id} className="flex items-center gap-3 text-sm">
                  <Monitor className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium text-slate-900">
                      {s.device ?? t.unknownDevice}
                      {s.current ? (
                        <span className="ml-2 rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800">{t.thisDevice}</span>
                      ) : null}
                    </span>
                    <span className="block text-slate-600">{t.lastSeen(longDate(s.lastSeenAt))}</span>
                  </span>
                </li>
              ))}
            </ul>
            {d.sessions.length > 1 ? (
              <Form method="post" action="/uitloggen" className="mt-4">
                <input type="hidden" name="intent" value="everywhere" />
                <button type="submit" className={buttonClass('secondary', 'md', 'w-full')}>
                  {t.logoutEverywhere}
                </button>
              </Form>
            ) : null}
          </section>

          <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="privacy-title">
            <h2 id="privacy-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              <ShieldCheck className="h-5 w-5 text-slate-500" aria-hidden />
              {account.privacy.title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{account.privacy.intro}</p>
            <a href="/account/gegevens" download className={buttonClass('secondary', 'md', 'mt-4 w-full gap-2')}>
              <Download className="h-4 w-4" aria-hidden />
              {account.privacy.download}
            </a>
            <Link to="/account/verwijderen" className="mt-3 inline-block text-sm font-semibold text-red-800 underline">
              {account.privacy.delete}
            </Link>
          </section>
        </div>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
        <GrowerProfileCard profile={d.grower.profile} filled={d.grower.filled} favourites={d.grower.favourites} />
        <Suspense fallback={null}>
          <Recommendations items={d.grower.recommendations} />
        </Suspense>
      </div>
    </AccountShell>
  );
}
