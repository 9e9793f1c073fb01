import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { checkoutSchema, checkoutSchemaFor } from './checkout.schemas.ts';

const address = { firstName: 'Sanne', lastName: 'de Vries', phone: '+31 6 12345678', line1: 'Keizersgracht 1', line2: '', city: 'Amsterdam', postalCode: '1015 CJ', country: 'NL', state: '' };
const emptyAddress = { firstName: '', lastName: '', phone: '', line1: '', line2: '', city: '', postalCode: '', country: 'NL', state: '' };

/** The form as the browser posts it: nested names, a ticked checkbox as "on", unchosen radios absent. */
function formData(values: Record<string, string | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) fd.set(k, v);
  return fd;
}
const nested = (prefix: string, a: Record<string, string>) => Object.fromEntries(Object.entries(a).map(([k, v]) => [`${prefix}.${k}`, v]));
const valid = {
  email: 'sanne@example.com',
  ...nested('shipping', address),
  billingSame: 'on',
  shippingMethod: 'tracked_parcel',
  paymentMethod: 'bank_transfer',
  expectedTotal: '5841',
  currency: 'EUR',
  region: 'nl',
  idempotencyKey: '3f1c9a52-7d0e-4a4b-9a3e-2b8c1d5e6f70',
};

const errors = (values: Record<string, string | undefined>, schema = checkoutSchema) => parseWithZod(formData(values), { schema }).reply().error ?? {};

describe('checkoutSchema', () => {
  it('accepts a complete form and copies the shipping address to billing', () => {
    const s = parseWithZod(formData(valid), { schema: checkoutSchema });
    expect(s.status).toBe('success');
    if (s.status !== 'success') return;
    expect(s.value.billing).toEqual(s.value.shipping);
    expect(s.value.expectedTotal).toBe(5841);
    expect(s.value.billingSame).toBe(true);
  });

  it('shows every SPEC §5 message next to its own field on an empty submit', () => {
    const e = errors({ ...valid, email: '', ...nested('shipping', emptyAddress), shippingMethod: undefined, paymentMethod: undefined });
    expect(e).toEqual({
      email: ['Vul een geldig e-mailadres in.'],
      'shipping.firstName': ['Voornaam is verplicht.'],
      'shipping.lastName': ['Achternaam is verplicht.'],
      'shipping.phone': ['Telefoonnummer is verplicht.'],
      'shipping.line1': ['Adres is verplicht.'],
      'shipping.city': ['Plaats is verplicht.'],
      'shipping.postalCode': ['Postcode is verplicht.'],
      shippingMethod: ['Verzendoptie is verplicht.'],
      paymentMethod: ['Betaaloptie is verplicht.'],
    });
  });

  it('gives the same messages when the fields are missing altogether', () => {
    const e = errors({ expectedTotal: valid.expectedTotal, currency: 'EUR', region: 'nl', idempotencyKey: valid.idempotencyKey, billingSame: 'on' });
    expect(e.email).toEqual(['Vul een geldig e-mailadres in.']);
    expect(e['shipping.firstName']).toEqual(['Voornaam is verplicht.']);
    expect(e['shipping.postalCode']).toEqual(['Postcode is verplicht.']);
    expect(e.shippingMethod).toEqual(['Verzendoptie is verplicht.']);
  });

  it('refuses an invalid e-mail address and unknown methods', () => {
    const e = errors({ ...valid, email: 'sanne@', shippingMethod: 'drone', paymentMethod: 'crypto' });
    expect(e).toEqual({ email: ['Vul een geldig e-mailadres in.'], shippingMethod: ['Verzendoptie is verplicht.'], paymentMethod: ['Betaaloptie is verplicht.'] });
  });

  it('ignores the billing fields while "Zelfde als verzendadres" is ticked (the no-JS form always posts them)', () => {
    const s = parseWithZod(formData({ ...valid, ...nested('billing', emptyAddress) }), { schema: checkoutSchema });
    expect(s.status).toBe('success');
  });

  it('requires the billing address when the box is not ticked, with the same messages', () => {
    const e = errors({ ...valid, billingSame: undefined, ...nested('billing', emptyAddress) });
    expect(e).toEqual({
      'billing.firstName': ['Voornaam is verplicht.'],
      'billing.lastName': ['Achternaam is verplicht.'],
      'billing.phone': ['Telefoonnummer is verplicht.'],
      'billing.line1': ['Adres is verplicht.'],
      'billing.city': ['Plaats is verplicht.'],
      'billing.postalCode': ['Postcode is verplicht.'],
    });
    const s = parseWithZod(formData({ ...valid, billingSame: undefined, ...nested('billing', { ...address, firstName: 'Joris', city: 'Utrecht' }) }), { schema: checkoutSchema });
    expect(s.status).toBe('success');
    if (s.status === 'success') expect(s.value.billing).toMatchObject({ firstName: 'Joris', city: 'Utrecht' });
  });

  it('shows the billing messages together with the other fields’ messages', () => {
    const e = errors({ ...valid, email: '', billingSame: undefined, ...nested('billing', emptyAddress), paymentMethod: undefined });
    expect(e.email).toEqual(['Vul een geldig e-mailadres in.']);
    expect(e.paymentMethod).toEqual(['Betaaloptie is verplicht.']);
    expect(e['billing.firstName']).toEqual(['Voornaam is verplicht.']);
  });

  it("requires a province/state only for countries that need one: 'Provincie is vereist'", () => {
    const schema = checkoutSchemaFor(['us']);
    expect(errors({ ...valid, 'shipping.country': 'US', 'shipping.postalCode': '97201' }, schema)).toEqual({ 'shipping.state': ['Provincie is vereist'] });
    expect(errors({ ...valid, 'shipping.country': 'US', 'shipping.postalCode': '97201', 'shipping.state': 'Oregon' }, schema)).toEqual({});
    expect(errors(valid, schema)).toEqual({});
    // Billing too, and next to other messages.
    const e = errors({ ...valid, email: 'x', billingSame: undefined, ...nested('billing', { ...address, country: 'us', postalCode: '97201' }) }, schema);
    expect(e).toEqual({ email: ['Vul een geldig e-mailadres in.'], 'billing.state': ['Provincie is vereist'] });
    // Built once per set of countries (zod compiles a schema at its first parse), whatever their order or case.
    expect(checkoutSchemaFor(['US'])).toBe(schema);
    expect(checkoutSchemaFor(['CA', 'us'])).toBe(checkoutSchemaFor(['US', 'ca']));
    expect(checkoutSchemaFor(['CA'])).not.toBe(schema);
  });

  it('checks formats and lengths with Dutch messages', () => {
    const e = errors({ ...valid, 'shipping.phone': 'bel me', 'shipping.postalCode': '!!', 'shipping.country': 'Nederland', 'shipping.city': 'x'.repeat(61) });
    expect(e).toEqual({
      'shipping.phone': ['Vul een geldig telefoonnummer in, alleen cijfers en eventueel een +.'],
      'shipping.postalCode': ['Vul een geldige postcode in.'],
      'shipping.country': ['Kies een land.'],
      'shipping.city': ['Gebruik maximaal 60 tekens.'],
    });
  });

  it.each([
    ['expectedTotal', 'veel'],
    ['expectedTotal', '-1'],
    ['expectedTotal', '12.5'],
    ['expectedTotal', undefined],
    ['currency', 'eur'],
    ['currency', 'EURO'],
    ['region', 'NL'],
    ['region', undefined],
    ['idempotencyKey', 'kort'],
    ['idempotencyKey', '<script>alert(1)</script>-padding'],
  ])('rejects a tampered hidden field: %s = %j', (field, value) => {
    const e = errors({ ...valid, [field]: value });
    expect(e).toEqual({ [field]: ['Je bestelling kon niet worden gecontroleerd. Vernieuw de pagina en probeer het opnieuw.'] });
  });
});
