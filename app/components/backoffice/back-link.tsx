import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from an editor to its list, above the form. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900">
      <ChevronLeft className="h-4 w-4" aria-hidden /> {label}
    </Link>
  );
}
