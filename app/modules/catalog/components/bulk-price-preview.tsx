// The bulk price page's preview (ADR 034): every chosen pack with old → new per currency, and the form that applies it.
import { Form } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { formatMoney } from '~/lib/money.ts';
import { CURRENCIES, type Currency } from '../pack-pricing.ts';
import { formatPercent, type roundings, type StockQuery, stockQueryParams } from '../stock.ts';
import type { BulkLine } from '../stock.server.ts';
import { smallButton } from '~/components/backoffice/styles.ts';
import { Badge } from '~/components/backoffice/parts.tsx';

const t = backoffice.stock;

type Preview = { key: string; fingerprint: string; packs: number; lines: BulkLine[]; percentBp: number; rounding: (typeof roundings)[number]; currencies: Currency[] };
/** What the bulk price page's action answers. */
export type BulkPriceReply = { result?: SubmissionResult<string[]>; preview?: Preview; done?: string; error?: string };

/** The list's filter, carried by a form so the action picks the same packs. */
export function FilterFields({ query }: { query: StockQuery }) {
  return (
    <>
      {[...stockQueryParams(query)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** One row per pack with old → new for each chosen currency. */
function groupByPack(lines: BulkLine[]) {
  const packs = new Map<number, { strain: string; sku: string; seeds: number; prices: Map<string, BulkLine> }>();
  for (const l of lines) {
    const p = packs.get(l.packId) ?? { strain: l.strain, sku: l.sku, seeds: l.seeds, prices: new Map() };
    p.prices.set(l.currency, l);
    packs.set(l.packId, p);
  }
  return [...packs.entries()];
}

type PackRow = ReturnType<typeof groupByPack>[number];

function columnsFor(chosen: readonly Currency[]): Column<PackRow>[] {
  return [
    {
      label: t.strain,
      className: 'max-w-56',
      cell: ([, row]) => (
        <span className="block min-w-0 text-left">
          <span className="block truncate font-medium text-slate-900">{row.strain}</span>
          <span className="block truncate font-mono text-xs text-slate-500">{row.sku}</span>
        </span>
      ),
    },
    { label: t.pack, className: 'whitespace-nowrap', cell: ([, row]) => t.packSize(row.seeds, false) },
    ...chosen.map(
      (c): Column<PackRow> => ({
        label: `${c} (${t.old} → ${t.new})`,
        align: 'right',
        className: 'whitespace-nowrap tabular-nums',
        cell: ([, row]) => {
          const l = row.prices.get(c);
          return l ? (
            <>
              <span className="text-slate-500 line-through decoration-slate-400">{formatMoney(l.from, c)}</span> <span aria-hidden>→</span> <span className="font-semibold text-slate-900">{formatMoney(l.to, c)}</span>
            </>
          ) : (
            '—'
          );
        },
      }),
    ),
  ];
}

export function BulkPricePreview({ p, query, busy }: { p: Preview; query: StockQuery; busy: boolean }) {
  const chosen = p.currencies.length > 0 ? p.currencies : [...CURRENCIES];
  const title = t.previewTitle(p.packs, p.lines.length);
  return (
    <Form method="post" data-testid="bulk-preview">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="key" value={p.key} />
      <input type="hidden" name="fingerprint" value={p.fingerprint} />
      <input type="hidden" name="percent" value={String(p.percentBp / 100).replace('.', ',')} />
      <input type="hidden" name="rounding" value={p.rounding} />
      {p.currencies.map((c) => (
        <input key={c} type="hidden" name="currencies" value={c} />
      ))}
      <FilterFields query={query} />
      <DataList
        label={title}
        title={`${title} · ${formatPercent(p.percentBp)} · ${t.roundings[p.rounding]}`}
        testId="bulk-preview-table"
        rows={groupByPack(p.lines)}
        rowKey={([id]) => id}
        rowProps={([, row]) => ({ 'data-testid': `preview-${row.sku}` })}
        columns={columnsFor(chosen)}
        empty={t.errors.nothing_selected}
        footer={
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3">
            <p className="max-w-2xl text-xs text-slate-600">
              <Badge tone="blue">{formatPercent(p.percentBp)}</Badge> {t.applyIntro}
            </p>
            <button type="submit" className={smallButton.primary} disabled={busy}>
              {t.apply}
            </button>
          </div>
        }
      />
    </Form>
  );
}
