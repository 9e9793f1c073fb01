import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { emailChangeSchema, growerProfileSchemaFor, passwordChangeSchema, personalDetailsSchemaFor } from './details.schemas.ts';

type Values = Record<string, string | string[] | undefined>;

function formData(values: Values) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of v === undefined ? [] : Array.isArray(v) ? v : [v]) fd.append(k, one);
  return fd;
}

// 15 June 2026, noon in Amsterdam.
const now = () => new Date('2026-06-15T10:00:00Z');
const personal = personalDetailsSchemaFor(now);
const profile = growerProfileSchemaFor(now);
type Schema = Parameters<typeof parseWithZod>[1]['schema'];
const parse = (values: Values, schema: Schema) => parseWithZod(formData(values), { schema });
const errors = (values: Values, schema: Schema) => parse(values, schema).reply().error ?? {};
const value = (values: Values, schema: Schema) => {
  const s = parse(values, schema);
  if (s.status !== 'success') throw new Error(JSON.stringify(s.reply().error));
  return s.value;
};

describe('personal details', () => {
  it('trims the name and keeps the date', () => {
    expect(value({ name: '  Sanne de Vries ', dateOfBirth: '1990-04-12' }, personal)).toEqual({ name: 'Sanne de Vries', dateOfBirth: '1990-04-12' });
  });

  it('gives the sign-up messages: required fields, invalid date, under 18', () => {
    expect(errors({}, personal)).toEqual({ name: ['Naam is verplicht.'], dateOfBirth: ['Geboortedatum is verplicht.'] });
    expect(errors({ name: 'x'.repeat(101), dateOfBirth: '2026-02-30' }, personal)).toEqual({
      name: ['Gebruik maximaal 100 tekens.'],
      dateOfBirth: ['Vul een geldige geboortedatum in.'],
    });
    // 18 tomorrow is not 18 today.
    expect(errors({ name: 'Sanne', dateOfBirth: '2008-06-16' }, personal)).toEqual({
      dateOfBirth: ['Je moet 18 jaar of ouder zijn om een account aan te maken.'],
    });
    expect(value({ name: 'Sanne', dateOfBirth: '2008-06-15' }, personal)).toMatchObject({ dateOfBirth: '2008-06-15' });
  });
});

describe('e-mail change', () => {
  it('lower-cases the new address and never trims the password', () => {
    expect(value({ email: ' Nieuw@Example.NL ', currentPassword: ' geheim ' }, emailChangeSchema)).toEqual({
      email: 'nieuw@example.nl',
      currentPassword: ' geheim ',
    });
  });

  it("says 'Vul een geldig e-mailadres in.' and 'Een geldig wachtwoord is vereist'", () => {
    expect(errors({ email: 'nieuw@' }, emailChangeSchema)).toEqual({
      email: ['Vul een geldig e-mailadres in.'],
      currentPassword: ['Een geldig wachtwoord is vereist'],
    });
  });
});

describe('password change', () => {
  const ok = { currentPassword: 'oud wachtwoord', password: 'herfstbladeren vallen zacht', passwordConfirm: 'herfstbladeren vallen zacht' };

  it('accepts a new password that meets the policy', () => {
    expect(value(ok, passwordChangeSchema)).toEqual(ok);
  });

  it('shows every message next to its field on an empty submit', () => {
    expect(errors({}, passwordChangeSchema)).toEqual({
      currentPassword: ['Een geldig wachtwoord is vereist'],
      password: ['Een geldig wachtwoord is vereist'],
      passwordConfirm: ['Wachtwoorden komen niet overeen'],
    });
  });

  it('the policy messages, and the mismatch next to them', () => {
    expect(errors({ ...ok, password: 'kort', passwordConfirm: 'kort' }, passwordChangeSchema)).toEqual({
      password: ['Kies een wachtwoord van minimaal 8 tekens.'],
    });
    expect(errors({ ...ok, password: 'password', passwordConfirm: 'passwort' }, passwordChangeSchema)).toEqual({
      password: ['Dit wachtwoord wordt veel gebruikt en is makkelijk te raden. Kies een ander wachtwoord.'],
      passwordConfirm: ['Wachtwoorden komen niet overeen'],
    });
  });
});

describe('grower profile', () => {
  it('everything is optional: an empty form is an empty profile', () => {
    expect(value({ growingSince: '', cultivationMethod: '', floweringPreference: '', favouriteType: '' }, profile)).toEqual({
      growingSince: null,
      cultivationMethod: null,
      floweringPreference: null,
      favouriteType: null,
      favourites: [],
    });
  });

  it('reads a complete form; one checkbox or several, duplicates once', () => {
    const full = { growingSince: '2015', cultivationMethod: 'greenhouse', floweringPreference: 'autoflower', favouriteType: 'mostly_indica' };
    expect(value({ ...full, favourites: '12' }, profile)).toEqual({ ...full, growingSince: 2015, favourites: [12] });
    expect(value({ ...full, favourites: ['12', '7', '12'] }, profile)).toMatchObject({ favourites: [12, 7] });
  });

  it('growing since: from 1950 up to this year', () => {
    expect(value({ growingSince: '1950' }, profile)).toMatchObject({ growingSince: 1950 });
    expect(value({ growingSince: '2026' }, profile)).toMatchObject({ growingSince: 2026 });
    for (const year of ['1949', '2027', '20x5', '-2000', '15'])
      expect(errors({ growingSince: year }, profile)).toEqual({ growingSince: ['Kies een jaar tussen 1950 en 2026.'] });
  });

  it('refuses values that are not in the lists', () => {
    expect(errors({ cultivationMethod: 'kelder', floweringPreference: 'snel', favouriteType: 'ruderalis' }, profile)).toEqual({
      cultivationMethod: ['Kies een van de opties uit de lijst.'],
      floweringPreference: ['Kies een van de opties uit de lijst.'],
      favouriteType: ['Kies een van de opties uit de lijst.'],
    });
  });

  it('at most five favourites, and only ids', () => {
    expect(value({ favourites: ['1', '2', '3', '4', '5'] }, profile)).toMatchObject({ favourites: [1, 2, 3, 4, 5] });
    expect(errors({ favourites: ['1', '2', '3', '4', '5', '6'] }, profile)).toEqual({ favourites: ['Kies maximaal 5 favoriete soorten.'] });
    expect(errors({ favourites: ['1', 'northern-lights'] }, profile)).toEqual({ favourites: ['Kies alleen soorten uit de lijst.'] });
    expect(errors({ favourites: ['0'] }, profile)).toEqual({ favourites: ['Kies alleen soorten uit de lijst.'] });
  });
});
