// `npm run move-to-postgres`: an embedded shop's data into an empty PostgreSQL database (ADR 059). The target gets
// its tables from the same migrations; then every table is copied in one transaction, with the foreign keys
// dropped meanwhile and added again at the end (which checks them), so the order of the tables does not matter and
// the audit log's append-only trigger, which only refuses UPDATE, DELETE and TRUNCATE, stays on throughout.
import pg from 'pg';
import { type Database, openDatabase } from '~/db/client.server.ts';
import { backups as t } from '~/i18n/nl/backups.ts';
import { loadSecrets } from '~/lib/secrets.server.ts';
import { BackupError, pgliteOf, postgresHasTables } from './backups.server.ts';
import { type Fingerprint, fingerprints, ident, type Rows, shopTables, writableColumns } from './fingerprints.server.ts';

const BATCH = 500;
// Rows with photos are large (up to a few MB each as JSON); a batch of them stays well under the memory.
const BINARY_BATCH = 5;

export type MoveResult = { tables: { name: string; rows: number }[] };

/**
 * Copies `source` (an embedded database, opened and migrated, not serving) into the empty PostgreSQL database at
 * `url` (the tables' owner). Refuses a target with any table; compares rows and checksums per table after.
 * `legacy`: signing keys an old version kept in DATA_DIR, stored with the rest so links already sent stay valid.
 */
export async function moveToPostgres(source: Database, url: string, legacy: Record<string, string>): Promise<MoveResult> {
  const pglite = pgliteOf(source.db);
  if (!pglite) throw new Error('move-to-postgres: the source must be the embedded database');
  if (await postgresHasTables(url)) throw new BackupError(t.targetNotEmpty);
  await loadSecrets(source.db, {}, legacy);
  // The same migrations as the shop runs at start.
  await (await openDatabase({ url })).close();

  const from: Rows = async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const to: Rows = async (text, params) => (await client.query(text, params)).rows;
  try {
    const tables = await shopTables(from);
    await to('begin');
    const foreignKeys = await to(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const fk of foreignKeys) await to(`alter table ${fk.tbl} drop constraint ${ident(String(fk.name))}`);
    for (const table of tables) await copyTable(from, to, table);
    for (const fk of foreignKeys) await to(`alter table ${fk.tbl} add constraint ${ident(String(fk.name))} ${fk.def}`);
    await copySequences(from, to);
    await to('commit');

    const [a, b] = [await fingerprints(from, tables), await fingerprints(to, tables)];
    for (const table of tables) {
      const x = a.get(table)!;
      const y = b.get(table);
      if (!y || x.rows !== y.rows || x.md5 !== y.md5) throw new BackupError(t.mismatch(table, show(x), y ? show(y) : '-'));
    }
    return { tables: tables.map((name) => ({ name, rows: a.get(name)!.rows })) };
  } catch (err) {
    await to('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

const show = (f: Fingerprint) => `${f.rows} rijen (${f.md5.slice(0, 8)})`;

async function copyTable(from: Rows, to: Rows, table: string) {
  const { columns, always, binary } = await writableColumns(to, table);
  const list = columns.map(ident).join(', ');
  const name = `public.${ident(table)}`;
  // Rows a migration put in the target (defaults the source had too, possibly edited since) make way for the source's.
  await to(`delete from ${name}`);
  const size = binary ? BINARY_BATCH : BATCH;
  for (let offset = 0; ; offset += size) {
    // Nothing writes to the source meanwhile (its folder is locked), so pages by physical order do not shift.
    const [row] = await from(`select coalesce(json_agg(r), '[]')::text as rows, count(*)::int as n from (select ${list} from ${name} order by ctid limit ${size} offset ${offset}) r`);
    if (!row || Number(row.n) === 0) break;
    await to(`insert into ${name} (${list}) ${always ? 'overriding system value ' : ''}select ${list} from json_populate_recordset(null::${name}, $1::json)`, [row.rows]);
    if (Number(row.n) < size) break;
  }
}

/** Each sequence where the source's stood, so new ids continue after the copied ones (and never reuse one). */
async function copySequences(from: Rows, to: Rows) {
  const seqs = await from(`select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`);
  for (const s of seqs) {
    const seq = `public.${ident(String(s.name))}`;
    if (s.last === null) await to(`select setval($1::regclass, 1, false)`, [seq]);
    else await to(`select setval($1::regclass, $2::bigint, true)`, [seq, s.last]);
  }
}
