import { getTableColumns, type Table } from 'drizzle-orm';

/** Some of a table's columns under their own names, for `select({ ...columns(t, 'id', 'name'), other: … })`. */
export function columns<T extends Table, K extends keyof T['_']['columns'] & string>(table: T, ...names: K[]): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
