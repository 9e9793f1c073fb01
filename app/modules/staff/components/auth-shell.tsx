import type { ReactNode } from 'react';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { Alert } from '~/components/backoffice/parts.tsx';

export { Alert };

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
