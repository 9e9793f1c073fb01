import { describe, expect, it } from 'vitest';
import { newsletterSchema } from './newsletter.schemas.ts';

describe('newsletter form', () => {
  it('takes an address, trimmed', () => {
    expect(newsletterSchema.parse({ email: ' Jan@Example.nl ', source: 'footer' })).toMatchObject({ email: 'Jan@Example.nl', source: 'footer' });
  });
  it.each(['', 'geen-adres', 'a@', `${'x'.repeat(250)}@example.nl`])('refuses %s with the Dutch message', (email) => {
    const r = newsletterSchema.safeParse({ email });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Vul een geldig e-mailadres in.');
  });
  it('an unknown source is a sign-up from the page', () => {
    expect(newsletterSchema.parse({ email: 'a@b.nl', source: 'elders' }).source).toBe('page');
  });
});
