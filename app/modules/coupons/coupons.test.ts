import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BATCH_CODE_LENGTH, batchCode, CODE_ALPHABET, dayOf, eurosText, fromDay, isDay, untilDay, validity } from './coupons.ts';

describe('batch codes', () => {
  it('are the prefix, a dash and characters from the unambiguous alphabet only', () => {
    const code = batchCode('ZOMER', (n) => crypto.randomBytes(n));
    expect(code).toMatch(new RegExp(`^ZOMER-[${CODE_ALPHABET}]{${BATCH_CODE_LENGTH}}$`));
    expect(code.slice(6)).not.toMatch(/[01OIL]/);
  });

  it('skip bytes that would favour the first characters (rejection sampling)', () => {
    // 248 and above are skipped; 0 → '2', 30 → 'Z', 31 → '2' again.
    const bytes = [255, 248, 0, 30, 31, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    expect(batchCode('X', () => Uint8Array.from(bytes))).toBe('X-2Z23456789');
  });

  it('5,000 codes from crypto randomness are all different', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => batchCode('A', (n) => crypto.randomBytes(n))));
    expect(codes.size).toBe(5000);
  });
});

describe('euro amounts and days from the forms', () => {
  it('writes euros back as staff type them', () => {
    expect(eurosText(500)).toBe('5');
    expect(eurosText(1250)).toBe('12,50');
    expect(eurosText(null)).toBe('');
  });

  it('a day runs from midnight to the last second in Amsterdam, and shows as that day again', () => {
    expect(fromDay('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(untilDay('2026-07-01').toISOString()).toBe('2026-07-01T21:59:59.000Z');
    expect(untilDay('2026-12-31').toISOString()).toBe('2026-12-31T22:59:59.000Z');
    expect(dayOf(untilDay('2026-07-01'))).toBe('2026-07-01');
    expect(dayOf(fromDay('2026-07-01'))).toBe('2026-07-01');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });

  it('says where a code stands now', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const base = { active: true, validFrom: null, validUntil: null };
    expect(validity(base, now)).toBe('current');
    expect(validity({ ...base, active: false }, now)).toBe('disabled');
    expect(validity({ ...base, validUntil: new Date('2026-05-01') }, now)).toBe('expired');
    expect(validity({ ...base, validFrom: new Date('2026-07-01') }, now)).toBe('scheduled');
    expect(validity({ ...base, usageLimit: 1, used: 1 }, now)).toBe('used_up');
  });
});
