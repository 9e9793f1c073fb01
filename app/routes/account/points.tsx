import { loyalty as t } from '~/i18n/nl/loyalty.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { Ledger } from '~/components/ui/ledger.tsx';
import { LoyaltyFacts } from '~/modules/loyalty/components/loyalty-facts.tsx';
import { loyaltyLedger, loyaltyLedgerView, loyaltySummary } from '~/modules/loyalty/loyalty.server.ts';
import { percentBack } from '~/modules/loyalty/loyalty.ts';
import type { Route } from './+types/points.ts';

// The customer's Kiempunten (ADR 075): balance, tier and the way to the next, the rules, and every change.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const [summary, lines] = await Promise.all([loyaltySummary(context.db, user.id), loyaltyLedger(context.db, user.id)]);
  const { settings, card, spendMinor } = summary;
  return {
    view: card,
    spend: t.spend(formatMoney(spendMinor, 'EUR')),
    rules: t.rules(settings.pointsPerEuro, settings.pointsPerEuroOff, settings.reviewPoints),
    tiers: settings.tiers.map((tier) => t.tierLine(tier.name, formatMoney(tier.minSpendMinor, 'EUR'), percentBack(settings, tier).toLocaleString('nl-NL', { maximumFractionDigits: 2 }))),
    ledger: loyaltyLedgerView(lines),
  };
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function AccountPointsPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <AccountShell title={t.title} intro={<p>{t.intro}</p>}>
      <div className="space-y-6">
        <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="points-balance-title">
          <h2 id="points-balance-title" className="text-lg font-semibold text-slate-900">
            {t.card.heading}
          </h2>
          <div className="mt-3">
            <LoyaltyFacts view={d.view} />
            <p className="mt-1 text-sm text-slate-600">{d.spend}</p>
          </div>
        </section>
        <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="points-rules-title">
          <h2 id="points-rules-title" className="text-lg font-semibold text-slate-900">
            {t.tiersHeading}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="loyalty-tiers">
            {d.tiers.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600">{d.rules}</p>
        </section>
        <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby="points-ledger-title">
          <h2 id="points-ledger-title" className="text-lg font-semibold text-slate-900">
            {t.ledgerHeading}
          </h2>
          <div className="mt-2">
            <Ledger view={d.ledger} testId="loyalty-ledger" />
          </div>
        </section>
      </div>
    </AccountShell>
  );
}
