import type { ReactNode } from 'react';

/** One numbered step of the checkout (SPEC §2: contact, shipping, billing, method, payment). */
export function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby={`stap-${n}`}>
      <h2 id={`stap-${n}`} className="flex items-center gap-3 text-lg font-semibold text-slate-900">
        <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary-700 text-sm font-bold text-white" aria-hidden>
          {n}
        </span>
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
