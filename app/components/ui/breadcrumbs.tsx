import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

/** Breadcrumbs (SPEC §2): every level a link, the current page last and marked aria-current. */
export function Breadcrumbs({ items, label, className = '' }: { items: Crumb[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={`text-sm text-slate-600 ${className}`}>
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex min-w-0 items-center gap-1">
            {i > 0 ? <ChevronRight className="h-4 w-4 shrink-0 text-slate-400" aria-hidden /> : null}
            {c.to && i < items.length - 1 ? (
              <Link to={c.to} className="hover:text-primary-800 hover:underline">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="truncate font-medium text-slate-900">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
