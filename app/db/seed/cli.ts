import { databaseOptions, loadConfig } from '../../../server/config.ts';
import { lockDataDir, openDatabase } from '../client.server.ts';
import { invalidate } from '../../lib/cache.server.ts';
import { seed } from './index.ts';

const config = loadConfig();
const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase(databaseOptions(config));
try {
  await seed(database.db);
  // Running shop processes on the same PostgreSQL drop their cached catalogue and settings.
  invalidate(database.db);
  await new Promise((r) => setTimeout(r, 100));
  console.log(`Database gevuld (${database.driver}).`);
} finally {
  await database.close();
  unlock();
}
