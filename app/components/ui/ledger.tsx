import type { LedgerView } from '~/lib/ledger.ts';

/**
 * A ledger newest first (store credit, Kiempunten), one change per line: what happened (the order, staff's reason),
 * when, the amount signed and the balance after. A list rather than a table, so a phone shows it without scrolling
 * sideways. Its texts come from the loader (lib/ledger.ts).
 */
export function Ledger({ view, testId }: { view: LedgerView; testId: string }) {
  if (view.lines.length === 0) return <p className="text-slate-600">{view.empty}</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid={testId}>
      {view.lines.map((l) => (
        <li key={l.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">
              {l.what}
              {l.order ? <span className="font-normal text-slate-600"> · {l.order}</span> : null}
            </p>
            {l.notes.map((note, i) => (
              <p key={i} className="break-words text-slate-600">
                {note}
              </p>
            ))}
            <p className="text-slate-500">
              <span className="sr-only">{view.dateLabel}: </span>
              {l.date}
            </p>
          </div>
          <div className="text-right">
            <p className={`font-semibold tabular-nums ${l.gain ? 'text-primary-800' : 'text-slate-900'}`}>
              <span className="sr-only">{view.amountLabel}: </span>
              {l.amount}
            </p>
            <p className="text-slate-500 tabular-nums">{l.after}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
