import type { Logger } from 'pino';
import type { Db } from '../app/db/client.server.ts';
import { reportDbError } from '../app/lib/db-outage.ts';
import { pruneAccounts } from '../app/modules/accounts/sessions.server.ts';
import { type OrderLinks, runPaymentDeadlines } from '../app/modules/orders/orders.server.ts';
import { pruneRateLimits } from '../app/modules/security/rate-limit.server.ts';
import { pruneStaffSessions } from '../app/modules/staff/staff-sessions.server.ts';
import { purgeContactMessages } from '../app/modules/support/inbox.server.ts';

/**
 * Housekeeping every minute: payment reminders and the cancellation of unpaid orders past their payment
 * window (their stock comes back; `links` for the order links in those mails), drop expired rate-limit
 * windows, ended sessions (customers' and staff's) and expired account and staff set-up links; once an hour,
 * contact messages past the privacy policy's year. Safe with several processes: each order is claimed with
 * FOR UPDATE SKIP LOCKED, and pruning is idempotent (one DELETE each).
 */
export function startJobs(db: Db, logger: Pick<Logger, 'info' | 'error'>, links: OrderLinks, intervalMs = 60_000) {
  let running: Promise<void> | null = null;
  let lastPurge = 0;
  const tick = () => {
    if (running) return;
    running = (async () => {
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
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  setTimeout(tick, 5_000).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
