import { ShellLink } from './shell-link.tsx';
import { nl } from '~/i18n/nl.ts';

/** Wordmark with a sprouting-seed mark; pure SVG so it needs no image request. */
export function Logo({ alt }: { alt: string }) {
  return (
    <ShellLink to="/" className="flex items-center gap-2 rounded-lg" aria-label={alt}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden className="shrink-0">
        <circle cx="16" cy="16" r="16" className="fill-primary-700" />
        <path d="M16 25V14" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
        <path d="M16 16c0-4.5-3-7-7.5-7 0 4.5 3 7 7.5 7Z" fill="white" />
        <path d="M16 14c0-4 2.6-6.4 6.8-6.4 0 4-2.6 6.4-6.8 6.4Z" className="fill-primary-200" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight text-slate-900">{nl.brand}</span>
    </ShellLink>
  );
}
