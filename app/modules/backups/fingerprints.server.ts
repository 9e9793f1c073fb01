// Rows and a checksum per table, the same text on PGlite and PostgreSQL for the same data: compared after a
// move and in the restore tests. Generated columns are left out (derived, and written by each server itself).

export type Rows = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
export type Fingerprint = { rows: number; md5: string };

/** The shop's tables (schema public), sorted by name. */
export async function shopTables(q: Rows): Promise<string[]> {
  const rows = await q(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`);
  return rows.map((r) => String(r.name));
}

/** The columns a copy writes: stored ones, not generated; `always` when one is GENERATED ALWAYS AS IDENTITY. */
export async function writableColumns(q: Rows, table: string): Promise<{ columns: string[]; always: boolean; binary: boolean }> {
  const rows = await q(
    `select a.attname as name, a.attidentity as identity, format_type(a.atttypid, null) as type from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
    [`public.${ident(table)}`],
  );
  return { columns: rows.map((r) => String(r.name)), always: rows.some((r) => r.identity === 'a'), binary: rows.some((r) => r.type === 'bytea') };
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Per table: its row count and the md5 of its rows' text, in one order whatever the server's collation. */
export async function fingerprints(q: Rows, tables?: string[]): Promise<Map<string, Fingerprint>> {
  // Timestamps with time zone print in the session's zone: the same one on both sides.
  await q(`set timezone = 'UTC'`);
  const out = new Map<string, Fingerprint>();
  for (const table of tables ?? (await shopTables(q))) {
    const { columns } = await writableColumns(q, table);
    const [row] = await q(
      `select count(*)::int as rows, md5(coalesce(string_agg(x, '|' order by x collate "C"), '')) as md5
       from (select row(${columns.map(ident).join(', ')})::text as x from public.${ident(table)}) r`,
    );
    out.set(table, { rows: Number(row!.rows), md5: String(row!.md5) });
  }
  return out;
}
