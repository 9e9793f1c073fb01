import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { invalidateLocal, registerInvalidationBus } from '../lib/cache.server.ts';
import { configureOutage, reportDbError } from '../lib/db-outage.ts';

/**
 * The database or a transaction: both drivers share this type. Without drizzle's relational API (`db.query.…`,
 * unused): given the schema, drizzle builds a query builder per table for every transaction it opens, 68 of them,
 * which took an empty PGlite transaction from ~60 to ~160 µs of CPU.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The name this database's connections prepare a statement text under (undefined: it runs unnamed). */
  statementName: StatementNamer;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(process.cwd(), 'drizzle');
// Any constant works; it only has to be the same for every process of the shop.
const MIGRATION_LOCK = 727_274;
const CACHE_CHANNEL = 'kk_cache';
/** The LISTEN connection's application_name, so operators (and tests) can find it in pg_stat_activity. */
export const LISTENER_NAME = 'kiemkracht-cache-listener';

/**
 * PGlite's own start parameters plus a smaller buffer pool. Its shared_buffers (128 MB by default) live in the
 * WebAssembly memory and are resident from the start whether used or not. The seeded shop database is 12 MB on
 * disk, so 32 MB holds all of it with room to grow (a read past the pool comes from the operating system's file
 * cache), and the process is about 115 MB smaller.
 */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens PostgreSQL when `url` is given, otherwise PGlite in `dataDir`
 * (or in memory when dataDir is undefined, optionally from a `template` dump), and applies the migrations:
 * on PostgreSQL over `migrationUrl` (the owner of the tables) when given, which then grants `url`'s role what
 * the shop needs and no more (ADR 056); otherwise over `url`. PGlite: unless `migrate` is false, for a backup
 * that must keep the version it finds.
 */
export async function openDatabase(opts: { url?: string; migrationUrl?: string; dataDir?: string; template?: Blob; migrate?: boolean }): Promise<Database> {
  if (opts.url) {
    const statementName = statementNamer();
    const pool = new pg.Pool({
      Client: preparingClient(statementName),
      connectionString: opts.url,
      max: Number(process.env.DB_POOL_SIZE ?? 10),
      // An unreachable database fails a request in seconds instead of queueing it forever.
      connectionTimeoutMillis: 5_000,
    });
    // node-postgres emits 'error' for a connection lost while idle (e.g. a server restart); unhandled, it
    // would end the process. The pool drops that client and connects anew on the next query.
    pool.on('error', (err) => reportDbError(err));
    pool.on('connect', (client) => client.on('error', (err) => reportDbError(err)));
    const db = drizzlePg(pool) as unknown as Db;
    const client = await pool.connect();
    const owner = opts.migrationUrl ? new pg.Client({ connectionString: opts.migrationUrl, connectionTimeoutMillis: 5_000 }) : client;
    let migrated = false;
    try {
      if (owner !== client) await owner.connect();
      // Several app processes may start at once: one migrates (and grants), the others wait.
      await owner.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(owner), { migrationsFolder }).catch((e: { cause?: { code?: string } }) => {
        throw owner === client && e.cause?.code === '42501' ? new MigrationRightsError(e) : e;
      });
      if (owner !== client) await grantRuntimeRole(owner, (await client.query<{ role: string }>('select current_user as role')).rows[0]!.role);
      migrated = true;
    } finally {
      await owner.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      if (owner !== client) await owner.end().catch(() => {});
      client.release();
      // A caller that goes on (a test, a command's error message) keeps no connection open.
      if (!migrated) await pool.end().catch(() => {});
    }
    configureOutage({ probe: () => pool.query('select 1') });
    // Tags this handle's notifications: its own come back to its listener, and dropping the cache a second
    // time (after readers may have filled it again) would only cost work.
    const origin = crypto.randomBytes(4).toString('hex');
    const listener = await listenForInvalidations(opts.url, db, origin);
    registerInvalidationBus(db, (prefix) => {
      pool.query('select pg_notify($1, $2)', [CACHE_CHANNEL, `${origin}|${prefix}`]).catch((err) => reportDbError(err));
    });
    return {
      db,
      driver: 'postgres',
      statementName,
      close: async () => {
        await listener.stop();
        await pool.end();
      },
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 }); // it holds the signing keys
  const client = await PGlite.create(opts.dataDir ? path.join(opts.dataDir, 'pgdata') : undefined, {
    extensions: { pg_trgm },
    startParams: PGLITE_START_PARAMS,
    parsers: DRIZZLE_PARSERS,
    ...(opts.template ? { loadDataDir: opts.template } : {}),
  });
  // Migrated before the shop's own handle prepares anything (a migration's statements run once).
  if (opts.migrate !== false) await migratePglite(drizzlePglite(withoutQueryParsers(client)), { migrationsFolder });
  const statementName = statementNamer();
  const db = drizzlePglite(withoutQueryParsers(client, PREPARE ? { prepared: new Map(), statementName } : undefined)) as unknown as Db;
  return { db, driver: 'pglite', statementName, close: () => client.close() };
}

/** DATABASE_URL's role may not change the schema and DATABASE_MIGRATION_URL is not set: a configuration error. */
export class MigrationRightsError extends Error {
  constructor(cause: unknown) {
    super('De rol van DATABASE_URL mag de tabellen niet aanmaken of wijzigen. Zet DATABASE_MIGRATION_URL op de eigenaar van de tabellen (README, "Database roles").', { cause });
  }
}

/** The tables whose rows the shop may add and read but never change or remove: the audit log (ADR 026) and the
 * store-credit ledger (ADR 073) and the Kiempunten ledger (ADR 075): a balance is changed only by a new line, so no
 * line is ever rewritten. */
const APPEND_ONLY = ['audit_log', 'credit_ledger', 'loyalty_ledger'];

/**
 * Gives the shop's runtime role (DATABASE_URL) what it uses and no more (ADR 056): reading and writing rows of
 * every table and using every sequence, on the append-only tables only adding and reading. Run by the owner of the tables
 * after each migration, so a table a later migration adds is covered; nothing when both are the same role.
 * Without ownership the runtime role cannot disable or drop the audit log's trigger, nor truncate the table; and
 * only a superuser may set session_replication_role.
 */
export async function grantRuntimeRole(owner: pg.ClientBase, role: string) {
  const { rows } = await owner.query<{ same: boolean }>('select current_user = $1 as same', [role]);
  if (rows[0]!.same) return;
  const to = owner.escapeIdentifier(role);
  // One query, so one transaction: a process already serving never sees the audit log without its rights.
  await owner.query(`grant usage on schema public to ${to};
    grant select, insert, update, delete on all tables in schema public to ${to};
    grant usage, select, update on all sequences in schema public to ${to};
    revoke all on ${APPEND_ONLY.join(', ')} from ${to};
    grant select, insert on ${APPEND_ONLY.join(', ')} to ${to};`);
}

// PostgreSQL parses and plans an unnamed statement on every call: for the cart's read 0.24-0.34 ms of the server's
// CPU, against 0.04 ms for the same query prepared once per connection (ADR 040). So a query with the text
// of a data statement gets a name, the same for the same text on every connection, and each connection parses it
// once. The shop's statements are a fixed set (no SQL is built from values), so their number is bounded; beyond
// MAX_NAMED, e.g. IN lists of every length, a query simply runs unnamed. DATABASE_PREPARE=0 switches this off (and
// PGlite's, below) for a pooler that cannot keep prepared statements (PgBouncer in transaction mode before 1.21).
// The names are per database handle, not per process: a test worker opens many databases one after another.
const MAX_NAMED = 500;
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const PREPARE = process.env.DATABASE_PREPARE !== '0';

export type StatementNamer = (text: string) => string | undefined;

export function statementNamer(max = MAX_NAMED): StatementNamer {
  const names = new Map<string, string>();
  return (text) => {
    if (!PREPARE || !DATA_STATEMENT.test(text)) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < max) names.set(text, (name = `kk_${names.size}`));
    return name;
  };
}

type QueryConfigLike = { text?: unknown; name?: unknown };
// A query config, not a submittable (a cursor or stream object, which a copy would break).
const isPlainObject = (value: unknown) => !!value && Object.getPrototypeOf(value) === Object.prototype;
function preparingClient(statementName: StatementNamer): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    // @ts-expect-error one override for pg's many query() overloads: it only adds a name, the arguments pass on as given
    override query(config: unknown, ...rest: unknown[]) {
      if (typeof config === 'string') {
        const name = statementName(config);
        if (name) config = { text: config, name };
      } else if (isPlainObject(config) && typeof (config as QueryConfigLike).text === 'string' && (config as QueryConfigLike).name === undefined) {
        const name = statementName((config as { text: string }).text);
        // A copy: drizzle may hand the same config object again.
        if (name) config = { ...(config as object), name };
      }
      return (super.query as (...args: unknown[]) => unknown)(config, ...rest);
    }
  } as unknown as typeof pg.Client;
}

// Drizzle asks PGlite to leave dates, timestamps and intervals as text, by passing these parsers with every query;
// PGlite then copies its table of ~320 parsers to merge them in, each time: as much CPU per query as a simple
// query itself. So PGlite gets them once, at start, and the client drizzle holds drops them per call.
// (Drizzle also passes them for arrays of these types; the shop has no such column.)
const asText = (value: string) => value;
const DRIZZLE_PARSERS = { [types.TIMESTAMP]: asText, [types.TIMESTAMPTZ]: asText, [types.INTERVAL]: asText, [types.DATE]: asText };

type Queryable = { query: (query: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };
/** Per PGlite database: its statement names, and each prepared statement's parameter types ('seen' after its first use, 'pending' while it is being prepared). */
type Prepared = { prepared: Map<string, number[] | 'seen' | 'pending'>; statementName: StatementNamer };

function withoutQueryParsers<C extends Queryable>(client: C, prepared?: Prepared, serializers?: PGlite['serializers']): C {
  const types = serializers ?? (client as unknown as PGlite).serializers;
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'query')
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          const opts = options?.parsers ? { ...options, parsers: undefined } : options;
          return prepared ? preparedQuery(target, prepared, types, query, params, opts) : target.query(query, params, opts);
        };
      // A transaction's queries go through the client it hands out.
      if (prop === 'transaction')
        return (fn: (tx: Queryable) => Promise<unknown>) =>
          (target as unknown as { transaction: (f: typeof fn) => Promise<unknown> }).transaction((tx) => fn(withoutQueryParsers(tx, prepared, types)));
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// PGlite, too, parses and plans every query anew, inside its WebAssembly: the cart's read (a join of five tables)
// 690 µs of CPU, against 209 µs run as EXECUTE of a statement prepared once; a one-table lookup 200 → 126 µs
// (ADR 042). Its query API cannot name a statement, so a data statement is prepared with PREPARE (the
// same name as on PostgreSQL) and run as `EXECUTE kk_n('value', …)`: each value serialised as PGlite serialises
// a bound parameter of that type, then quoted as a string literal, which PostgreSQL converts to the parameter's
// type as it would the bound text. Prepared statements belong to the session and outlive a rolled-back
// transaction. A statement is prepared at its second use (one that runs once, as most do in a test's short-lived
// database, costs no preparing); one still being prepared by another request runs as before, and so do large values.
const MAX_LITERALS = 16_384;

async function preparedQuery(q: Queryable, { prepared, statementName }: Prepared, serializers: PGlite['serializers'], text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
  const name = statementName(text);
  if (!name) return q.query(text, params, options);
  let types = prepared.get(name);
  if (types === undefined) prepared.set(name, 'seen');
  else if (types === 'seen') {
    prepared.set(name, 'pending');
    const paramTypes = async () =>
      ((await q.query('select parameter_types::oid[] as t from pg_prepared_statements where name = $1', [name])) as { rows: { t: number[] }[] }).rows[0]?.t;
    try {
      // Already there when an earlier attempt failed after its PREPARE (the name always stands for this text).
      let found = await paramTypes();
      if (!found) {
        await q.query(`prepare ${name} as ${text}`);
        found = await paramTypes();
      }
      prepared.set(name, (types = found!));
    } catch (err) {
      // The statement itself is wrong (its plain run fails the same way), or its transaction had already failed.
      prepared.set(name, 'seen');
      throw err;
    }
  }
  if (typeof types === 'string' || types === undefined) return q.query(text, params, options);
  const values = params ?? [];
  let size = 0;
  const literals = values.map((value, i) => {
    if (value === null || value === undefined) return 'null';
    const serialize = serializers[types[i]!];
    const s = serialize ? serialize(value) : String(value);
    size += s.length;
    return `'${s.replaceAll("'", "''")}'`;
  });
  if (size > MAX_LITERALS) return q.query(text, params, options);
  return q.query(literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`, undefined, options);
}

/**
 * Cache invalidation across processes: every process listens, a writer notifies. A dropped listener
 * reconnects with backoff; notifications sent meanwhile are lost, so each reconnect drops the whole
 * read and page cache of this process.
 */
async function listenForInvalidations(url: string, db: Db, origin: string) {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (first: boolean) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: LISTENER_NAME });
    c.on('error', (err) => reportDbError(err));
    c.on('end', () => {
      if (client === c) client = null;
      if (!stopped) schedule();
    });
    c.on('notification', (m) => {
      // "<origin>|<prefix>"; a payload without an origin (an older process during a deploy) is a prefix.
      const tagged = /^([0-9a-f]{8})\|([\s\S]*)$/.exec(m.payload ?? '');
      if (tagged?.[1] === origin) return;
      invalidateLocal(db, tagged ? tagged[2]! : (m.payload ?? ''));
    });
    try {
      await c.connect();
      await c.query(`listen ${CACHE_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners('end');
      c.end().catch(() => {});
      if (first) throw err;
      reportDbError(err);
      return schedule();
    }
    if (stopped) return void c.end().catch(() => {});
    client = c;
    delay = 250;
    if (!first) invalidateLocal(db, '');
  };
  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      void connect(false);
    }, delay).unref();
    delay = Math.min(delay * 2, 10_000);
  };
  await connect(true);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}

/**
 * PGlite hangs when a second process opens the same folder, so the owner
 * takes a lock file and a second one fails at once with a clear message.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'pglite.lock');
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST') {
      throw new Error(`De map ${dataDir} is niet beschrijfbaar (${code}): de schijf is vol of alleen-lezen, of de rechten ontbreken. De database is niet aangeraakt.`);
    }
    const owner = Number(fs.readFileSync(lockPath, 'utf8'));
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `De database in ${dataDir} is al in gebruik door proces ${owner}. ` +
          'Stop dat proces of kies een andere DATA_DIR.',
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => {
    try {
      if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
    } catch {
      /* already gone */
    }
  };
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Raw SQL rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
