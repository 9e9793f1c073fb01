import { credit as t } from '~/i18n/nl/credit.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { Ledger } from '~/components/ui/ledger.tsx';
import { CreditBalances } from '~/modules/credit/components/credit-balances.tsx';
import { creditAccount } from '~/modules/credit/credit.server.ts';
import type { Route } from './+types/credit.ts';

// The customer's store credit (ADR 073): the balance per currency and every change, in plain Dutch.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  return creditAccount(context.db, user.id);
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountCreditPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <AccountShell title={t.title} intro={<p>{t.intro}</p>}>
      <div className="space-y-6">
        <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="credit-balance-title">
          <h2 id="credit-balance-title" className="text-lg font-semibold text-slate-900">
            {t.balanceHeading}
          </h2>
          <div className="mt-3">
            <CreditBalances balances={d.balances} />
          </div>
        </section>
        <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="credit-ledger-title">
          <h2 id="credit-ledger-title" className="text-lg font-semibold text-slate-900">
            {t.ledgerHeading}
          </h2>
          <div className="mt-2">
            <Ledger view={d.ledger} testId="credit-ledger" />
          </div>
        </section>
      </div>
    </AccountShell>
  );
}
