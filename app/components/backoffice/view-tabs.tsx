import { Link } from 'react-router';
import { smallButton } from '~/components/backoffice/styles.ts';

/**
 * The views above a back-office list (new / closed, a subscriber's state…): plain links with their count, the
 * current one marked for screen readers, so switching works without JavaScript.
 */
export function ViewTabs({ label, views, className = 'mb-4 flex flex-wrap gap-2' }: { label: string; views: readonly { key: string; href: string; label: string; count: number; current: boolean }[]; className?: string }) {
  return (
    <nav aria-label={label} className={className}>
      {views.map((v) => (
        <Link key={v.key} to={v.href} aria-current={v.current ? 'page' : undefined} className={v.current ? smallButton.primary : smallButton.secondary}>
          {v.label} <span className="tabular-nums">({v.count})</span>
        </Link>
      ))}
    </nav>
  );
}
