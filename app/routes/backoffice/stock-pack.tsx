// One pack (ADR 034): change its stock as a recorded movement, set its low-stock threshold and prices, see its movements.
import type { ReactNode } from 'react';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { SettingsForm, type StockPackReply, StockForm } from '~/modules/catalog/components/stock-pack-forms.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { isLow } from '~/modules/catalog/stock.ts';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import type { Route } from './+types/stock-pack.ts';
import { packAction, packLoader } from './stock-pack.server.ts';

const t = backoffice.stock;

export const loader = (args: Route.LoaderArgs) => packLoader(args);
export const action = (args: Route.ActionArgs) => packAction(args);

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? t.packTitle(d.pack.strain, t.packSize(d.pack.seeds, d.pack.isFree)) : t.title} | ${backoffice.title}` },
  { name: 'robots', content: 'noindex' },
];
export const ErrorBoundary = BackofficeError;

const signed = (n: number) => (n > 0 ? `+${n}` : `−${Math.abs(n)}`);

const movementColumns: Column<Route.ComponentProps['loaderData']['movements'][number]>[] = [
  { label: t.when, className: 'whitespace-nowrap text-slate-600', cell: (m) => `${longDate(m.createdAt)} ${clockTime(m.createdAt)}` },
  { label: t.delta, align: 'right', cell: (m) => <span className={`font-semibold tabular-nums ${m.delta > 0 ? 'text-green-800' : 'text-red-700'}`}>{signed(m.delta)}</span> },
  { label: t.after, align: 'right', className: 'tabular-nums', cell: (m) => m.resultingStock },
  {
    label: t.reason,
    className: 'sm:min-w-48',
    cell: (m) => (
      <span className="min-w-0">
        {t.reasons[m.reason]}
        {m.note ? <span className="block text-xs break-words text-slate-600">{m.note}</span> : null}
      </span>
    ),
  },
  // Who: a staff member's name; an older label can be an e-mail address, which has no spaces: it breaks anywhere rather than widen a phone's card.
  { label: t.who, className: 'text-slate-600', cell: (m) => <span className="min-w-0 break-all">{m.actor}</span> },
];

/** One figure of the pack above its forms: a label and what it says. */
function Tile({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={`rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 ${className}`}>
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      {children}
    </div>
  );
}

export default function BackofficeStockPack({ loaderData: d, actionData }: Route.ComponentProps) {
  const p = d.pack;
  const low = isLow(p.stock, p.threshold);
  return (
    <>
      <Link to="/beheer/voorraad" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={t.packTitle(p.strain, t.packSize(p.seeds, p.isFree))} intro={t.packIntro}>
        <a href={`/product/${p.slug}`} className={smallButton.secondary}>
          <ExternalLink className="h-4 w-4" aria-hidden /> {t.viewInShop}
        </a>
      </PageHeader>
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Tile label={t.current}>
          <p className="mt-1 flex items-center gap-2 text-3xl font-bold text-slate-900 tabular-nums" data-testid="pack-stock">
            {p.stock}
            {low ? <Badge tone={p.stock <= 0 ? 'red' : 'amber'}>{p.stock <= 0 ? t.soldOut : t.low}</Badge> : null}
          </p>
        </Tile>
        <Tile label={t.threshold}>
          <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{p.threshold}</p>
        </Tile>
        <Tile label={t.sku} className="col-span-2 sm:col-span-1">
          <p className="mt-2 font-mono text-sm break-all text-slate-900">{p.sku}</p>
          <p className="mt-1 text-sm text-slate-600">{p.prices.EUR !== undefined ? formatMoney(p.prices.EUR, 'EUR') : '—'}</p>
        </Tile>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Keyed by the form's key: after a change the new page state brings a fresh, empty form. */}
        <StockForm key={d.key} d={d} answer={actionData as StockPackReply | undefined} />
        <SettingsForm d={d} answer={actionData as StockPackReply | undefined} />
      </div>
      <DataList label={t.movements} testId="movements" rows={d.movements} columns={movementColumns} empty={t.movementsEmpty} className="mt-4" title={t.movements} />
    </>
  );
}
