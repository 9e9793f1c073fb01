import crypto from 'node:crypto';
import type { Db } from '~/db/client.server.ts';
import { cancelOrder, markOrderPaid, OrderError, type OrderLinks, shipOrder } from './orders.server.ts';
import { normaliseOrderNumber } from './orders.ts';

export type StaffAction = { number: string; action: 'paid' | 'ship' | 'cancel'; tracking?: string };

const messages: Record<OrderError['code'], string> = {
  not_found: 'Bestelling niet gevonden',
  invalid_tracking: 'Ongeldige trackingcode: gebruik 6 tot 40 letters en cijfers.',
  cancelled: 'De bestelling is geannuleerd.',
  not_paid: 'De bestelling is nog niet betaald.',
  already_shipped: 'De bestelling is al verzonden.',
  already_paid: 'De bestelling is al betaald.',
  out_of_stock: 'Niet genoeg voorraad om de bestelling opnieuw te reserveren.',
  not_retryable: 'Deze bestelling kan niet opnieuw worden betaald.',
};

/** The staff actions of the back office (for now reached through `npm run order`). */
export async function staffOrderAction(db: Db, a: StaffAction, links: OrderLinks): Promise<{ ok: boolean; message: string }> {
  const number = normaliseOrderNumber(a.number);
  if (!number) return { ok: false, message: messages.not_found };
  try {
    if (a.action === 'paid') {
      const changed = await markOrderPaid(db, number, links);
      return { ok: true, message: changed ? `Betaling van ${number} geregistreerd.` : `${number} was al betaald.` };
    }
    if (a.action === 'ship') {
      if (!a.tracking) return { ok: false, message: 'Geef een trackingcode op.' };
      await shipOrder(db, number, a.tracking, links);
      return { ok: true, message: `${number} is verzonden met trackingcode ${a.tracking.toUpperCase()}.` };
    }
    await cancelOrder(db, number);
    return { ok: true, message: `${number} is geannuleerd; de voorraad is vrijgegeven.` };
  } catch (e) {
    if (e instanceof OrderError) return { ok: false, message: e.detail && e.code === 'out_of_stock' ? `${messages[e.code]} (${e.detail})` : messages[e.code] };
    throw e;
  }
}

export function staffToken(appSecret: string): string {
  return crypto.createHmac('sha256', appSecret).update('staff-api').digest('hex');
}
