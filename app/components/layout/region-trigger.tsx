import { Link, useLocation } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { useShop } from '~/components/shop-context.ts';

export const REGION_PARAM = 'regio';

/** The trigger is a link (?regio=1), so the modal also opens without JavaScript. */
export function RegionTrigger({ className = '', children, testId = 'open-region' }: { className?: string; children?: React.ReactNode; testId?: string }) {
  const shop = useShop();
  const location = useLocation();
  if (!shop) return null;
  const params = new URLSearchParams(location.search);
  params.set(REGION_PARAM, '1');
  return (
    <Link
      to={{ pathname: location.pathname, search: `?${params}` }}
      preventScrollReset
      data-testid={testId}
      aria-label={`${nl.region.changeLabel}: ${shop.region.name}`}
      className={className}
    >
      {children ?? nl.region.change(shop.region.name, shop.currency.iso_code)}
    </Link>
  );
}

