import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';

export type RateLimitResult = { allowed: boolean; remaining: number; resetAt: Date };

/**
 * Fixed-window counter kept in the database so every app process shares it.
 * One atomic upsert: concurrent hits on PostgreSQL each see their own count.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = new Date(),
): Promise<RateLimitResult> {
  const resetAt = new Date(now.getTime() + windowMs);
  const rows = await queryRows<{ count: number; reset_at: string | Date }>(db, sql`
    insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= ${now.toISOString()} then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= ${now.toISOString()} then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const row = rows[0]!;
  const count = Number(row.count);
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetAt: new Date(row.reset_at) };
}

/**
 * Takes back one hit of the current window. Log-ins count every attempt before the check (so parallel guesses
 * cannot slip past the limit) and give the hit back when it succeeded: only failures use up the limit, and a
 * colleague's good log-ins from the same office address do not lock the others out.
 */
export async function forgiveRateLimit(db: Db, key: string, now = new Date()) {
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and reset_at > ${now.toISOString()}`);
}

/** Ends the window of `key`: a successful log-in clears its account's failures. */
export async function clearRateLimit(db: Db, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops expired windows; run now and then so the table stays small. */
export async function pruneRateLimits(db: Db, now = new Date()) {
  await db.execute(sql`delete from rate_limits where reset_at <= ${now.toISOString()}`);
}
