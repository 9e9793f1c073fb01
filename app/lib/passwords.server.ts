// Password hashing (ADR 008): argon2id with the OWASP parameters, Unicode-normalised input.
import crypto from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP Password Storage Cheat Sheet: argon2id, m=19 MiB, t=2, p=1.
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: the package's enum is an ambient const enum, which isolatedModules cannot read.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
/** The PHC prefix of a hash made with ARGON2_OPTIONS; other hashes are upgraded at the next log-in. */
export const ARGON2_PREFIX = '$argon2id$v=19$m=19456,t=2,p=1$';

// NIST 800-63B: normalise Unicode so the same password typed on another keyboard still matches.
const normalisePassword = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return hash(normalisePassword(password), ARGON2_OPTIONS);
}

/** False for a wrong password and for a damaged hash (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalisePassword(password));
  } catch {
    return false;
  }
}

// Made once per process: a log-in for an unknown address verifies against it, so it costs the same time.
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));
