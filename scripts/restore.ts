// `npm run restore -- <file> [--force]`: a backup into an empty place (ADR 059), then today's migrations.
// PostgreSQL (DATABASE_MIGRATION_URL, else DATABASE_URL, as the tables' owner) or the embedded database in DATA_DIR
// (the shop stopped). A place that holds data is refused unless --force.
import fs from 'node:fs';
import path from 'node:path';
import { backups as t } from '../app/i18n/nl/backups.ts';
import { BackupError, ownerUrl, restoreBackup } from '../app/modules/backups/backups.server.ts';
import { loadConfig } from '../server/config.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [file, ...rest] = args.filter((a) => a !== '--force');
if (!file || rest.length > 0) {
  console.error(t.restoreUsage);
  process.exit(2);
}
if (!fs.existsSync(file)) {
  console.error(t.noFile(file));
  process.exit(2);
}
const url = ownerUrl(process.env);
const { dataDir } = loadConfig();
try {
  const { movedAside } = await restoreBackup(path.resolve(file), { url, dataDir }, force);
  if (movedAside) console.log(t.movedAside(path.join(dataDir, 'pgdata'), movedAside));
  console.log(t.restored(url ? new URL(url).pathname.slice(1) : dataDir));
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
