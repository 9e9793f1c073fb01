import type { ReactNode } from 'react';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';

/** The frame of the back-office log-in and set-up pages: one card on the admin background. */
export function AuthShell({ title, intro, children, wide = false }: { title: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <main className="grid min-h-screen place-items-center px-4 py-10">
      <div className={`w-full ${wide ? 'max-w-lg' : 'max-w-sm'}`}>
        <p className="mb-6 flex items-center justify-center gap-2 text-lg font-bold tracking-tight text-slate-900">
          <span className="grid h-8 w-8 place-items-center rounded-md bg-primary-700 text-sm font-extrabold text-white">K</span>
          {t.title}
        </p>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 className="text-xl font-bold tracking-tight text-slate-900">{title}</h1>
          {intro ? <div className="mt-1.5 text-sm text-slate-600">{intro}</div> : null}
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}

export function Alert({ id, children, tone = 'error' }: { id?: string; children: ReactNode; tone?: 'error' | 'success' }) {
  const colours = tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-green-50 text-green-900 ring-green-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} id={id} className={`mb-4 rounded-lg p-3 text-sm font-medium ring-1 ${colours}`} data-testid={tone === 'error' ? 'form-error' : 'form-success'}>
      {children}
    </div>
  );
}
