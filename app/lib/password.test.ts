import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { codePoints, isAdult, parseIsoDate, passwordProblem, shopToday } from '~/lib/password.ts';

describe('passwordProblem', () => {
  it('accepts 8 to 128 characters without composition rules', () => {
    expect(passwordProblem('groene kas')).toBeNull();
    expect(passwordProblem('zonderhoofdletters')).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
    expect(passwordProblem('paarse-bloem-op-het-balkon')).toBeNull();
  });

  it('refuses fewer than 8 and more than 128 characters', () => {
    expect(passwordProblem('')).toBe('too_short');
    expect(passwordProblem('kort123')).toBe('too_short');
    expect(passwordProblem('x'.repeat(129))).toBe('too_long');
  });

  it('counts Unicode code points, not UTF-16 units', () => {
    // 4 emoji are 8 UTF-16 units but 4 characters.
    expect('🌱🌿🍀🌵'.length).toBe(8);
    expect(codePoints('🌱🌿🍀🌵')).toBe(4);
    expect(passwordProblem('🌱🌿🍀🌵')).toBe('too_short');
    expect(passwordProblem('🌱🌿🍀🌵🌱🌿🍀🌵')).toBeNull();
    expect(passwordProblem('🌱'.repeat(128))).toBeNull();
    expect(passwordProblem('🌱'.repeat(129))).toBe('too_long');
    expect(passwordProblem('één twee')).toBeNull();
  });

  it('refuses common passwords whatever their case', () => {
    for (const p of ['password', 'PASSWORD', 'Wachtwoord', 'welkom01', 'Welkom01', 'iloveyou', '12345678', 'qwertyuiop', 'Feyenoord1908']) {
      expect(passwordProblem(p), p).toBe('common');
    }
  });

  it('refuses the account’s own e-mail address, its local part or name', () => {
    const context = { email: 'Sanne.deVries@example.nl', name: 'Sanne de Vries' };
    expect(passwordProblem('sanne.devries@example.nl', context)).toBe('personal');
    expect(passwordProblem('SANNE.DEVRIES', context)).toBe('personal');
    expect(passwordProblem('Sanne de Vries', context)).toBe('personal');
    expect(passwordProblem('sannedevries', context)).toBe('personal');
    expect(passwordProblem('sanne houdt van tulpen', context)).toBeNull();
  });
});

describe('COMMON_PASSWORDS', () => {
  it('holds about a thousand lower-case entries including the usual suspects', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
    for (const p of ['123456', 'password', 'qwerty', 'wachtwoord', 'welkom01', 'iloveyou', 'kiemkracht']) expect(COMMON_PASSWORDS.has(p), p).toBe(true);
  });
});

describe('isAdult', () => {
  it('is true from the 18th birthday on', () => {
    expect(isAdult('2008-06-15', '2026-06-14')).toBe(false);
    expect(isAdult('2008-06-15', '2026-06-15')).toBe(true);
    expect(isAdult('2008-06-15', '2026-06-16')).toBe(true);
    expect(isAdult('1950-01-01', '2026-06-15')).toBe(true);
    expect(isAdult('2020-01-01', '2026-06-15')).toBe(false);
  });

  it('born on 29 February: adult on 1 March in a non-leap year', () => {
    expect(isAdult('2008-02-29', '2026-02-28')).toBe(false);
    expect(isAdult('2008-02-29', '2026-03-01')).toBe(true);
  });

  it('born on 29 February: adult on 29 February when that year is a leap year', () => {
    // 18 is not a multiple of 4, so at 18 a leap-day baby's birthday year is never a leap year; age 20 shows that branch.
    expect(isAdult('2008-02-29', '2028-02-28', 20)).toBe(false);
    expect(isAdult('2008-02-29', '2028-02-29', 20)).toBe(true);
  });

  it('someone born on 28 February or 1 March is not affected by the leap-day rule', () => {
    expect(isAdult('2008-02-28', '2026-02-27')).toBe(false);
    expect(isAdult('2008-02-28', '2026-02-28')).toBe(true);
    expect(isAdult('2008-03-01', '2026-02-28')).toBe(false);
    expect(isAdult('2008-03-01', '2026-03-01')).toBe(true);
  });

  it('refuses dates that do not exist or are not ISO', () => {
    expect(isAdult('2001-02-29', '2026-01-01')).toBe(false);
    expect(isAdult('1990-04-31', '2026-01-01')).toBe(false);
    expect(isAdult('15-06-1990', '2026-01-01')).toBe(false);
    expect(isAdult('', '2026-01-01')).toBe(false);
  });

  it('reads a Date as the calendar date in the Netherlands', () => {
    // 22:30 UTC on 14 June is already 15 June in Amsterdam (summer time, UTC+2).
    expect(shopToday(new Date('2026-06-14T22:30:00Z'))).toBe('2026-06-15');
    expect(isAdult('2008-06-15', new Date('2026-06-14T22:30:00Z'))).toBe(true);
    expect(isAdult('2008-06-15', new Date('2026-06-14T21:30:00Z'))).toBe(false);
  });
});

describe('parseIsoDate', () => {
  it('knows leap years', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2000-02-29')).not.toBeNull();
    expect(parseIsoDate('1900-02-29')).toBeNull();
    expect(parseIsoDate('2023-13-01')).toBeNull();
    expect(parseIsoDate('2023-00-10')).toBeNull();
  });
});
