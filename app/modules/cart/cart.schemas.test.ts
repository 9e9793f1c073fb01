import { describe, expect, it } from 'vitest';
import { cartActionSchema, parseCartForm } from './cart.schemas.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const e = cartText.errors;

describe('cart action schema', () => {
  it('accepts the five intents', () => {
    expect(parseCartForm(form({ intent: 'add', pack: '12', quantity: '3' }))).toEqual({ ok: true, action: { intent: 'add', pack: 12, quantity: 3 } });
    expect(parseCartForm(form({ intent: 'set-quantity', pack: '12', quantity: '99' }))).toEqual({ ok: true, action: { intent: 'set-quantity', pack: 12, quantity: 99 } });
    expect(parseCartForm(form({ intent: 'remove', pack: '12' }))).toEqual({ ok: true, action: { intent: 'remove', pack: 12 } });
    expect(parseCartForm(form({ intent: 'apply-coupon', code: ' welkom10 ' }))).toEqual({ ok: true, action: { intent: 'apply-coupon', code: 'welkom10' } });
    expect(parseCartForm(form({ intent: 'remove-coupon' }))).toEqual({ ok: true, action: { intent: 'remove-coupon' } });
  });

  it('adds one pack when the quantity is missing or emptied', () => {
    expect(parseCartForm(form({ intent: 'add', pack: '7' }))).toMatchObject({ ok: true, action: { quantity: 1 } });
    expect(parseCartForm(form({ intent: 'add', pack: '7', quantity: '' }))).toMatchObject({ ok: true, action: { quantity: 1 } });
    expect(parseCartForm(form({ intent: 'add', pack: '7', quantity: ' 2 ' }))).toMatchObject({ ok: true, action: { quantity: 2 } });
  });

  it('ignores the extra fields of the forms (js flag, redirect)', () => {
    expect(parseCartForm(form({ intent: 'remove', pack: '3', js: '1', redirectTo: '/product/x' }))).toEqual({ ok: true, action: { intent: 'remove', pack: 3 } });
  });

  it.each(['0', '-1', '0.5', '100', '2147483648', '1e2', 'abc', '1,5', ' ', '+1', '0x10', 'NaN', 'Infinity'])('refuses the quantity %j with the Dutch message', (quantity) => {
    expect(parseCartForm(form({ intent: 'set-quantity', pack: '5', quantity }))).toEqual({ ok: false, intent: 'set-quantity', error: e.quantity, field: 'quantity' });
    expect(parseCartForm(form({ intent: 'add', pack: '5', quantity }))).toMatchObject({ ok: false, field: 'quantity', error: e.quantity });
  });

  it('a set-quantity without a quantity is refused', () => {
    expect(parseCartForm(form({ intent: 'set-quantity', pack: '5' }))).toMatchObject({ ok: false, field: 'quantity' });
  });

  it.each(['abc', '', '0', '-3', '1.5', '2147483648', '99999999999', '1e3', '12abc'])('refuses the pack %j: add says it cannot be added', (pack) => {
    expect(parseCartForm(form({ intent: 'add', pack, quantity: '1' }))).toEqual({ ok: false, intent: 'add', error: e.addFailed, field: 'pack' });
    expect(parseCartForm(form({ intent: 'remove', pack }))).toEqual({ ok: false, intent: 'remove', error: e.loadFailed, field: 'pack' });
  });

  it('accepts the largest pack id a database integer holds', () => {
    expect(parseCartForm(form({ intent: 'remove', pack: '2147483647' }))).toMatchObject({ ok: true, action: { pack: 2147483647 } });
  });

  it('refuses empty or overlong coupon codes as invalid codes', () => {
    expect(parseCartForm(form({ intent: 'apply-coupon', code: '   ' }))).toEqual({ ok: false, intent: 'apply-coupon', error: e.couponInvalid, field: 'code' });
    expect(parseCartForm(form({ intent: 'apply-coupon' }))).toMatchObject({ ok: false, error: e.couponInvalid });
    expect(parseCartForm(form({ intent: 'apply-coupon', code: 'X'.repeat(41) }))).toMatchObject({ ok: false, error: e.couponInvalid });
  });

  it('refuses unknown or missing intents', () => {
    expect(parseCartForm(form({ intent: 'empty-cart', pack: '1' }))).toMatchObject({ ok: false, intent: 'empty-cart', error: e.loadFailed });
    expect(parseCartForm(form({ pack: '1' }))).toMatchObject({ ok: false, intent: '' });
  });

  it('takes the first of repeated fields and ignores files', () => {
    const f = form({ intent: 'set-quantity', pack: '4', quantity: '2' });
    f.append('quantity', '5000');
    f.append('pack', new Blob(['x']), 'evil.txt');
    expect(parseCartForm(f)).toEqual({ ok: true, action: { intent: 'set-quantity', pack: 4, quantity: 2 } });
  });

  it('the schema itself never throws on odd input', () => {
    for (const input of [null, undefined, 42, 'x', [], { intent: 1 }, { intent: 'add', pack: {} }]) expect(cartActionSchema.safeParse(input).success).toBe(false);
  });
});
