import type { FieldMeta } from '~/lib/form.ts';
import type { ReactNode } from 'react';

export const inputClass =
  'mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-xs transition placeholder:text-slate-400 focus:border-primary-600 focus:ring-4 focus:ring-primary-100 focus:outline-none aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-100';

/** The message under a field; always rendered (empty when valid) so aria-describedby has a target. */
export function FieldError({ meta }: { meta: FieldMeta }) {
  return (
    <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid={`error-${meta.name}`}>
      {meta.errors?.join(' ')}
    </p>
  );
}

export function Field({ label, meta, hint, children, className = '' }: { label: string; meta: FieldMeta; hint?: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !meta.errors ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError meta={meta} />
    </div>
  );
}
