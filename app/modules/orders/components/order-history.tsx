import { backoffice } from '~/i18n/nl/backoffice.ts';
import { type HistoryEntry, moment } from '../order-history.ts';
import { Panel } from '~/components/backoffice/parts.tsx';

const t = backoffice.order.history;
const DOT = { green: 'bg-green-600', red: 'bg-red-600', amber: 'bg-amber-500', slate: 'bg-slate-400', blue: 'bg-blue-600' } as const;

/** The order's history as one list, newest first (order-history.ts), each event with its moment and who did it. */
export function OrderTimeline({ entries }: { entries: HistoryEntry[] }) {
  return (
    <Panel title={t.title}>
      <p className="px-4 pt-3 text-xs text-slate-600">{t.intro}</p>
      {entries.length === 0 ? <p className="px-4 py-3 text-sm text-slate-600">{t.empty}</p> : null}
      <ol className="px-4 py-3" data-testid="order-timeline">
        {entries.map((e) => (
          <li key={e.key} className="relative border-l border-slate-200 pb-4 pl-5 last:pb-0" data-testid="timeline-entry" data-kind={e.kind}>
            <span className={`absolute top-1.5 -left-[5px] h-2.5 w-2.5 rounded-full ring-2 ring-white ${DOT[e.tone]}`} aria-hidden />
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <p className="min-w-0 text-sm font-semibold wrap-anywhere text-slate-900">{e.title}</p>
              {e.amount ? <p className="text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums">{e.amount}</p> : null}
            </div>
            {e.details.map((d, i) => (
              <p key={i} className="text-sm whitespace-pre-wrap wrap-anywhere text-slate-700">
                {d}
              </p>
            ))}
            <p className="mt-0.5 text-xs text-slate-600">
              <time dateTime={e.at} data-testid="timeline-time">
                {moment(e.at)}
              </time>{' '}
              · {t.by} <span data-testid="timeline-by">{e.by}</span>
            </p>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
