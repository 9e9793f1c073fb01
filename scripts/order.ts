// `npm run order -- <number> paid|ship <tracking>|cancel`: the staff actions on an order until
// the back office exists, through the same module functions it will use.
// With PostgreSQL (DATABASE_URL) or a stopped shop it opens the database itself; while a shop
// process holds the embedded database it asks that process (POST /api/staff/orders).
import { lockDataDir, openDatabase } from '../app/db/client.server.ts';
import { staff } from '../app/i18n/nl/checkout.ts';
import { staffOrderAction, type StaffAction } from '../app/modules/orders/staff.server.ts';
import { loadSecrets } from '../app/modules/security/secrets.server.ts';
import { legacySecrets, loadConfig } from '../server/config.ts';

const [number, action, tracking] = process.argv.slice(2);
if (!number || !['paid', 'ship', 'cancel'].includes(action ?? '') || (action === 'ship' && !tracking)) {
  console.error(staff.usage);
  process.exit(2);
}
const request: StaffAction = { number, action: action as StaffAction['action'], tracking };
const config = loadConfig();
const origin = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');

async function direct() {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir });
  try {
    const secrets = await loadSecrets(database.db, process.env, legacySecrets(config.dataDir));
    return await staffOrderAction(database.db, request, { origin, secret: secrets.app });
  } finally {
    await database.close();
  }
}

async function viaServer() {
  const token = process.env.STAFF_API_TOKEN;
  if (!token) throw new Error(staff.tokenRequired);
  const res = await fetch(`${origin}/api/staff/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(request),
  });
  if (res.status === 403 || res.status === 404 || res.status === 429) throw new Error(staff.refused);
  return (await res.json()) as { ok: boolean; message: string };
}

let result: { ok: boolean; message: string };
if (config.databaseUrl) result = await direct();
else {
  let unlock: (() => void) | null = null;
  try {
    unlock = lockDataDir(config.dataDir);
  } catch {
    // The running shop owns the embedded database.
  }
  if (unlock) {
    try {
      result = await direct();
    } finally {
      unlock();
    }
  } else result = await viaServer();
}
console.log(result.message);
// The mail about this change is queued in the outbox; a running shop sends it within seconds.
process.exit(result.ok ? 0 : 1);
