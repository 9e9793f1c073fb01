import { describe, expect, it } from 'vitest';
import { allowedActions, openAction } from './order-view.server.ts';

type Detail = Parameters<typeof allowedActions>[0];
const detail = (order: { status: string; paymentState: string }, shipped = 0, sent = false) =>
  ({
    order,
    lines: [{ id: 1, quantity: 2 }],
    shippedByLine: { 1: shipped },
    shipments: sent ? [{ sentAt: new Date() }] : [],
  }) as unknown as Detail;
const manage = { refundable: null };
const refundable = { refundable: { leftMinor: 500, currency: 'EUR' } };

describe('the order page’s action buttons', () => {
  it('an unpaid open order: payment (when money may be booked), resend, address, cancel; shipping waits with its reason', () => {
    expect(allowedActions(detail({ status: 'new', paymentState: 'pending' }), { canReceive: true, actions: manage })).toEqual({
      slugs: ['betaling', 'mail', 'adres', 'annuleren'],
      hint: 'Verzenden kan pas als de bestelling betaald is.',
    });
  });

  it('paid and partly sent: shipping and refunding, no new address or cancelling; all sent: no shipping', () => {
    const paid = { status: 'processing', paymentState: 'complete' };
    expect(allowedActions(detail(paid, 1, true), { canReceive: false, actions: refundable })).toEqual({ slugs: ['verzenden', 'terugbetalen', 'mail'], hint: null });
    expect(allowedActions(detail(paid, 2, true), { canReceive: false, actions: refundable })).toEqual({ slugs: ['terugbetalen', 'mail'], hint: 'Alles is verzonden.' });
  });

  it('a role that may not change orders gets no button and no hint; a cancelled order only resend', () => {
    expect(allowedActions(detail({ status: 'new', paymentState: 'pending' }), { canReceive: false, actions: null })).toEqual({ slugs: [], hint: null });
    expect(allowedActions(detail({ status: 'cancelled', paymentState: 'pending' }), { canReceive: false, actions: manage })).toEqual({ slugs: ['mail'], hint: null });
  });

  it('opens only an action whose button is shown', () => {
    const url = (q: string) => new URL(`http://x/beheer/bestellingen/KK-1?${q}`);
    expect(openAction(url('actie=adres'), ['mail', 'adres'])).toBe('adres');
    expect(openAction(url('actie=annuleren'), ['mail'])).toBeNull();
    expect(openAction(url('actie=onzin'), ['mail'])).toBeNull();
    expect(openAction(url(''), ['mail'])).toBeNull();
  });
});
