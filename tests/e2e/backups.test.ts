// Backups, restore and the move to PostgreSQL through the commands a shop owner runs (ADR 059), against the built
// server: a backup taken by the running embedded shop, restored into a fresh folder and served; the same shop moved
// to PostgreSQL and served by two processes with its old order-status link and a logged-in session; and a backup
// made by an older commit (tests/fixtures/backups) restored, migrated and served by today's code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '~/db/test-db.ts';
import { AGE_COOKIE, Shopper, checkoutForm, productPacks, signUp } from './http-shopper.ts';
import { type RunningServer, STAFF_TOKEN, startServer } from './server.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const FIXTURE = path.resolve('tests/fixtures/backups/shop-6a73adf');

/** Runs one of the shop's commands (scripts/NAME.ts) as `npm run` would, with `env` over a clean environment. */
function command(name: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _, DATABASE_MIGRATION_URL: __, ...rest } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [`scripts/${name}.ts`, ...args], { env: { ...rest, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** A guest's bank-transfer order through the checkout form: the order-status link it was sent to. */
async function placeOrder(shopper: Shopper, email: string): Promise<string> {
  const pack = (await productPacks(shopper.base, 'northern-lights')).find((p) => p.available)!;
  await shopper.add(pack.id);
  const page = await shopper.request('/checkout');
  const placed = await shopper.request('/checkout', { form: checkoutForm(page.text, email) });
  expect(placed.status).toBe(302);
  return placed.location!.replace(/&bedankt=1$/, '');
}

const port = (server: RunningServer) => new URL(server.url).port;
const get = (server: RunningServer, pathname: string, cookie = AGE_COOKIE) => fetch(server.url + pathname, { headers: { cookie }, redirect: 'manual' });

describe('backup and restore of the embedded shop', () => {
  const servers: RunningServer[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-e2e-backups-'));
  afterAll(async () => {
    for (const s of servers) await s.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the running shop takes the backup; restored into a fresh folder it serves the order and the session', async () => {
    const backupDir = path.join(tmp, 'backups');
    const shop = await startServer({ BACKUP_DIR: backupDir });
    servers.push(shop);
    const shopper = new Shopper(shop.url);
    const email = `backup.${Date.now()}@example.com`;
    await signUp(shopper, shop.dataDir, email);
    const status = await placeOrder(shopper, email);

    const env = { DATA_DIR: shop.dataDir, BACKUP_DIR: backupDir, PORT: port(shop) };
    // Without the staff API token the command cannot ask the running shop, and says so.
    const refused = await command('backup', [], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Stop de winkel eerst');
    const made = await command('backup', [], { ...env, STAFF_API_TOKEN: STAFF_TOKEN });
    expect(made.out).toContain('Back-up geschreven');
    expect(made.code).toBe(0);
    const [file] = fs.readdirSync(backupDir);
    expect(file).toMatch(/^kiemkracht-\d{8}T\d{6}Z\.pglite\.tar\.gz$/);
    expect(fs.statSync(path.join(backupDir, file!)).mode & 0o777).toBe(0o600);
    const metrics = await (await fetch(`${shop.url}/metrics`)).text();
    expect(Number(/^backup_newest_age_seconds (\S+)$/m.exec(metrics)?.[1])).toBeLessThan(120);

    const fresh = path.join(tmp, 'restored');
    const restored = await command('restore', [path.join(backupDir, file!)], { DATA_DIR: fresh });
    expect(restored.out).toContain('Teruggezet');
    // Once more into the same folder: refused, it holds a database now.
    const again = await command('restore', [path.join(backupDir, file!)], { DATA_DIR: fresh });
    expect(again.code).toBe(1);
    expect(again.out).toContain('bevat al een database');

    const copy = await startServer({ DATA_DIR: fresh });
    servers.push(copy);
    const order = /bestelling=([A-Z0-9-]+)/.exec(status)![1]!;
    expect(await (await get(copy, status)).text()).toContain(order);
    const account = await get(copy, '/account/orders', shopper.cookie);
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(order);
  }, 240_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('moving to PostgreSQL and upgrading from a backup (PostgreSQL)', () => {
  const servers: RunningServer[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const drop of drops) await drop();
  });
  const emptyDatabase = async () => {
    const made = await createTestDatabase(process.env.TEST_DATABASE_URL!);
    drops.push(made.drop);
    return made.url;
  };

  it('moves a used embedded shop: two processes serve its old order link and keep its customer logged in', async () => {
    const shop = await startServer();
    servers.push(shop);
    const shopper = new Shopper(shop.url);
    const email = `verhuis.${Date.now()}@example.com`;
    await signUp(shopper, shop.dataDir, email);
    const status = await placeOrder(shopper, email);
    const order = /bestelling=([A-Z0-9-]+)/.exec(status)![1]!;

    // Staff mark it paid through the running shop: a payment to carry over.
    const paid = await command('order', [order, 'paid'], { DATA_DIR: shop.dataDir, PORT: port(shop), STAFF_API_TOKEN: STAFF_TOKEN });
    expect(paid.code).toBe(0);

    const url = await emptyDatabase();
    // Not while the shop holds its database.
    const busy = await command('move-to-postgres', [url], { DATA_DIR: shop.dataDir });
    expect(busy.code).toBe(1);
    expect(busy.out).toContain('in gebruik');
    await shop.stop();
    // A stopped shop's backup is read by the command itself.
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-e2e-backups-'));
    const stopped = await command('backup', [], { DATA_DIR: shop.dataDir, BACKUP_DIR: backupDir });
    expect(stopped.out).toContain('Back-up geschreven');
    expect(fs.readdirSync(backupDir)).toEqual([expect.stringMatching(/\.pglite\.tar\.gz$/)]);
    fs.rmSync(backupDir, { recursive: true });

    const moved = await command('move-to-postgres', [url], { DATA_DIR: shop.dataDir });
    expect(moved.out).toContain(`DATABASE_URL='${url}' npm start`);
    expect(moved.code).toBe(0);
    // Into a database that is not empty: refused.
    const twice = await command('move-to-postgres', [url], { DATA_DIR: shop.dataDir });
    expect(twice.code).toBe(1);
    expect(twice.out).toContain('niet leeg');

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The audit log stays append-only, and new ids continue after the copied ones.
      await expect(client.query('truncate audit_log')).rejects.toThrow(/append-only|audit/i);
      const { rows } = await client.query(
        `select (select max(id) from orders) as max, nextval('orders_id_seq') as next, (select count(*)::int from payments) as payments`,
      );
      expect(Number(rows[0].next)).toBeGreaterThan(Number(rows[0].max));
      expect(rows[0].payments).toBe(1);
    } finally {
      await client.end();
    }

    const [a, b] = await Promise.all([startServer({ DATABASE_URL: url }), startServer({ DATABASE_URL: url })]);
    servers.push(a, b);
    for (const server of [a, b]) {
      expect(await (await get(server, status)).text()).toContain(order);
      const account = await get(server, '/account/orders', shopper.cookie);
      expect(account.status).toBe(200);
      expect(await account.text()).toContain(order);
    }
    // Shopping goes on: a new order on the moved shop.
    const next = new Shopper(b.url);
    expect(await placeOrder(next, `na.${Date.now()}@example.com`)).toMatch(/bestelling=KK-/);
  }, 240_000);

  it('restores and migrates a backup made by an older version, and serves its order and photo', async () => {
    const fixture = JSON.parse(fs.readFileSync(`${FIXTURE}.json`, 'utf8')) as { order: string; email: string; password: string; statusPath: string; photo: string };
    const url = await emptyDatabase();
    const restored = await command('restore', [`${FIXTURE}.pgdump`], { DATABASE_URL: url });
    expect(restored.out).toContain('Teruggezet');
    expect(restored.code).toBe(0);
    const again = await command('restore', [`${FIXTURE}.pgdump`], { DATABASE_URL: url });
    expect(again.code).toBe(1);

    const shop = await startServer({ DATABASE_URL: url });
    servers.push(shop);
    expect(await (await get(shop, fixture.statusPath)).text()).toContain(fixture.order);
    const photo = await get(shop, fixture.photo);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    // Its customer logs in and sees the order.
    const shopper = new Shopper(shop.url);
    const login = await shopper.request('/inloggen', { form: { email: fixture.email, password: fixture.password, redirectTo: '/account/orders' } });
    expect(login.status).toBe(302);
    expect((await shopper.request('/account/orders')).text).toContain(fixture.order);
  }, 90_000);
});

