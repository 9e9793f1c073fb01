// The way staff commands (`npm run order`, `npm run mail`) reach the shop's data: with PostgreSQL or a
// stopped shop they open the database themselves; while a shop process holds the embedded database they
// ask that process through the staff API (STAFF_API_TOKEN must be one of its STAFF_API_TOKENS).
import { type Db, lockDataDir, openDatabase } from '../app/db/client.server.ts';
import { staff } from '../app/i18n/nl/checkout.ts';
import { loadSecrets, type ShopSecrets } from '../app/lib/secrets.server.ts';
import { databaseOptions, legacySecrets, loadConfig } from '../server/config.ts';

export type StaffResult = { ok: boolean; message: string };

export const config = loadConfig();
export const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');

async function direct(run: (db: Db, secrets: ShopSecrets) => Promise<StaffResult>) {
  const database = await openDatabase(databaseOptions(config));
  try {
    return await run(database.db, await loadSecrets(database.db, process.env, legacySecrets(config.dataDir)));
  } finally {
    await database.close();
  }
}

export async function viaServer(path: string, body: unknown): Promise<StaffResult> {
  const token = process.env.STAFF_API_TOKEN;
  if (!token) throw new Error(staff.tokenRequired);
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status === 403 || res.status === 404 || res.status === 429) throw new Error(staff.refused);
  return (await res.json()) as StaffResult;
}

/** Runs the command, prints its message and exits 0 when it succeeded, 1 otherwise. */
export async function runStaffCommand(run: (db: Db, secrets: ShopSecrets) => Promise<StaffResult>, api: { path: string; body: unknown }): Promise<never> {
  let result: StaffResult;
  if (config.databaseUrl) result = await direct(run);
  else {
    let unlock: (() => void) | null = null;
    try {
      unlock = lockDataDir(config.dataDir);
    } catch {
      // The running shop owns the embedded database.
    }
    if (unlock) {
      try {
        result = await direct(run);
      } finally {
        unlock();
      }
    } else result = await viaServer(api.path, api.body);
  }
  console.log(result.message);
  process.exit(result.ok ? 0 : 1);
}
