import { describe, expect, it } from 'vitest';
import { creditAdjustSchema, parseSignedAmount } from './credit.schemas.ts';

describe('the staff credit form', () => {
  it('reads a signed amount in euros', () => {
    expect(parseSignedAmount('12,50')).toBe(1250);
    expect(parseSignedAmount('+5')).toBe(500);
    expect(parseSignedAmount('-7,25')).toBe(-725);
    expect(parseSignedAmount('−1')).toBe(-100);
    expect(parseSignedAmount('0')).toBeNull();
    expect(parseSignedAmount('abc')).toBeNull();
  });

  it('requires a reason and a known currency, with Dutch messages', () => {
    const bad = creditAdjustSchema.safeParse({ intent: 'credit', key: 'k'.repeat(20), amount: '', currency: 'XXX', reason: ' ' });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['amount', 'Vul een bedrag in, bijvoorbeeld 10,00 of -5,00 (niet 0).'],
        ['currency', 'Kies een valuta.'],
        ['reason', 'Vul een reden in: de klant ziet die in het overzicht van het tegoed.'],
      ]),
    );
  });
});
