import { describe, expect, it } from 'vitest';
import { moneyHistory, moneyRows, moneyStateLabel, type PaymentFacts, type RefundFacts } from './money-history.ts';

const order = { totalMinor: 2671, currency: 'EUR', cancelled: false };
const paid = (amountMinor: number, at: string, method: PaymentFacts['method'] = 'bank_transfer'): PaymentFacts => ({
  method,
  state: 'complete',
  amountMinor,
  receivedAt: method === 'online' ? null : at,
  updatedAt: at,
});
const refund = (amountMinor: number, at: string, state = 'refunded'): RefundFacts => ({ state, amountMinor, createdAt: at, updatedAt: at });

describe('money history', () => {
  it('a part payment: what came in with its date, what is still due, "Deels betaald"', () => {
    const h = moneyHistory(order, [paid(1000, '2026-12-03T09:15:00Z'), { ...paid(2671, '2026-12-02T10:00:00Z', 'online'), state: 'failed' }], []);
    expect(h).toMatchObject({ state: 'partly_paid', receivedMinor: 1000, refundedMinor: 0, dueMinor: 1671, balanceMinor: 1000 });
    expect(moneyRows(h)).toEqual([
      { label: 'Ontvangen op 3 december 2026', value: '€\u00a010,00 (overschrijving)' },
      { label: 'Nog te betalen', value: '€\u00a016,71' },
    ]);
    expect(moneyStateLabel(h.state)).toBe('Deels betaald');
  });

  it('paid in two parts, then part of it refunded: both amounts, the refund and the balance, in time order', () => {
    const h = moneyHistory(order, [paid(1671, '2026-12-04T08:00:00Z'), paid(1000, '2026-12-03T09:15:00Z')], [refund(500, '2026-12-05T12:00:00Z', 'manual')]);
    expect(h.state).toBe('partly_refunded');
    expect(moneyRows(h)).toEqual([
      { label: 'Ontvangen op 3 december 2026', value: '€\u00a010,00 (overschrijving)' },
      { label: 'Ontvangen op 4 december 2026', value: '€\u00a016,71 (overschrijving)' },
      { label: 'Terugbetaald op 5 december 2026', value: '€\u00a05,00 (door ons overgemaakt)' },
      { label: 'Saldo (ontvangen min terugbetaald)', value: '€\u00a021,71' },
    ]);
    expect(moneyStateLabel(h.state)).toBe('Terugbetaald (deels)');
  });

  it('fully refunded online; a failed refund does not count, a pending one does and says so', () => {
    const payments = [paid(2671, '2026-12-01T10:00:00Z', 'online')];
    const h = moneyHistory(order, payments, [refund(2671, '2026-12-02T10:00:00Z', 'failed'), refund(2671, '2026-12-02T11:00:00Z', 'pending')]);
    expect(h).toMatchObject({ state: 'refunded', refundedMinor: 2671, balanceMinor: 0, dueMinor: 0 });
    expect(moneyRows(h)[1]).toEqual({ label: 'Terugbetaling aangevraagd op 2 december 2026', value: '€\u00a026,71 (teruggestort via je betaalmethode)' });
    expect(moneyStateLabel(h.state)).toBe('Terugbetaald');
  });

  it('nothing in yet: no rows and no label of its own; a cancelled order asks nothing more', () => {
    expect(moneyRows(moneyHistory(order, [], []))).toEqual([]);
    expect(moneyStateLabel('unpaid')).toBeNull();
    expect(moneyHistory({ ...order, cancelled: true }, [paid(1000, '2026-12-03T09:15:00Z')], []).dueMinor).toBe(0);
    expect(moneyHistory(order, [paid(2671, '2026-12-03T09:15:00Z')], []).state).toBe('paid');
  });
});
