import type { Db } from './client.server.ts';

/**
 * A query built once per database handle and run with its placeholders filled in (drizzle's `.prepare()`), for the
 * queries every personal page runs (the session, the account's orders): drizzle otherwise builds their SQL text
 * anew on each call, some 5 % of an account page's CPU. Per handle, since tests open several databases; only for
 * the handle itself, never a transaction (the query would run outside it).
 */
export function perDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
