// `npm run move-to-postgres -- <DATABASE_URL>`: the embedded shop in DATA_DIR (stopped) into an empty PostgreSQL
// database (ADR 059). The URL is the tables' owner's; the shop afterwards runs with DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir, openDatabase } from '../app/db/client.server.ts';
import { backups as t } from '../app/i18n/nl/backups.ts';
import { BackupError } from '../app/modules/backups/backups.server.ts';
import { moveToPostgres } from '../app/modules/backups/move.server.ts';
import { legacySecrets, loadConfig } from '../server/config.ts';

const [url, ...rest] = process.argv.slice(2);
if (!url || rest.length > 0 || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(t.moveUsage);
  process.exit(2);
}
const { dataDir } = loadConfig({ ...process.env, DATABASE_URL: undefined });
let unlock: () => void;
try {
  unlock = lockDataDir(dataDir);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
try {
  if (!fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) throw new BackupError(t.noDatabase(dataDir));
  const source = await openDatabase({ dataDir });
  try {
    const { tables } = await moveToPostgres(source, url, legacySecrets(dataDir));
    for (const table of tables) console.log(t.copied(table.name, table.rows));
    console.log(t.moved(tables.length, tables.reduce((n, x) => n + x.rows, 0)));
    console.log(`${t.next}\n  DATABASE_URL='${url}' npm start`);
  } finally {
    await source.close();
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  unlock();
}
