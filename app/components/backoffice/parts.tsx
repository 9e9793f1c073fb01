import type { ReactNode } from 'react';

// The small pieces every back-office page is built from, whichever module or route shows them.

/** A page's heading row: title, a line of explanation, and optional actions on the right. */
export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight wrap-anywhere text-slate-900">{title}</h1>
        {intro ? <p className="mt-1 max-w-3xl text-sm wrap-anywhere text-slate-600">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** A white panel with an optional heading. */
export function Panel({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl bg-white shadow-xs ring-1 ring-slate-200 ${className}`}>
      {title ? <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}

const BADGE_TONES = {
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${BADGE_TONES[tone]}`}>{children}</span>;
}

/** A form's error or success line, above the form. */
export function Alert({ id, children, tone = 'error' }: { id?: string; children: ReactNode; tone?: 'error' | 'success' }) {
  const colours = tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-green-50 text-green-900 ring-green-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} id={id} className={`mb-4 rounded-lg p-3 text-sm font-medium ring-1 ${colours}`} data-testid={tone === 'error' ? 'form-error' : 'form-success'}>
      {children}
    </div>
  );
}
