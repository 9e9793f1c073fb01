import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  publicUrl?: string;
  /** Express 'trust proxy': which hops may set X-Forwarded-For (client addresses for rate limits). */
  trustProxy: string;
  production: boolean;
  sessionSecret: string;
  /** Shared with the payment provider to sign its webhooks. */
  paymentWebhookSecret: string;
};

/** Reads the environment; secrets not given are generated once and kept in the data folder. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: env.TRUST_PROXY || 'loopback',
    production: env.NODE_ENV === 'production',
    sessionSecret: env.SESSION_SECRET || devSecret(dataDir, 'session'),
    paymentWebhookSecret: env.PAYMENT_WEBHOOK_SECRET || devSecret(dataDir, 'payment-webhook'),
  };
}

function devSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    /* first run */
  }
  if (!secrets[name]) {
    secrets[name] = crypto.randomBytes(32).toString('hex');
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}
