import { Link } from 'react-router';
import { useAddressWith } from '~/components/part-memo.tsx';
import { consent as t } from '~/i18n/nl/consent.ts';
import { COOKIE_PARAM } from '../consent.ts';

/** "Cookie-instellingen": a link (?cookies=1) that opens the choice again, also without JavaScript. */
export function CookieSettingsLink({ className = '' }: { className?: string }) {
  const to = useAddressWith(COOKIE_PARAM);
  return (
    <Link to={to} preventScrollReset className={className} data-testid="cookie-settings">
      {t.footerLink}
    </Link>
  );
}
