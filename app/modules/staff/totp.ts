// Second log-in factor (ADR 026): RFC 6238 codes from an authenticator app (otpauth), and single-use
// recovery codes for a lost phone. Pure: no database; the caller stores the secret and the last step.
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ISSUER = 'Kiemkracht beheer';

/** A new 160-bit secret, base32 (what authenticator apps read from the QR code or by hand). */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totp = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** The otpauth:// URI the QR code carries. */
export const totpUri = (secret: string, email: string) => totp(secret, email).toString();

/** The current code (the tests generate codes the way an authenticator app does). */
export const totpCode = (secret: string, now = Date.now()) => totp(secret).generate({ timestamp: now });

/**
 * The time step of a valid code (one step of clock drift either way), or null. A code whose step is not
 * later than `lastStep` was already used (or an older one): refused, so a code seen over a shoulder or
 * in a proxy log cannot be replayed within its 30 seconds.
 */
export function verifyTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

// No 0/o, 1/l/i: recovery codes are typed from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten codes like `k7m2p-x9qrt` (50 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is compared: lower case without spaces or dashes, so `K7M2P X9QRT` matches `k7m2p-x9qrt`. */
export const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

export const looksLikeRecoveryCode = (code: string) => new RegExp(`^[${ALPHABET}]{10}$`).test(normaliseRecoveryCode(code));
