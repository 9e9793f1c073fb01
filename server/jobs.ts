import type { Logger } from 'pino';
import type { Db } from '../app/db/client.server.ts';
import { reportDbError } from '../app/lib/db-outage.ts';
import { pruneAccounts } from '../app/modules/accounts/sessions.server.ts';
import { expireOrders } from '../app/modules/orders/orders.server.ts';
import { pruneRateLimits } from '../app/modules/security/rate-limit.server.ts';
import { pruneStaffSessions } from '../app/modules/staff/staff-sessions.server.ts';

/**
 * Housekeeping every minute: cancel unpaid orders past their payment window (their stock comes
 * back), drop expired rate-limit windows, ended sessions (customers' and staff's) and expired account and staff set-up links. Safe with several processes: each order is
 * re-checked under its row lock, and pruning is idempotent.
 */
export function startJobs(db: Db, logger: Pick<Logger, 'info' | 'error'>, intervalMs = 60_000) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      try {
        const expired = await expireOrders(db);
        if (expired > 0) logger.info({ expired }, 'unpaid orders cancelled');
        await pruneRateLimits(db);
        await pruneAccounts(db);
        await pruneStaffSessions(db);
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
