import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';

export type ShopSecrets = { app: string; webhook: string };

/**
 * The value stored under `name`, created on first use. Insert-if-absent then read back, so processes
 * starting at the same moment all end up with the one value that won.
 */
export async function sharedSecret(db: Db, name: string, initial = crypto.randomBytes(32).toString('hex')): Promise<string> {
  await db.insert(s.secrets).values({ name, value: initial }).onConflictDoNothing();
  const [row] = await db.select({ value: s.secrets.value }).from(s.secrets).where(eq(s.secrets.name, name));
  return row!.value;
}

/**
 * The shop's signing keys: from the environment when given (SESSION_SECRET, PAYMENT_WEBHOOK_SECRET),
 * otherwise shared through the database. `legacy` holds keys an older version kept in the data folder,
 * so links already sent keep working after the upgrade.
 */
export async function loadSecrets(db: Db, env: NodeJS.ProcessEnv, legacy: Record<string, string> = {}): Promise<ShopSecrets> {
  const [app, webhook] = await Promise.all([
    env.SESSION_SECRET || sharedSecret(db, 'session', legacy.session),
    env.PAYMENT_WEBHOOK_SECRET || sharedSecret(db, 'payment-webhook', legacy['payment-webhook']),
  ]);
  return { app, webhook };
}

/**
 * STAFF_API_TOKENS: comma-separated bearer tokens for the staff HTTP API, each at least 32 characters.
 * None configured means the API does not exist. A token too short is a configuration error.
 */
export function staffTokensFromEnv(env: NodeJS.ProcessEnv): string[] {
  const tokens = (env.STAFF_API_TOKENS ?? '').split(',').map((t) => t.trim()).filter(Boolean);
  if (tokens.some((t) => t.length < 32)) throw new Error('STAFF_API_TOKENS: elk token moet minstens 32 tekens lang zijn.');
  return tokens;
}

/** Constant-time comparison of a presented bearer token with the configured ones. */
export function isStaffToken(given: string, tokens: readonly string[]): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  let ok = false;
  for (const t of tokens) ok = crypto.timingSafeEqual(a, crypto.createHash('sha256').update(t).digest()) || ok;
  return ok && given.length > 0;
}
