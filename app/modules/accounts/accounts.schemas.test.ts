import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema, logInSchema, resetPasswordSchema, signUpSchemaFor } from './accounts.schemas.ts';

function formData(values: Record<string, string | undefined>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) fd.set(k, v);
  return fd;
}

// 15 June 2026, noon in Amsterdam.
const signUpSchema = signUpSchemaFor(() => new Date('2026-06-15T10:00:00Z'));
type Schema = Parameters<typeof parseWithZod>[1]['schema'];
const errors = (values: Record<string, string | undefined>, schema: Schema) => parseWithZod(formData(values), { schema }).reply().error ?? {};

const signUp = {
  name: 'Sanne de Vries',
  email: 'Sanne@Example.NL',
  dateOfBirth: '1990-04-12',
  password: 'tulpen in de vensterbank',
  passwordConfirm: 'tulpen in de vensterbank',
};
const token = 'A'.repeat(43);

describe('signUpSchema', () => {
  it('accepts a complete form and lower-cases the e-mail address', () => {
    const s = parseWithZod(formData({ ...signUp, email: '  Sanne@Example.NL ' }), { schema: signUpSchema });
    expect(s.status).toBe('success');
    if (s.status !== 'success') return;
    expect(s.value).toEqual({ ...signUp, email: 'sanne@example.nl' });
  });

  it('shows a message next to every field on an empty submit', () => {
    expect(errors({}, signUpSchema)).toEqual({
      name: ['Naam is verplicht.'],
      email: ['Vul een geldig e-mailadres in.'],
      dateOfBirth: ['Geboortedatum is verplicht.'],
      password: ['Een geldig wachtwoord is vereist'],
      passwordConfirm: ['Wachtwoorden komen niet overeen'],
    });
  });

  it("says 'Wachtwoorden komen niet overeen' next to the other messages", () => {
    expect(errors({ ...signUp, email: 'sanne@', passwordConfirm: 'tulpen in de vensterbak' }, signUpSchema)).toEqual({
      email: ['Vul een geldig e-mailadres in.'],
      passwordConfirm: ['Wachtwoorden komen niet overeen'],
    });
  });

  it('refuses short, long, common and personal passwords with their own message', () => {
    const pw = (password: string) => errors({ ...signUp, password, passwordConfirm: password }, signUpSchema);
    expect(pw('kort')).toEqual({ password: ['Kies een wachtwoord van minimaal 8 tekens.'] });
    expect(pw('🌱🌿🍀🌵')).toEqual({ password: ['Kies een wachtwoord van minimaal 8 tekens.'] });
    expect(pw('x'.repeat(129))).toEqual({ password: ['Kies een wachtwoord van maximaal 128 tekens.'] });
    expect(pw('Welkom01')).toEqual({ password: ['Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.'] });
    expect(pw('wachtwoord')).toEqual({ password: ['Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.'] });
    expect(pw('sanne@example.nl')).toEqual({ password: ['Kies een wachtwoord dat niet gelijk is aan je naam of e-mailadres.'] });
    expect(pw('Sanne de Vries')).toEqual({ password: ['Kies een wachtwoord dat niet gelijk is aan je naam of e-mailadres.'] });
  });

  it('keeps spaces in passwords (never trimmed)', () => {
    const s = parseWithZod(formData({ ...signUp, password: ' met spaties ', passwordConfirm: ' met spaties ' }), { schema: signUpSchema });
    expect(s.status).toBe('success');
    if (s.status === 'success') expect(s.value.password).toBe(' met spaties ');
  });

  it('requires 18 years on the shop’s calendar day (SPEC §5)', () => {
    expect(errors({ ...signUp, dateOfBirth: '2008-06-15' }, signUpSchema)).toEqual({});
    expect(errors({ ...signUp, dateOfBirth: '2008-06-16' }, signUpSchema)).toEqual({ dateOfBirth: ['Je moet 18 jaar of ouder zijn om een account aan te maken.'] });
    const leap = signUpSchemaFor(() => new Date('2026-02-28T12:00:00Z'));
    expect(errors({ ...signUp, dateOfBirth: '2008-02-29' }, leap)).toEqual({ dateOfBirth: ['Je moet 18 jaar of ouder zijn om een account aan te maken.'] });
    const march = signUpSchemaFor(() => new Date('2026-03-01T12:00:00Z'));
    expect(errors({ ...signUp, dateOfBirth: '2008-02-29' }, march)).toEqual({});
  });

  it.each(['1990-02-30', '12-04-1990', '1899-12-31', '2026-06-16', 'gisteren'])('refuses the birth date %s as invalid', (dateOfBirth) => {
    expect(errors({ ...signUp, dateOfBirth }, signUpSchema)).toEqual({ dateOfBirth: ['Vul een geldige geboortedatum in.'] });
  });

  it('limits the name length', () => {
    expect(errors({ ...signUp, name: 'x'.repeat(101) }, signUpSchema)).toEqual({ name: ['Gebruik maximaal 100 tekens.'] });
    expect(errors({ ...signUp, name: '   ' }, signUpSchema)).toEqual({ name: ['Naam is verplicht.'] });
  });
});

describe('logInSchema', () => {
  it('accepts e-mail and password; the password policy does not apply (old passwords still log in)', () => {
    const s = parseWithZod(formData({ email: 'JAN@example.nl', password: 'kort' }), { schema: logInSchema });
    expect(s.status).toBe('success');
    if (s.status === 'success') expect(s.value).toEqual({ email: 'jan@example.nl', password: 'kort', redirectTo: '/account' });
  });

  it('uses the SPEC §5 messages', () => {
    expect(errors({}, logInSchema)).toEqual({ email: ['Vul een geldig e-mailadres in.'], password: ['Een geldig wachtwoord is vereist'] });
    expect(errors({ email: 'jan', password: 'x'.repeat(1025) }, logInSchema)).toEqual({
      email: ['Vul een geldig e-mailadres in.'],
      password: ['Een geldig wachtwoord is vereist'],
    });
  });

  it('keeps a local redirectTo and drops anything else', () => {
    const parse = (redirectTo: string) => {
      const s = parseWithZod(formData({ email: 'jan@example.nl', password: 'geheimpje', redirectTo }), { schema: logInSchema });
      return s.status === 'success' ? s.value.redirectTo : 'failed';
    };
    expect(parse('/account/wishlist')).toBe('/account/wishlist');
    expect(parse('/product/amnesia-haze?pack=5#reviews')).toBe('/product/amnesia-haze?pack=5#reviews');
    expect(parse('https://evil.example/')).toBe('/account');
    expect(parse('//evil.example/')).toBe('/account');
    expect(parse('/\\evil.example/')).toBe('/account');
    expect(parse('javascript:alert(1)')).toBe('/account');
  });
});

describe('forgotPasswordSchema', () => {
  it('needs a valid e-mail address', () => {
    expect(errors({}, forgotPasswordSchema)).toEqual({ email: ['Vul een geldig e-mailadres in.'] });
    expect(errors({ email: 'geen adres' }, forgotPasswordSchema)).toEqual({ email: ['Vul een geldig e-mailadres in.'] });
    const s = parseWithZod(formData({ email: ' Jan@Example.nl' }), { schema: forgotPasswordSchema });
    expect(s.status === 'success' && s.value.email).toBe('jan@example.nl');
  });
});

describe('resetPasswordSchema', () => {
  const reset = { token, password: 'nieuwe zomer in de kas', passwordConfirm: 'nieuwe zomer in de kas' };

  it('accepts a token and a matching new password', () => {
    expect(parseWithZod(formData(reset), { schema: resetPasswordSchema }).status).toBe('success');
  });

  it('applies the password policy and the SPEC messages', () => {
    expect(errors({ token }, resetPasswordSchema)).toEqual({ password: ['Een geldig wachtwoord is vereist'], passwordConfirm: ['Wachtwoorden komen niet overeen'] });
    expect(errors({ ...reset, passwordConfirm: 'iets anders' }, resetPasswordSchema)).toEqual({ passwordConfirm: ['Wachtwoorden komen niet overeen'] });
    expect(errors({ ...reset, password: 'iloveyou', passwordConfirm: 'iloveyou' }, resetPasswordSchema)).toEqual({
      password: ['Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.'],
    });
  });

  it.each([undefined, 'kort', `${token}=`, `${'A'.repeat(42)}!`])('refuses the token %j with the SPEC §8 reset failure', (bad) => {
    expect(errors({ ...reset, token: bad }, resetPasswordSchema)).toEqual({ token: ['Kon het wachtwoord niet resetten, neem contact op met de klantenservice'] });
  });
});
