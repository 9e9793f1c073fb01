import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows, statementName } from './client.server.ts';
import * as s from './schema/index.ts';
import { describeEachDatabase } from './test-db.ts';

// PGlite gets drizzle's parsers once at start instead of with every query (client.server.ts): both drivers must
// still hand drizzle the same values, in a transaction too.
describeEachDatabase('database values as drizzle reads them', (ctx) => {
  it('dates, timestamps and intervals come back as text from raw SQL', async () => {
    const [row] = await queryRows<Record<string, unknown>>(
      ctx().db,
      sql`select '2026-01-02'::date as d, '2026-01-02 03:04:05+00'::timestamptz as t, '2026-01-02 03:04:05'::timestamp as l, interval '1 day' as i, array['a', 'b'] as a, 7 as n`,
    );
    expect(typeof row!.d).toBe('string');
    expect(row!.d).toBe('2026-01-02');
    expect(typeof row!.t).toBe('string');
    expect(new Date(String(row!.t)).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row!.l).toBe('2026-01-02 03:04:05');
    expect(row!.i).toBe('1 day');
    expect(row!.a).toEqual(['a', 'b']);
    expect(row!.n).toBe(7);
  });

  it('a timestamp column is a Date and a date column a string, in and out of a transaction', async () => {
    const { db } = ctx();
    const at = new Date('2026-03-04T05:06:07.000Z');
    const email = `parsers-${Date.now()}@example.test`.toLowerCase();
    const [made] = await db.insert(s.users).values({ name: 'Parser', email, dateOfBirth: '1990-04-12', passwordHash: 'x', createdAt: at }).returning();
    expect(made!.createdAt).toEqual(at);
    expect(made!.dateOfBirth).toBe('1990-04-12');
    const inTx = await db.transaction(async (tx) => (await tx.select().from(s.users).where(eq(s.users.id, made!.id)))[0]);
    expect(inTx!.createdAt).toEqual(at);
    expect(inTx!.dateOfBirth).toBe('1990-04-12');
  });
});

// On PostgreSQL every data statement is prepared once per connection under a name derived from its text (ADR 040).
describeEachDatabase('prepared statements', (ctx) => {
  it('a query runs prepared on PostgreSQL, gives the same rows again, and a failed one leaves the connection usable', async () => {
    const { db, driver } = ctx();
    const read = (tx: typeof db) => tx.select({ id: s.users.id, email: s.users.email }).from(s.users).where(eq(s.users.email, 'nobody-prepared@example.test'));
    const email = `prepared-${Date.now()}@example.test`;
    await db.insert(s.users).values({ name: 'Prepared', email, dateOfBirth: '1990-04-12', passwordHash: 'x' });
    const prepared = await db.transaction(async (tx) => {
      // One connection: the statement, its repeat, and then what this connection has prepared.
      expect(await read(tx)).toEqual([]);
      expect(await read(tx)).toEqual([]);
      // A statement that fails (a duplicate email) on a prepared statement...
      const failed = await tx.execute(sql`savepoint dup`).then(() =>
        tx
          .insert(s.users)
          .values({ name: 'Twice', email, dateOfBirth: '1990-04-12', passwordHash: 'x' })
          .then(() => false, () => true),
      );
      expect(failed).toBe(true);
      await tx.execute(sql`rollback to savepoint dup`);
      // ...and the connection still runs it again.
      expect(await read(tx)).toEqual([]);
      if (driver !== 'postgres') return [];
      return queryRows<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements`);
    });
    if (driver !== 'postgres') return;
    const mine = prepared.find((p) => p.statement.includes('"users"."email" = $1') && p.statement.startsWith('select'));
    expect(mine?.name).toBe(statementName(mine!.statement));
  });

  it('only data statements get a name, and the same text always the same one', () => {
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('with x as (select 1) select * from x')).toMatch(/^kk_\d+$/);
    expect(statementName('begin')).toBeUndefined();
    expect(statementName('listen kk_cache')).toBeUndefined();
    expect(statementName('select 2')).not.toBe(statementName('select 1'));
  });
});
