import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows, statementNamer } from './client.server.ts';
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

// Every data statement is prepared once per connection (PostgreSQL, ADR 040) or database (PGlite, ADR 042) under a
// name derived from its text.
describeEachDatabase('prepared statements', (ctx) => {
  it('a query runs prepared, gives the same rows again, and a failed one leaves the connection usable', async () => {
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
      return queryRows<{ name: string; statement: string }>(tx, sql`select name, statement from pg_prepared_statements`);
    });
    // PGlite's are made with PREPARE, so its view shows that command around the statement.
    const text = (p: { statement: string }) => (driver === 'pglite' ? p.statement.replace(/^prepare kk_\d+ as /, '') : p.statement);
    const mine = prepared.find((p) => text(p).includes('"users"."email" = $1') && text(p).startsWith('select'));
    expect(mine?.name).toBe(ctx().statementName(text(mine!)));
  });

  it('values of every kind arrive as they were bound: quotes, backslashes, JSON, bytes, dates, null, booleans', async () => {
    const { db } = ctx();
    const tricky = `it's a 'test' \\ with \\x00-like text, \\', ); drop table users; -- ünïcødé`;
    const at = new Date('2026-05-06T07:08:09.123Z');
    const read = () =>
      queryRows<Record<string, unknown>>(
        db,
        sql`select ${tricky}::text as t, ${JSON.stringify({ q: "o'clock", b: '\\' })}::jsonb as j, ${new Uint8Array([0, 39, 92, 255])}::bytea as b,
          ${at}::timestamptz as d, ${null}::text as n, ${true}::boolean as y, ${false}::boolean as f, ${-12.5}::numeric as x, ${42}::int as i`,
      );
    for (let round = 0; round < 2; round++) {
      const [row] = await read();
      expect(row!.t).toBe(tricky);
      expect(row!.j).toEqual({ q: "o'clock", b: '\\' });
      expect([...(row!.b as Uint8Array)]).toEqual([0, 39, 92, 255]);
      expect(new Date(String(row!.d)).toISOString()).toBe(at.toISOString());
      expect(row!.n).toBeNull();
      expect([row!.y, row!.f]).toEqual([true, false]);
      expect(Number(row!.x)).toBe(-12.5);
      expect(row!.i).toBe(42);
    }
    const [users] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
    expect(users!.n).toBeGreaterThanOrEqual(0);
  });

  it('a statement first prepared in a transaction that rolled back still runs; a wrong one fails each time with its own error', async () => {
    const { db } = ctx();
    const probe = (tx: typeof db) => queryRows<{ v: string }>(tx, sql`select ${'rolled back'}::text || '?' as v`);
    await db
      .transaction(async (tx) => {
        // Its second use prepares it.
        for (let use = 0; use < 2; use++) expect(await probe(tx)).toEqual([{ v: 'rolled back?' }]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await probe(db)).toEqual([{ v: 'rolled back?' }]);
    for (let round = 0; round < 2; round++) await expect(queryRows(db, sql`select no_such_column from users where id = ${1}`)).rejects.toThrow(/no_such_column/);
    expect(await probe(db)).toEqual([{ v: 'rolled back?' }]);
  });

  it('embedded: a statement already prepared under its name (an attempt that failed after its PREPARE) is used, not prepared again', async () => {
    const { db, driver, statementName } = ctx();
    if (driver !== 'pglite') return;
    const text = "select $1::text || '!' as v";
    await db.execute(sql.raw(`prepare ${statementName(text)} as ${text}`));
    for (let use = 0; use < 2; use++) expect(await queryRows(db, sql`select ${'ready'}::text || '!' as v`)).toEqual([{ v: 'ready!' }]);
  });

  it('only data statements get a name, and the same text always the same one; beyond the limit a new text runs unnamed', () => {
    const statementName = statementNamer(3);
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('with x as (select 1) select * from x')).toMatch(/^kk_\d+$/);
    expect(statementName('begin')).toBeUndefined();
    expect(statementName('listen kk_cache')).toBeUndefined();
    expect(statementName('select 2')).not.toBe(statementName('select 1'));
    expect(statementName('select 3')).toBeUndefined();
    expect(statementName('select 1')).toBe('kk_0');
  });
});
