import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { batchSchema, editPromotionSchema, newCouponSchema, newPromotionSchema } from './coupons.schemas.ts';

const form = (values: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
};
const errors = (schema: Parameters<typeof parseWithZod>[1]['schema'], values: Record<string, string>) => {
  const r = parseWithZod(form(values), { schema });
  return r.status === 'success' ? {} : Object.fromEntries(Object.entries(r.reply().error ?? {}).map(([k, v]) => [k, v?.[0]]));
};

describe('coupon form', () => {
  it('accepts a percentage code, upper-cased, with empty optional fields', () => {
    const r = parseWithZod(form({ code: ' zomer-10 ', kind: 'percent', percent: '10', combinesWithPromotions: 'on' }), { schema: newCouponSchema });
    expect(r.status).toBe('success');
    if (r.status === 'success')
      expect(r.value).toMatchObject({ code: 'ZOMER-10', percent: 10, amount: null, minOrder: null, usageLimit: null, isPublic: false, combinesWithPromotions: true, description: '' });
  });

  it('says in Dutch what is wrong, next to each field', () => {
    expect(errors(newCouponSchema, { code: 'a', kind: 'percent', percent: '0', minOrder: 'veel', validFrom: '2026-02-30', usageLimit: '-1', perCustomerLimit: '1,5' })).toEqual({
      code: 'Gebruik 3 tot 40 hoofdletters, cijfers of streepjes (begin met een letter of cijfer).',
      percent: 'Vul een heel percentage van 1 tot en met 100 in.',
      minOrder: 'Vul een bedrag in euro in, bijvoorbeeld 40, of laat het leeg.',
      validFrom: 'Vul een datum in als 2026-12-31, of laat het leeg.',
      usageLimit: 'Vul een heel getal van 1 tot en met 1.000.000 in, of laat het leeg.',
      perCustomerLimit: 'Vul een heel getal van 1 tot en met 1.000.000 in, of laat het leeg.',
    });
  });

  it('asks for what the kind needs, a sensible period, and a description when public', () => {
    expect(errors(newCouponSchema, { code: 'VIJF', kind: 'fixed' })).toEqual({ amount: 'Vul een bedrag in euro in, bijvoorbeeld 5 of 7,50.' });
    expect(errors(newCouponSchema, { code: 'VIJF', kind: 'fixed', amount: '0' })).toEqual({ amount: 'Het bedrag moet meer dan 0 zijn.' });
    expect(errors(newCouponSchema, { code: 'PROC', kind: 'percent' })).toEqual({ percent: 'Vul een heel percentage van 1 tot en met 100 in.' });
    expect(errors(newCouponSchema, { code: 'DATUM', kind: 'free_shipping', validFrom: '2026-05-02', validUntil: '2026-05-01' })).toEqual({ validUntil: 'De einddatum ligt vóór de begindatum.' });
    expect(errors(newCouponSchema, { code: 'OPENBAAR', kind: 'free_shipping', isPublic: 'on' })).toEqual({ description: 'Een openbare code heeft een omschrijving voor klanten.' });
    expect(errors(newCouponSchema, { code: 'nieuw', kind: 'free_shipping' })).toEqual({ code: 'Deze code bestaat al. Kies een andere.' });
    expect(errors(newCouponSchema, { code: 'ABC', kind: 'korting' })).toEqual({ kind: 'Kies een soort korting.' });
  });
});

describe('batch form', () => {
  it('a prefix of letters and digits and 1 to 5,000 codes', () => {
    const base = { key: crypto.randomUUID(), kind: 'percent', percent: '10' };
    expect(errors(batchSchema, { ...base, prefix: 'flyer', count: '5000' })).toEqual({});
    expect(errors(batchSchema, { ...base, prefix: 'FL-Y', count: '5001' })).toEqual({
      prefix: 'Gebruik 2 tot 12 hoofdletters of cijfers.',
      count: 'Vul een heel getal van 1 tot en met 5.000 in.',
    });
  });
});

describe('promotion form', () => {
  it('a name, a pack, 1 to 10 packs and a threshold in euros', () => {
    expect(errors(newPromotionSchema, { name: 'Gratis zaadje', packId: '3', quantity: '1', threshold: '50' })).toEqual({});
    expect(errors(newPromotionSchema, { name: ' ', packId: 'x', quantity: '11', threshold: 'vijftig' })).toEqual({
      name: 'Geef de actie een naam (hoogstens 80 tekens).',
      packId: 'Kies een gratis verpakking.',
      quantity: 'Vul een heel aantal van 1 tot en met 10 in.',
      threshold: 'Vul een bedrag in euro in, bijvoorbeeld 50.',
    });
    expect(errors(editPromotionSchema, { name: 'A', packId: '3', quantity: '1', threshold: '50' })).toHaveProperty('version');
  });
});
