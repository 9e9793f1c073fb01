import { Link, useLocation } from 'react-router';
import { consent as t } from '~/i18n/nl/consent.ts';
import { COOKIE_PARAM } from '../consent.ts';

/** "Cookie-instellingen": a link (?cookies=1) that opens the choice again, also without JavaScript. */
export function CookieSettingsLink({ className = '' }: { className?: string }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(COOKIE_PARAM, '1');
  return (
    <Link to={{ pathname: location.pathname, search: `?${params}` }} preventScrollReset className={className} data-testid="cookie-settings">
      {t.footerLink}
    </Link>
  );
}
