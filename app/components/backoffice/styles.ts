// Class names and props shared by back-office pages (routes and module components alike).

/** A table that scrolls sideways on a narrow screen: focusable and named, so keyboards can scroll it too. */
export const scrollArea = (label: string) => ({ tabIndex: 0, role: 'region', 'aria-label': label }) as const;

/** Small buttons for dense tables and filter bars. */
export const smallButton = {
  primary: 'inline-flex items-center justify-center gap-1.5 rounded-lg bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800 disabled:opacity-60',
  secondary: 'inline-flex items-center justify-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60',
  danger: 'inline-flex whitespace-nowrap items-center justify-center gap-1.5 rounded-lg bg-white px-2.5 py-1.5 text-xs font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:opacity-60',
  quiet: 'inline-flex whitespace-nowrap items-center justify-center gap-1.5 rounded-lg bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 disabled:opacity-60',
};

export const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-primary-600 focus:ring-2 focus:ring-primary-100 focus:outline-none aria-[invalid=true]:border-red-500';

/** Dense table styles shared by the back-office lists. */
export const table = {
  wrap: 'overflow-x-auto',
  table: 'min-w-full divide-y divide-slate-200 text-sm',
  th: 'whitespace-nowrap bg-slate-50 px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase',
  td: 'px-3 py-2 align-top text-slate-800',
};
