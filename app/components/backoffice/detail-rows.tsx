import type { ReactNode } from 'react';
import { clockTime, longDate } from '~/lib/format.ts';

/** A date and time on a detail page, or a dash. */
export const when = (d: Date | string | null) => (d ? `${longDate(d)} ${clockTime(d)}` : '—');

/** A detail page's label–value rows (an order's totals, a customer's details); a row whose value is `null` is left out. */
export function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows
        .filter(([, value]) => value !== null)
        .map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 px-4 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="min-w-0 text-right font-medium wrap-anywhere text-slate-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
