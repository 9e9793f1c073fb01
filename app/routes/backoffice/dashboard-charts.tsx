import type { DashboardCharts as Charts } from '~/flows/dashboard-charts.server.ts';
import { charts as t } from '~/i18n/nl/backoffice-charts.ts';
import { longDate, wholeNumber } from '~/lib/format.ts';
import { type Bar, BarChart, TakingsChart } from '~/components/backoffice/charts.tsx';

/** The three bar charts: orders per region, the best-selling strains, and stock cover (packs that run out first on top). */
function bars(c: Charts): { title: string; head: [string, string]; bars: Bar[]; empty: string; testId: string; note?: string }[] {
  const count = (label: string, n: number): Bar => ({ label, value: n, shown: wholeNumber(n) });
  return [
    { title: t.regions, head: [t.region, t.orders], bars: c.regions.map((r) => count(r.name, r.orders)), empty: t.noOrders, testId: 'chart-regions' },
    { title: t.topStrains, head: [t.strain, t.packs], bars: c.topStrains.map((r) => count(r.name, r.units)), empty: t.noSales, testId: 'chart-top-strains' },
    {
      title: t.cover,
      head: [t.pack, t.daysLeft],
      bars: c.cover.map((r) => ({ label: t.packName(r.name, r.seeds), value: r.daysLeft, shown: t.days(r.daysLeft) })),
      empty: t.noSales,
      note: t.coverExplain,
      testId: 'chart-cover',
    },
  ];
}

/** The dashboard's chart section for staff who see orders (ADR 067). */
export function DashboardCharts({ data: c }: { data: Charts }) {
  return (
    <section className="mt-6" aria-labelledby="dashboard-charts" data-testid="dashboard-charts">
      <h2 id="dashboard-charts" className="text-base font-semibold text-slate-900">
        {t.title}
      </h2>
      <p className="text-xs text-slate-600">{t.period(longDate(`${c.from}T12:00:00Z`), longDate(`${c.to}T12:00:00Z`))}</p>
      <div className="mt-3 grid gap-4 lg:grid-cols-2">
        {c.takings.length === 0 ? (
          <BarChart title={t.takings} head={[t.day, t.received]} bars={[]} empty={t.noTakings} testId="chart-takings" />
        ) : (
          c.takings.map((s) => <TakingsChart key={s.currency} currency={s.currency} days={s.days} />)
        )}
        {bars(c).map((b) => (
          <BarChart key={b.testId} {...b} />
        ))}
      </div>
    </section>
  );
}
