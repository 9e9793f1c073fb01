import { useId, type ReactNode } from 'react';
import { charts as t } from '~/i18n/nl/backoffice-charts.ts';
import { formatMoney } from '~/lib/money.ts';
import { areaPath, barLengths, linePath, niceMax } from './chart-geometry.ts';

// The dashboard's charts (ADR 067): SVG drawn on the server, no chart library and no script. Each chart names
// itself (<title>, <desc>) and carries its figures as a table for screen readers, which the eye sees as the chart.

const dayLabel = (day: string) => `${Number(day.slice(8, 10))}-${Number(day.slice(5, 7))}`;

/** The figures behind a chart as a table only screen readers get (the chart is their summary). */
function DataTable({ caption, head, rows }: { caption: string; head: [string, string]; rows: [string, string][] }) {
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head[0]}</th>
          <th scope="col">{head[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([a, b]) => (
          <tr key={a}>
            <th scope="row">{a}</th>
            <td>{b}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200" data-testid={testId}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

const W = 600;
const H = 140;

/** Net takings per day in one currency: an area line over the period, the highest day and the axis labelled. */
export function TakingsChart({ currency, days }: { currency: string; days: { day: string; netMinor: number }[] }) {
  const id = useId();
  const values = days.map((d) => d.netMinor);
  const max = niceMax(values);
  const best = days.reduce((a, b) => (b.netMinor > a.netMinor ? b : a), days[0]!);
  const total = values.reduce((a, b) => a + b, 0);
  const money = (n: number) => formatMoney(n, currency);
  return (
    <ChartCard title={t.takingsIn(currency)} testId={`chart-takings-${currency}`}>
      <svg viewBox={`-4 -8 ${W + 8} ${H + 30}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="mt-2 h-auto w-full" data-total={total}>
        <title id={`${id}-t`}>{t.takingsIn(currency)}</title>
        <desc id={`${id}-d`}>{t.takingsDesc(currency, money(total), money(best.netMinor), dayLabel(best.day))}</desc>
        <line x1={0} x2={W} y1={H} y2={H} className="stroke-slate-300" />
        <line x1={0} x2={W} y1={0} y2={0} className="stroke-slate-100" />
        <path d={areaPath(values, W, H, max)} className="fill-primary-100" />
        <path d={linePath(values, W, H, max)} className="fill-none stroke-primary-700" strokeWidth={2} strokeLinejoin="round" />
        <text x={W} y={12} textAnchor="end" className="fill-slate-500 text-[11px]">
          {money(max)}
        </text>
        <text x={0} y={H + 18} className="fill-slate-600 text-[11px]">
          {dayLabel(days[0]!.day)}
        </text>
        <text x={W} y={H + 18} textAnchor="end" className="fill-slate-600 text-[11px]">
          {dayLabel(days.at(-1)!.day)}
        </text>
      </svg>
      <DataTable caption={t.takingsIn(currency)} head={[t.day, t.received]} rows={days.map((d) => [d.day, money(d.netMinor)])} />
    </ChartCard>
  );
}

export type Bar = { label: string; value: number | null; shown: string };

/** Horizontal bars with their label and figure in words beside them; the figures are also the table. */
export function BarChart({ title, head, bars, empty, testId, note }: { title: string; head: [string, string]; bars: Bar[]; empty: string; testId: string; note?: string }) {
  const lengths = barLengths(
    bars.map((b) => b.value),
    100,
  );
  return (
    <ChartCard title={title} testId={testId}>
      {bars.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          {/* The bars are drawing only: the list beside them says the same in words. */}
          <ul className="mt-3 space-y-2" aria-hidden>
            {bars.map((b, i) => (
              <li key={b.label} className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-2 text-xs sm:grid-cols-[minmax(0,12rem)_1fr_auto]">
                <span className="truncate text-slate-700">{b.label}</span>
                <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full">
                  <rect x={0} y={0} width={lengths[i]} height={10} rx={1} className="fill-secondary-600" />
                </svg>
                <span className="font-semibold text-slate-900 tabular-nums">{b.shown}</span>
              </li>
            ))}
          </ul>
          <DataTable caption={title} head={head} rows={bars.map((b) => [b.label, b.shown])} />
        </>
      )}
      {note ? <p className="mt-3 text-xs text-slate-600">{note}</p> : null}
    </ChartCard>
  );
}
