import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { orderLookupSchema } from './orders.schemas.ts';

const parse = (number: string, email: string) => {
  const fd = new FormData();
  fd.set('number', number);
  fd.set('email', email);
  return parseWithZod(fd, { schema: orderLookupSchema });
};

describe('orderLookupSchema', () => {
  it("shows 'Bestelnummer vereist' and the e-mail message next to their fields", () => {
    expect(parse('', '').reply().error).toEqual({ number: ['Bestelnummer vereist'], email: ['Vul een geldig e-mailadres in.'] });
    expect(parse('   ', 'sanne@').reply().error).toEqual({ number: ['Bestelnummer vereist'], email: ['Vul een geldig e-mailadres in.'] });
  });

  it('accepts the number as customers type it', () => {
    const s = parse(' kk 7q4m 9xhd ', 'Sanne@Example.com');
    expect(s.status).toBe('success');
    if (s.status === 'success') expect(s.value.number).toBe('KK-7Q4M-9XHD');
  });

  it('lets a number that cannot exist through, so it gets the same "not found" answer as an unknown one', () => {
    const s = parse('KK-0000-OOOO', 'sanne@example.com');
    expect(s.status).toBe('success');
  });
});
