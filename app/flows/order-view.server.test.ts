import { describe, expect, it } from 'vitest';
import { paymentMethodNameOf } from './order-view.server.ts';

const options = [
  { id: 'bank_transfer', name: 'Bankoverschrijving' },
  { id: 'online', name: 'Online betalen' },
];

describe('paymentMethodNameOf', () => {
  it('names the method when money is due, and none for an order that costs nothing in money', () => {
    expect(paymentMethodNameOf({ total: 1790, paymentMethod: 'bank_transfer' }, options)).toBe('Bankoverschrijving');
    // A claim's replacement, or an order paid wholly with credit or points: no "Bankoverschrijving" beside € 0.
    expect(paymentMethodNameOf({ total: 0, paymentMethod: 'bank_transfer' }, options)).toBeUndefined();
    expect(paymentMethodNameOf({ total: 500, paymentMethod: 'gone' }, options)).toBeUndefined();
  });
});
