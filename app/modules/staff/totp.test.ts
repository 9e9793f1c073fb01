import { describe, expect, it } from 'vitest';
import { looksLikeRecoveryCode, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, totpCode, totpUri, verifyTotp } from './totp.ts';

const now = Date.parse('2026-11-25T12:00:10Z');

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('makes a 160-bit base32 secret and an otpauth URI for the QR code', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'eigenaar@kiemkracht.nl'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Kiemkracht beheer');
  });

  it('accepts the current code and one step of drift, not older ones', () => {
    expect(verifyTotp(secret, totpCode(secret, now), null, now)).toBe(Math.floor(now / 30_000));
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), null, now)).not.toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), null, now)).not.toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now - 90_000), null, now)).toBeNull();
  });

  it('refuses a code whose step was already used (no replay), accepts the next one', () => {
    const step = verifyTotp(secret, totpCode(secret, now), null, now)!;
    expect(verifyTotp(secret, totpCode(secret, now), step, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), step, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now + 30_000), step, now + 30_000)).toBe(step + 1);
  });

  it('refuses malformed input and another secret’s code', () => {
    expect(verifyTotp(secret, '12345', null, now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', null, now)).toBeNull();
    expect(verifyTotp(secret, totpCode(newTotpSecret(), now), null, now)).toBeNull();
    expect(verifyTotp(secret, ` ${totpCode(secret, now).slice(0, 3)} ${totpCode(secret, now).slice(3)} `, null, now)).not.toBeNull();
  });
});

describe('recovery codes', () => {
  it('ten distinct codes in the unambiguous alphabet', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(c)).toBe(true);
    }
  });

  it('compare without case, spaces or dashes', () => {
    expect(normaliseRecoveryCode('K7M2P X9QRT')).toBe('k7m2px9qrt');
    expect(normaliseRecoveryCode('k7m2p-x9qrt')).toBe('k7m2px9qrt');
  });
});
