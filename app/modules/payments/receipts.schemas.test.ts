import { describe, expect, it } from 'vitest';
import { minorToEuro, receiptSchema } from './receipts.schemas.ts';

describe('the payment received form', () => {
  // Reading the amount is lib/money's parseEuroAmount (tested there); the form shows what is due the same way.
  it('prefills the amount as staff type it', () => {
    expect(minorToEuro(1490)).toBe('14,90');
    expect(minorToEuro(5)).toBe('0,05');
  });

  it('refuses a zero amount and a date in the future, in Dutch', () => {
    const schema = receiptSchema('2026-11-25');
    const key = '0a4ad3eb-c372-4acf-be40-5da166ac9d5c';
    expect(schema.safeParse({ intent: 'payment', amount: '14,90', date: '2026-11-25', key }).data).toMatchObject({ amount: 1490 });
    const bad = schema.safeParse({ intent: 'payment', amount: '0', date: '2026-11-26', key });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', 'Het bedrag moet groter zijn dan 0.'],
      ['date', 'Vul een geldige datum in, niet in de toekomst.'],
    ]);
  });
});
