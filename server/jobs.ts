import type { Logger } from 'pino';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../app/db/client.server.ts';
import { listBackups, pgliteOf, pruneBackups, takeBackup } from '../app/modules/backups/backups.server.ts';
import { reportDbError } from '../app/lib/db-outage.ts';
import { pruneAccounts } from '../app/modules/accounts/sessions.server.ts';
import { type OrderLinks } from '../app/modules/orders/orders.server.ts';
import { pruneRateLimits } from '../app/lib/rate-limit.server.ts';
import { pruneStaffSessions } from '../app/modules/staff/staff-sessions.server.ts';
import { purgeContactMessages } from '../app/modules/support/inbox.server.ts';
import { runPaymentDeadlines } from '../app/flows/expire-orders.server.ts';

/**
 * Housekeeping every minute: payment reminders and the cancellation of unpaid orders past their payment
 * window (their stock comes back; `links` for the order links in those mails), drop expired rate-limit
 * windows, ended sessions (customers' and staff's) and expired account and staff set-up links; once an hour,
 * contact messages past the privacy policy's year. Safe with several processes: each order is claimed with
 * FOR UPDATE SKIP LOCKED, and pruning is idempotent (one DELETE each).
 */
export function startJobs(db: Db, logger: Pick<Logger, 'info' | 'error'>, links: OrderLinks, intervalMs = 60_000) {
  let lastPurge = 0;
  return every(intervalMs, 5_000, async () => {
    try {
      // An order the deadline job cannot handle is logged, and must not stop the pruning below.
      try {
        const deadlines = await runPaymentDeadlines(db, links);
        if (deadlines.reminded + deadlines.expired > 0) logger.info(deadlines, 'payment reminders sent, unpaid orders cancelled');
      } catch (err) {
        if (!reportDbError(err)) logger.error({ err }, 'payment deadlines failed');
      }
      await pruneRateLimits(db);
      await pruneAccounts(db);
      await pruneStaffSessions(db);
      if (Date.now() - lastPurge >= 60 * 60_000) {
        const purged = await purgeContactMessages(db);
        lastPurge = Date.now();
        if (purged > 0) logger.info({ purged }, 'contact messages past their retention deleted');
      }
    } catch (err) {
      if (!reportDbError(err)) logger.error({ err }, 'housekeeping failed');
    }
  });
}

/** Runs `job` every `intervalMs` (first after `firstMs`), never twice at once; stop() waits for a running one. */
function every(intervalMs: number, firstMs: number, job: () => Promise<void>) {
  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= job().finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, firstMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

const DUE_MS = 23 * 60 * 60_000;
// Any constant: the same in every process of the shop, so one of them takes the day's backup.
const BACKUP_LOCK = 727_275;

/**
 * The daily backup (ADR 059): every hour, when the newest daily backup in `dir` is a day old or there is none,
 * take one and keep the newest `keep`. On PostgreSQL several processes try at once: the one holding the advisory
 * lock takes it, the others find it made when they get the lock. Returns the written file, or null.
 */
export async function runDailyBackup(db: Db, logger: Pick<Logger, 'info' | 'error'>, opts: { dir: string; keep: number; url?: string }, now = new Date()): Promise<string | null> {
  // 23 hours: checked hourly, a backup a few minutes short of a day old would otherwise wait for the next hour.
  const due = () => (listBackups(opts.dir).find((b) => b.daily)?.time.getTime() ?? 0) <= now.getTime() - DUE_MS;
  const take = async () => {
    if (!due()) return null;
    const pglite = pgliteOf(db);
    const { file, bytes } = await takeBackup(pglite ? { pglite } : { url: opts.url! }, { dir: opts.dir, daily: true, now });
    const pruned = pruneBackups(opts.dir, opts.keep);
    logger.info({ file, bytes, pruned }, 'daily backup written');
    return file;
  };
  if (pgliteOf(db)) return take();
  // The lock lives as long as this (idle) transaction; pg_dump reads on its own connection meanwhile.
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${BACKUP_LOCK}) as got`);
    return row?.got ? take() : null;
  });
}

export function startDailyBackups(db: Db, logger: Pick<Logger, 'info' | 'error'>, opts: { dir: string; keep: number; url?: string }, intervalMs = 60 * 60_000) {
  return every(intervalMs, 60_000, async () => {
    try {
      await runDailyBackup(db, logger, opts);
    } catch (err) {
      if (!reportDbError(err)) logger.error({ err: err instanceof Error ? err.message : err, dir: opts.dir }, 'daily backup failed');
    }
  });
}
