import { describe, expect, it } from 'vitest';
import { creditLedgerView } from '~/modules/credit/credit.server.ts';
import { loyaltyLedgerView } from '~/modules/loyalty/loyalty.server.ts';

// The texts the two ledgers showed when each page rendered its own (credit-ledger.tsx, loyalty-ledger.tsx).
const at = new Date('2026-03-14T10:00:00Z');

describe('ledger views', () => {
  it('store credit: the kind, the order, staff\'s reason, the amount signed in its currency and the balance after', () => {
    const view = creditLedgerView([
      { id: 2, currency: 'EUR', amountMinor: -550, balanceAfterMinor: 1450, kind: 'checkout', reason: '', createdAt: at, orderNumber: 'KK-AB12-CD34' },
      { id: 1, currency: 'GBP', amountMinor: 2000, balanceAfterMinor: 2000, kind: 'staff', reason: 'Excuus', createdAt: at, orderNumber: null },
    ]);
    expect(view).toEqual({
      empty: 'Er is nog niets met je tegoed gebeurd.',
      dateLabel: 'Datum',
      amountLabel: 'Bedrag',
      lines: [
        { id: 2, what: 'Betaald met tegoed', order: 'bestelling KK-AB12-CD34', notes: [], date: '14 maart 2026', amount: '−€\u00a05,50', gain: false, after: 'Tegoed daarna: €\u00a014,50' },
        { id: 1, what: 'Aanpassing door de winkel', order: null, notes: ['Excuus'], date: '14 maart 2026', amount: '+£\u00a020,00', gain: true, after: 'Tegoed daarna: £\u00a020,00' },
      ],
    });
  });

  it('Kiempunten: the points signed (none for 0), the points that could not be taken back, the balance after', () => {
    const view = loyaltyLedgerView([
      { id: 3, points: -1200, balanceAfter: 0, missedPoints: 40, kind: 'reversal', reason: '', createdAt: at.toISOString(), orderNumber: 'KK-AB12-CD34' },
      { id: 2, points: 0, balanceAfter: 1200, missedPoints: 0, kind: 'staff', reason: 'Correctie', createdAt: at.toISOString(), orderNumber: null },
      { id: 1, points: 1200, balanceAfter: 1200, missedPoints: 0, kind: 'order', reason: '', createdAt: at.toISOString(), orderNumber: null },
    ]);
    expect(view.amountLabel).toBe('Punten');
    expect(view.lines.map((l) => [l.amount, l.gain, l.after, l.notes])).toEqual([
      ['−1.200', false, 'Saldo daarna: 0', ['40 punten waren al ingezet en konden niet meer af.']],
      ['0', false, 'Saldo daarna: 1.200', ['Correctie']],
      ['+1.200', true, 'Saldo daarna: 1.200', []],
    ]);
  });
});
