import { backoffice } from '~/i18n/nl/backoffice.ts';
 
import { Badge } from './parts.tsx';

/** A subscription's state: confirmed (green), waiting for the confirmation click (amber), unsubscribed (grey). */
export function NewsletterBadge({ status }: { status: 'pending' | 'confirmed' | 'unsubscribed' }) {
  return <Badge tone={status === 'confirmed' ? 'green' : status === 'pending' ? 'amber' : 'slate'}>{backoffice.newsletter.views[status]}</Badge>;
}
