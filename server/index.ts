import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { lockDataDir, MigrationRightsError, openDatabase } from '../app/db/client.server.ts';
import { configureOutage, isStorageError } from '../app/lib/db-outage.ts';
import { ensureSeeded } from '../app/db/seed/index.ts';
import { createMailTransport, startMailWorker } from '../app/modules/mail/mail.server.ts';
import { setMailKick } from '../app/lib/mail-outbox.server.ts';
import { loadSecrets } from '../app/lib/secrets.server.ts';
import { paymentConfigFromEnv } from '../app/modules/payments/payments.server.ts';
import { createApp } from './app.ts';
import { startDailyBackups, startJobs } from './jobs.ts';
import { backupDirFrom, backupKeepFrom, ownerUrl } from '../app/modules/backups/backups.server.ts';
import { type Config, databaseOptions, legacySecrets, loadConfig } from './config.ts';

const dev = process.argv.includes('--dev');
const logger = pino({ level: process.env.LOG_LEVEL ?? (dev ? 'debug' : 'info') });
let config: Config;
try {
  config = loadConfig();
} catch (e) {
  logger.fatal((e as Error).message);
  // 78 (EX_CONFIG): the supervisor does not restart a process that cannot start as configured.
  process.exit(78);
}

let unlock = () => {};
if (!config.databaseUrl) {
  try {
    unlock = lockDataDir(config.dataDir);
  } catch (e) {
    logger.fatal((e as Error).message);
    process.exit(78); // a configuration problem: the supervisor does not restart it
  }
}

configureOutage({
  log: (event, fields) =>
    event === 'db_recovered'
      ? logger.info(fields, 'database reachable again')
      : logger.error(fields, event === 'db_unreachable' ? 'database unreachable' : 'database cannot write: disk full or read-only'),
});
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase(databaseOptions(config));
} catch (e) {
  if (e instanceof MigrationRightsError) {
    logger.fatal(e.message);
    process.exit(78); // a configuration problem: the supervisor does not restart it
  }
  if (!isStorageError(e)) throw e;
  // Nothing was half-written: the migration's transaction rolled back. The supervisor tries again with backoff.
  logger.fatal({ dataDir: config.dataDir, message: (e as { cause?: Error }).cause?.message ?? (e as Error).message }, 'De database kan niet schrijven: de schijf is vol of alleen-lezen. Maak ruimte vrij; de winkel start daarna opnieuw.');
  unlock();
  process.exit(1);
}
if (await ensureSeeded(database.db)) logger.info('empty database seeded');
const secrets = await loadSecrets(database.db, process.env, legacySecrets(config.dataDir));
// Links in the job's mails (payment reminders, cancellations) point at PUBLIC_URL, else at this server.
const jobs = startJobs(database.db, logger, { origin: (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, ''), secret: secrets.app });
const backupDir = backupDirFrom(process.env);
const backups = startDailyBackups(database.db, logger, { dir: backupDir, keep: backupKeepFrom(process.env), url: ownerUrl(process.env) });
const outboxDir = path.join(config.dataDir, 'outbox');
const mailWorker = startMailWorker(database.db, createMailTransport({ smtpUrl: config.smtpUrl, outboxDir }), logger);
setMailKick(mailWorker.kick);

let app;
if (dev) {
  const vite = await import('vite');
  const server = await vite.createServer({ server: { middlewareMode: true } });
  app = createApp({
    db: database.db,
    logger,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    secrets,
    staffTokens: config.staffApiTokens,
    metricsToken: config.metricsToken,
    payments: paymentConfigFromEnv(process.env),
    thirdParty: config.thirdParty,
    buildId: 'dev',
    imageCacheDir: path.join(config.dataDir, 'image-cache'),
    backupDir,
    outboxDir,
    vite: server,
    build: () => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
  });
} else {
  const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
  app = createApp({
    db: database.db,
    logger,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    secrets,
    staffTokens: config.staffApiTokens,
    metricsToken: config.metricsToken,
    payments: paymentConfigFromEnv(process.env),
    thirdParty: config.thirdParty,
    build,
    buildId: build.assets.version,
    imageCacheDir: path.join(config.dataDir, 'image-cache'),
    backupDir,
  });
}

const server = app.listen(config.port, () => {
  logger.info({ port: config.port, driver: database.driver, dataDir: config.databaseUrl ? undefined : config.dataDir }, `Kiemkracht draait op http://localhost:${config.port}`);
});
server.keepAliveTimeout = 65_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // Stop accepting, let running requests finish (at most 10 s), then close the database.
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  server.close(async () => {
    await jobs.stop();
    await backups.stop();
    setMailKick(undefined);
    await mailWorker.stop();
    await database.close().catch(() => {});
    unlock();
    clearTimeout(force);
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
