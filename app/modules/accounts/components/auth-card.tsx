import type { ReactNode } from 'react';

/** The frame of the log-in, sign-up and password pages: one centred card with a heading. */
export function AuthCard({ title, intro, children, footer }: { title: string; intro?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-md">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-slate-600">{intro}</p> : null}
        <div className="mt-6 rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">{children}</div>
        {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
      </div>
    </div>
  );
}

/** A message about the whole form (refused log-in, expired link), announced to screen readers. */
export function FormAlert({ id, children, tone = 'error' }: { id?: string; children: ReactNode; tone?: 'error' | 'success' }) {
  const colours = tone === 'error' ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-primary-50 text-primary-900 ring-primary-200';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} id={id} className={`mb-5 rounded-2xl p-4 text-sm font-medium ring-1 ${colours}`} data-testid={tone === 'error' ? 'form-error' : 'form-success'}>
      {children}
    </div>
  );
}
