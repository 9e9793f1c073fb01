import fs from 'node:fs';
import path from 'node:path';
import type { ThirdPartyScripts } from '../app/modules/consent/consent.ts';
import { thirdPartyFromEnv } from '../app/modules/consent/consent.server.ts';
import { staffTokensFromEnv } from '../app/lib/secrets.server.ts';

export type Config = {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** The tables' owner on the same database (DATABASE_MIGRATION_URL), for migrations; DATABASE_URL when absent. */
  databaseMigrationUrl?: string;
  smtpUrl?: string;
  publicUrl?: string;
  /** Express 'trust proxy': which hops may set X-Forwarded-For (client addresses for rate limits). */
  trustProxy: string;
  /** Bearer tokens of the staff HTTP API (STAFF_API_TOKENS); none means no API. */
  staffApiTokens: string[];
  /** Bearer token for /metrics from other hosts (METRICS_TOKEN); loopback needs none. */
  metricsToken?: string;
  /** Tag manager and marketing-email scripts (TAG_MANAGER_ID…); none by default. */
  thirdParty: ThirdPartyScripts;
};

/** Reads the environment. Signing keys live in the database (see loadSecrets), shared by every process. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: Number(env.PORT || 3000),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseMigrationUrl: (env.DATABASE_URL && env.DATABASE_MIGRATION_URL) || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: env.TRUST_PROXY || 'loopback',
    staffApiTokens: staffTokensFromEnv(env),
    metricsToken: env.METRICS_TOKEN || undefined,
    thirdParty: thirdPartyFromEnv(env),
  };
}

/** What openDatabase needs: PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR. */
export function databaseOptions(config: Config) {
  return { url: config.databaseUrl, migrationUrl: config.databaseMigrationUrl, dataDir: config.databaseUrl ? undefined : config.dataDir };
}

/** Keys an earlier version generated into DATA_DIR/secrets.json: carried over so links already sent stay valid. */
export function legacySecrets(dataDir: string): Record<string, string> {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
