import { describe, expect, it } from 'vitest';
import { type HistoryInput, orderHistory } from './order-history.ts';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
const base = (): HistoryInput => ({
  order: { number: 'KK-7Q4M-9XHD', createdAt: '2026-12-05T14:00:00Z', paidAt: null, cancelledAt: null, paymentMethod: 'bank_transfer', carrier: 'tracked_parcel' },
  lines: [
    { id: 1, productName: 'Skunk #1', seeds: 1 },
    { id: 2, productName: 'White Widow', seeds: 3 },
  ],
  payments: [],
  refunds: [],
  shipments: [],
  mails: [],
  notes: [],
  audit: [],
});
const payment = (p: Partial<HistoryInput['payments'][number]>): HistoryInput['payments'][number] => ({
  id: 1,
  method: 'bank_transfer',
  provider: 'manual',
  reference: 'KK7Q4M9XHD',
  state: 'pending',
  amountMinor: 2671,
  currency: 'EUR',
  receivedAmountMinor: null,
  receivedCurrency: null,
  receivedAt: null,
  payer: null,
  note: null,
  createdAt: '2026-12-05T14:00:00Z',
  updatedAt: '2026-12-05T14:00:00Z',
  ...p,
});
const audit = (a: Partial<HistoryInput['audit'][number]>): HistoryInput['audit'][number] => ({ id: 1, at: '2026-12-05T15:00:00Z', action: 'order.note', actor: 'eva@kiemkracht.nl', staffName: 'Eva de Vries', before: null, after: null, ...a });

describe('the order timeline', () => {
  it('puts a payment booked by staff at the moment it was booked, names who booked it, shows the day received as a date only and never the form key', () => {
    const input = base();
    const key = '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d';
    // Booked at 16:30 Amsterdam time for money received that morning (the form gives a day only: stored at 12:00 UTC).
    input.payments = [payment({ id: 7, reference: key, state: 'complete', amountMinor: 1000, receivedAt: '2026-12-05T12:00:00Z', createdAt: '2026-12-05T15:30:00Z', updatedAt: '2026-12-05T15:30:00Z', note: 'Envelop' })];
    input.audit = [audit({ action: 'payment.received', at: '2026-12-05T15:30:00Z', after: { paymentId: 7, source: 'staff', key, amountMinor: 1000, currency: 'EUR' } })];
    const [received, placed] = orderHistory(input);
    expect(placed).toMatchObject({ title: 'Bestelling geplaatst', by: 'klant', at: '2026-12-05T14:00:00.000Z' });
    expect(received).toMatchObject({ kind: 'payment', title: 'Ontvangen (medewerker)', by: 'Eva de Vries', at: '2026-12-05T15:30:00.000Z', details: ['Ontvangen op 5 december 2026', 'Envelop'] });
    expect(nbsp(received!.amount!)).toBe('€ 10,00');
    expect(JSON.stringify(received)).not.toContain(key);
    expect(JSON.stringify(received)).not.toContain('13:00');
  });

  it('a bank statement line: booked from the statement by whoever booked it, with the payer and the statement date', () => {
    const input = base();
    input.payments = [payment({ id: 3, provider: 'bank', reference: 'line-abc', state: 'complete', receivedAt: '2026-12-04T12:00:00Z', payer: 'P. Jansen', createdAt: '2026-12-06T08:00:00Z' })];
    input.audit = [audit({ action: 'payment.received', staffName: 'Olga Orders', after: { paymentId: 3, source: 'bank' } })];
    const [entry] = orderHistory(input);
    expect(entry).toMatchObject({ title: 'Ontvangen (bankafschrift)', by: 'bankafschrift, geboekt door Olga Orders', details: ['Datum op het afschrift: 4 december 2026', 'Betaald door P. Jansen'] });
    input.audit = [];
    expect(orderHistory(input)[0]!.by).toBe('bankafschrift');
  });

  it('merges parcels, refunds, mails, notes and audit entries newest first, with Dutch mail names and the right singular or plural', () => {
    const input = base();
    input.order.paidAt = '2026-12-05T15:00:00Z';
    input.payments = [payment({ id: 1 }), payment({ id: 2, provider: 'manual', reference: 'k', state: 'complete', receivedAt: '2026-12-05T12:00:00Z', createdAt: '2026-12-05T15:00:00Z' })];
    // The empty parcel row checkout makes is not an event: one parcel in the list below.
    input.shipments = [
      { id: 3, carrier: 'tracked_parcel', status: 'new', trackingCode: null, sentAt: null, createdAt: '2026-12-05T14:00:00Z', lines: [] },
      { id: 4, carrier: 'tracked_parcel', status: 'shipped', trackingCode: '3SABC1234567', sentAt: '2026-12-06T09:00:00Z', createdAt: '2026-12-06T09:00:00Z', lines: [{ orderLineId: 1, quantity: 1 }, { orderLineId: 2, quantity: 2 }] },
    ];
    input.refunds = [{ id: 5, amountMinor: 500, currency: 'EUR', state: 'manual', reason: 'Eén zakje beschadigd', createdAt: '2026-12-06T10:00:00Z' }];
    input.mails = [
      { id: 8, template: 'payment_received', createdAt: '2026-12-05T15:00:00Z', sentAt: '2026-12-05T15:01:00Z', failedAt: null },
      { id: 9, template: 'order_refunded', createdAt: '2026-12-06T10:00:00Z', sentAt: null, failedAt: null },
    ];
    input.notes = [{ id: 6, body: 'Klant belde.', createdAt: '2026-12-06T11:00:00Z', author: 'Sam Support' }];
    input.audit = [
      audit({ id: 1, action: 'order.ship', at: '2026-12-06T09:00:00Z', staffName: 'Olga Orders', after: { shipmentId: 4 } }),
      audit({ id: 2, action: 'order.refund', at: '2026-12-06T10:00:00Z', staffName: null, actor: 'cli', after: { refundId: 5, amountMinor: 500, currency: 'EUR' } }),
      audit({ id: 3, action: 'order.mail.resend', at: '2026-12-06T12:00:00Z', after: { template: 'order_shipped', to: 'k@example.nl' } }),
    ];
    const entries = orderHistory(input).map((e) => ({ title: e.title, by: e.by, details: e.details.map(nbsp) }));
    expect(entries.map((e) => e.title)).toEqual([
      'Mail opnieuw verstuurd: Bestelling verzonden',
      'Notitie',
      'Mail: Terugbetaling',
      'Terugbetaling',
      'Pakket verzonden (Pakket met track & trace)',
      'Mail: Betaling ontvangen',
      'Bestelling volledig betaald',
      'Ontvangen (medewerker)',
      'Betaalverzoek',
      'Bestelling geplaatst',
    ]);
    expect(entries[3]).toEqual({ title: 'Terugbetaling', by: 'opdrachtregel', details: ['Handmatig', 'Reden: Eén zakje beschadigd'] });
    expect(entries[4]).toEqual({ title: 'Pakket verzonden (Pakket met track & trace)', by: 'Olga Orders', details: ['Trackingcode 3SABC1234567', '1× Skunk #1 (1 zaadje)', '2× White Widow (3 zaadjes)'] });
    expect(entries[5]!.details).toEqual(['verstuurd 5 december 2026 16:01']);
    expect(entries[2]!.details).toEqual(['in de wachtrij']);
    expect(entries[1]).toEqual({ title: 'Notitie', by: 'Sam Support', details: ['Klant belde.'] });
    expect(entries[8]).toMatchObject({ by: 'klant', details: ['Kenmerk KK7Q4M9XHD'] });
  });

  it('an online payment: started by the customer, its outcome by the system; a cancellation by staff with its reason, an expiry by the system', () => {
    const input = base();
    input.payments = [payment({ id: 1, method: 'online', provider: 'mollie', reference: 'tr_123', state: 'failed', updatedAt: '2026-12-05T14:05:00Z' })];
    input.order.cancelledAt = '2026-12-08T14:00:00Z';
    expect(orderHistory(input).map((e) => [e.title, e.by])).toEqual([
      ['Bestelling vervallen: niet op tijd betaald', 'systeem'],
      ['Online betaling: mislukt', 'systeem'],
      ['Online betaling gestart', 'klant'],
      ['Bestelling geplaatst', 'klant'],
    ]);
    input.audit = [audit({ action: 'order.cancel', at: '2026-12-08T14:00:00Z', after: { status: 'cancelled', reason: 'Klant vroeg erom' } })];
    expect(orderHistory(input)[0]).toMatchObject({ title: 'Bestelling geannuleerd', by: 'Eva de Vries', details: ['Reden: Klant vroeg erom'] });
  });

  it('an address change lists what changed', () => {
    const input = base();
    input.audit = [audit({ action: 'order.address', before: { city: 'Amsterdam', postalCode: '1011 AA' }, after: { city: 'Utrecht', postalCode: '3511 AA' } })];
    const [entry] = orderHistory(input);
    expect(entry!.title).toBe('Verzendadres gewijzigd');
    expect(entry!.details.join(' | ')).toMatch(/Amsterdam → Utrecht/);
  });
});
