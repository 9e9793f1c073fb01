import { Link } from 'react-router';
import { useAddressWith } from '~/components/part-memo.tsx';
import { nl } from '~/i18n/nl.ts';
import { useShop } from '~/components/shop-context.ts';

export const REGION_PARAM = 'regio';

/** The trigger is a link (?regio=1), so the modal also opens without JavaScript. */
export function RegionTrigger({ className = '', children, testId = 'open-region' }: { className?: string; children?: React.ReactNode; testId?: string }) {
  const shop = useShop();
  const to = useAddressWith(REGION_PARAM);
  if (!shop) return null;
  return (
    <Link
      to={to}
      preventScrollReset
      data-testid={testId}
      aria-label={`${nl.region.changeLabel}: ${shop.region.name}`}
      className={className}
    >
      {children ?? nl.region.change(shop.region.name, shop.currency.iso_code)}
    </Link>
  );
}

