// `npm run backup`: one backup of the shop's database into BACKUP_DIR (ADR 059). PostgreSQL: pg_dump, as the tables'
// owner (DATABASE_MIGRATION_URL, else DATABASE_URL). Embedded: with the shop stopped, read here without migrating (a
// backup before an upgrade keeps the old version); while the shop runs, the shop takes it (staff API, STAFF_API_TOKEN).
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir, openDatabase } from '../app/db/client.server.ts';
import { backups as t } from '../app/i18n/nl/backups.ts';
import { BackupError, backupDirFrom, ownerUrl, pgliteOf, takeBackup } from '../app/modules/backups/backups.server.ts';
import { config, viaServer } from './staff-cli.ts';

const dir = backupDirFrom(process.env);
try {
  const url = ownerUrl(process.env);
  if (url) {
    const { file, bytes } = await takeBackup({ url }, { dir });
    console.log(t.written(file, bytes));
  } else {
    let unlock: (() => void) | null = null;
    try {
      unlock = lockDataDir(config.dataDir);
    } catch {
      // The running shop holds the embedded database: it takes the backup.
    }
    if (!unlock) {
      if (!process.env.STAFF_API_TOKEN) throw new BackupError(t.shopRunning(config.dataDir));
      const result = await viaServer('/api/staff/backup', {});
      console.log(result.message);
      process.exit(result.ok ? 0 : 1);
    }
    try {
      if (!fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) throw new BackupError(t.noDatabase(config.dataDir));
      const database = await openDatabase({ dataDir: config.dataDir, migrate: false });
      try {
        const { file, bytes } = await takeBackup({ pglite: pgliteOf(database.db)! }, { dir });
        console.log(t.written(file, bytes));
      } finally {
        await database.close();
      }
    } finally {
      unlock();
    }
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
