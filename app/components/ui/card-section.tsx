import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A white card of the shop's account and order pages, named by its heading; an icon may lead the title.
 * `id` is the heading's id (the section's accessible name).
 */
export function CardSection({ id, title, icon: Icon, iconClass = 'text-slate-500', testId, children }: { id: string; title: string; icon?: LucideIcon; iconClass?: string; testId: string; children: ReactNode }) {
  return (
    <section className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-6" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        {Icon ? <Icon className={`h-5 w-5 ${iconClass}`} aria-hidden /> : null}
        {title}
      </h2>
      {children}
    </section>
  );
}
