// Backups of the shop's database (ADR 059). Embedded: PGlite's own tarball of its data folder, taken inside the
// process that holds it, between two transactions. PostgreSQL: pg_dump's custom format. Either is written under a
// temporary name in BACKUP_DIR and renamed when complete, mode 0600 (it holds customers' data and signing keys).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Db, lockDataDir, openDatabase } from '~/db/client.server.ts';
import { backups as t } from '~/i18n/nl/backups.ts';

export const PGLITE_EXT = '.pglite.tar.gz';
export const PGDUMP_EXT = '.pgdump';
const NAME = /^kiemkracht-(daily-)?(\d{8}T\d{6}Z)(\.pglite\.tar\.gz|\.pgdump)$/;

export class BackupError extends Error {}

export function backupDirFrom(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.BACKUP_DIR || './backups');
}

export function backupKeepFrom(env: NodeJS.ProcessEnv): number {
  const keep = Number(env.BACKUP_KEEP || 7);
  return Number.isInteger(keep) && keep > 0 ? keep : 7;
}

/** The database's owner: restores, moves and dumps run as the role that owns the tables. */
export function ownerUrl(env: NodeJS.ProcessEnv): string | undefined {
  return env.DATABASE_MIGRATION_URL || env.DATABASE_URL || undefined;
}

/** The PGlite instance behind a database handle; null on PostgreSQL. */
export function pgliteOf(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: { dumpDataDir?: unknown } }).$client;
  return client && typeof client.dumpDataDir === 'function' ? (client as unknown as PGlite) : null;
}

export function backupName(now: Date, ext: string, daily = false) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `kiemkracht-${daily ? 'daily-' : ''}${stamp}${ext}`;
}

export type BackupSource = { pglite: PGlite } | { url: string };

/** Writes the backup (of the embedded database held by this process, or pg_dump of `url`) and returns its path and size. */
export async function takeBackup(source: BackupSource, opts: { dir: string; daily?: boolean; now?: Date }): Promise<{ file: string; bytes: number }> {
  const pglite = 'pglite' in source ? source.pglite : null;
  fs.mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
  const file = path.join(opts.dir, backupName(opts.now ?? new Date(), pglite ? PGLITE_EXT : PGDUMP_EXT, opts.daily));
  // A dot name the listing below ignores; renamed only once complete, so a crash never leaves a half file under a backup's name.
  const partial = path.join(opts.dir, `.${path.basename(file)}.${crypto.randomBytes(4).toString('hex')}.partial`);
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  try {
    if (pglite) await dumpPglite(pglite, partial);
    else await dumpPostgres((source as { url: string }).url, partial);
    const fd = fs.openSync(partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return { file, bytes: fs.statSync(file).size };
}

async function dumpPglite(pglite: PGlite, to: string) {
  // Fewer WAL records to replay on restore; the dump itself is consistent either way (a crash-safe image).
  await pglite.exec('checkpoint');
  // Under the transaction lock: no transaction is half-way while the files are read. Compressed outside it,
  // so the shop waits only for the copy.
  const tar = await pglite._runExclusiveTransaction(() => pglite.dumpDataDir('none'));
  await pipeline(Readable.from(Buffer.from(await tar.arrayBuffer())), zlib.createGzip(), fs.createWriteStream(to, { flags: 'r+' }));
}

/** pg_dump or pg_restore, checked for a version at least the server's (an older one refuses or loses objects). */
async function pgTool(tool: 'pg_dump' | 'pg_restore', url: string, args: string[]) {
  const version = await run(tool, ['--version'], process.env).catch((err: NodeJS.ErrnoException) => {
    throw new BackupError(err.code === 'ENOENT' ? t.toolMissing(tool) : t.toolFailed(tool, err.message));
  });
  const mine = Number(/\)\s+(\d+)/.exec(version)?.[1]);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const server = Math.floor(Number((await client.query<{ v: string }>('show server_version_num')).rows[0]!.v) / 10_000);
  await client.end();
  if (mine < server) throw new BackupError(t.toolTooOld(tool, mine, server));
  // The password through the environment, not the command line (which `ps` shows to every user).
  const u = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
  u.password = '';
  await run(tool, [...args, `--dbname=${u.toString()}`], env);
}

const dumpPostgres = (url: string, to: string) => pgTool('pg_dump', url, ['--format=custom', `--file=${to}`]);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new BackupError(t.toolFailed(cmd, err.trim() || `exit ${code}`)))));
  });
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): { name: string; daily: boolean; time: Date }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      const m = NAME.exec(name);
      if (!m) return [];
      const s = m[2]!;
      const time = new Date(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
      return [{ name, daily: !!m[1], time }];
    })
    .sort((a, b) => b.time.getTime() - a.time.getTime());
}

/** Seconds since the newest backup was taken; Infinity without one (an alert on a threshold fires). */
export function newestBackupAge(dir: string, now = new Date()): number {
  const newest = listBackups(dir)[0];
  return newest ? Math.max(0, (now.getTime() - newest.time.getTime()) / 1000) : Infinity;
}

/** Deletes the daily backups beyond the newest `keep`; backups made by hand stay until someone deletes them. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).filter((b) => b.daily).slice(keep);
  for (const b of old) fs.rmSync(path.join(dir, b.name), { force: true });
  return old.map((b) => b.name);
}

export type BackupFormat = 'pglite' | 'pgdump';

export function backupFormat(file: string): BackupFormat {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'pgdump';
  throw new BackupError(t.unknownFormat);
}

/** The data-folder tarball inside an embedded backup, for PGlite's loadDataDir. */
export function pgliteTarball(file: string): Blob {
  return new Blob([zlib.gunzipSync(fs.readFileSync(file))]);
}

/** Whether the PostgreSQL database has any table or migration record outside the system schemas. */
export async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
    );
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

/** pg_restore of a custom-format dump into `url` (the owner's); `replace` drops what is there first. */
export async function restorePostgres(file: string, url: string, replace: boolean) {
  // --no-owner: the objects belong to whoever restores (the owner role of this server, which may be named differently);
  // --no-privileges: the dump's grants name roles this server may lack; the shop grants its role at start (ADR 056).
  await pgTool('pg_restore', url, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(replace ? ['--clean', '--if-exists'] : []), file]);
}

/**
 * `npm run restore`: into the PostgreSQL database at `url` (the owner's) when given, else into the embedded
 * database in `dataDir`; then today's migrations. Refuses a target that holds data unless `force`: PostgreSQL's
 * objects are then dropped by pg_restore, an embedded database is moved aside (never deleted).
 */
export async function restoreBackup(file: string, target: { url?: string; dataDir: string }, force: boolean, now = new Date()): Promise<{ movedAside?: string }> {
  const format = backupFormat(file);
  if (target.url) {
    if (format !== 'pgdump') throw new BackupError(t.pgliteIntoPostgres);
    const filled = await postgresHasTables(target.url);
    if (filled && !force) throw new BackupError(t.databaseNotEmpty);
    await restorePostgres(file, target.url, filled);
    await (await openDatabase({ url: target.url })).close();
    return {};
  }
  if (format !== 'pglite') throw new BackupError(t.pgdumpIntoPglite);
  let unlock: () => void;
  try {
    unlock = lockDataDir(target.dataDir);
  } catch (err) {
    throw new BackupError((err as Error).message);
  }
  try {
    const pgdata = path.join(target.dataDir, 'pgdata');
    let movedAside: string | undefined;
    if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
      if (!force) throw new BackupError(t.dataDirNotEmpty(target.dataDir));
      movedAside = `${pgdata}-${backupName(now, '').replace(/^kiemkracht-/, 'voor-terugzetten-')}`;
      fs.renameSync(pgdata, movedAside);
    }
    await (await openDatabase({ dataDir: target.dataDir, template: pgliteTarball(file) })).close();
    return { movedAside };
  } finally {
    unlock();
  }
}
