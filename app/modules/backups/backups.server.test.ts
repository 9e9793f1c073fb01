import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, type Db, openDatabase, queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { createTestDatabase } from '~/db/test-db.ts';
import { logIn } from '~/modules/accounts/accounts.server.ts';
import { createSession } from '~/modules/accounts/sessions.server.ts';
import { hashPassword } from '~/lib/passwords.server.ts';
import { staffOrderAction } from '~/flows/staff-orders.server.ts';
import { addToCart, cartContext } from '~/modules/cart/cart.server.ts';
import { changeStock } from '~/modules/catalog/stock.server.ts';
import { linkGuestOrders, ordersFor } from '~/modules/orders/orders.server.ts';
import type { PaymentDeps } from '~/modules/payments/payments.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { loadSecrets } from '~/lib/secrets.server.ts';
import { staffCommand } from '~/modules/staff/staff-command.server.ts';
import { BackupError, backupFormat, backupName, PGDUMP_EXT, PGLITE_EXT, listBackups, newestBackupAge, pgliteOf, pruneBackups, restoreBackup, takeBackup } from './backups.server.ts';
import { runDailyBackup } from '../../../server/jobs.ts';
import { fingerprints, type Rows } from './fingerprints.server.ts';
import { testCheckoutForm } from '~/test/checkout-form.ts';
import { placeOrder } from '~/flows/place-order.server.ts';

const deps: PaymentDeps = { links: { origin: 'http://shop.test', secret: 'app-secret' }, webhookSecret: 'whsec-test', config: { sandbox: true } };
const cli = { staffId: null, label: 'cli', clientAddress: 'local' };
const PASSWORD = 'tulpen in de vensterbank';
const EMAIL = 'backup-klant@example.com';
// What a restore must give back unchanged (every other table is compared too, after the quiet backup).
const KEY_TABLES = ['orders', 'order_lines', 'payments', 'stock_movements', 'audit_log', 'staff_users', 'users', 'sessions', 'secrets'];

/** One connection, so the fingerprints' session setting (time zone) holds for all their queries. */
async function rowsOf(database: Database, url?: string): Promise<{ q: Rows; end: () => Promise<void> }> {
  const pglite = pgliteOf(database.db);
  if (pglite) return { q: async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows, end: async () => {} };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { q: async (text, params) => (await client.query(text, params)).rows, end: () => client.end() };
}

const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

for (const driver of drivers) {
  describe(`backups [${driver}]`, () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-backups-'));
    const dir = path.join(tmp, 'backups');
    let source: Database;
    let sourceUrl: string | undefined;
    const drops: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      const templates = inject('dbTemplates');
      if (driver === 'postgres') {
        const made = await createTestDatabase(process.env.TEST_DATABASE_URL!, templates.postgres?.seeded);
        drops.push(made.drop);
        sourceUrl = made.url;
        source = await openDatabase({ url: made.url });
      } else source = await openDatabase({ template: new Blob([fs.readFileSync(templates.pglite.seeded)]) });
      const db = source.db;
      await db.insert(s.users).values({ email: EMAIL, name: 'Sanne de Vries', dateOfBirth: '1990-04-12', passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
      await db.execute(sql`update product_packs set stock = 5000 where not is_free`);
      await loadSecrets(db, {});
      await staffCommand(db, { action: 'add', email: 'eigenaar@example.com', role: 'owner', name: 'Eigenaar' }, { origin: 'http://shop.test', actor: cli });
    });

    afterAll(async () => {
      await source?.close();
      for (const drop of drops) await drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    async function placeOne(db: Db, packId: number, paid: boolean) {
      const request = new Request('http://shop.test/');
      const ctx = await cartContext(db, request);
      const region = await regionForRequest(db, request);
      const { cartId } = await addToCart(db, null, packId, 1, ctx);
      const [price] = await queryRows<{ total: number }>(db, sql`select price_minor as total from pack_prices where pack_id = ${packId} and currency = 'EUR'`);
      const nl = region.countries.find((c) => c.iso === 'NL')!;
      const shipping = price!.total >= nl.carrier.free_from ? 0 : nl.rates.find((r) => r.carrier === 'tracked_parcel')!.priceMinor;
      const form = testCheckoutForm(EMAIL, price!.total + shipping);
      const placed = await placeOrder(db, { cartId, form, ctx, region }, deps);
      if (paid) expect(await staffOrderAction(db, { number: placed.number, action: 'paid' }, deps, cli)).toMatchObject({ ok: true });
      return placed.number;
    }

    /** A fresh, empty place to restore into, and the database opened there. */
    async function restoreFresh(file: string, force = false): Promise<{ restored: Database; url?: string; dataDir: string }> {
      const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
      let url: string | undefined;
      if (driver === 'postgres') {
        const made = await createTestDatabase(process.env.TEST_DATABASE_URL!);
        drops.push(made.drop);
        url = made.url;
      }
      await restoreBackup(file, { url, dataDir }, force);
      return { restored: await openDatabase(url ? { url } : { dataDir }), url, dataDir };
    }

    const backupOf = (daily = false, now?: Date) => {
      const pglite = pgliteOf(source.db);
      return takeBackup(pglite ? { pglite } : { url: sourceUrl! }, { dir, daily, now });
    };

    it('a backup taken while orders are placed restores a state the shop was in; a quiet one restores every table exactly', async () => {
      const db = source.db;
      const packs = (await queryRows<{ id: number }>(db, sql`select id from product_packs where not is_free and seeds = 3 order by id limit 7`)).map((p) => p.id);
      const received = packs.pop()!;
      const first = await placeOne(db, packs[0]!, true);
      let stop = false;
      const placed: string[] = [];
      // Three shoppers keep ordering until the backup is written.
      const shoppers = [0, 1, 2].map(async (i) => {
        for (let n = 0; n < 15 && (!stop || n < 2); n++) placed.push(await placeOne(db, packs[(i + n) % packs.length]!, n % 2 === 0));
      });
      // …and staff book goods received on another pack (stock movements, audited).
      shoppers.push(
        (async () => {
          for (let n = 0; n < 15 && (!stop || n < 2); n++) {
            const [p] = await queryRows<{ stock: number }>(db, sql`select stock from product_packs where id = ${received}`);
            const done = await changeStock(db, cli, { key: crypto.randomUUID(), packId: received, mode: 'delta', amount: 1, basis: p!.stock, reason: 'received', note: null });
            expect(done).toMatchObject({ done: true });
          }
        })(),
      );
      const during = await backupOf();
      stop = true;
      await Promise.all(shoppers);
      expect(placed.length).toBeGreaterThanOrEqual(6);

      expect(path.basename(during.file)).toMatch(driver === 'pglite' ? /^kiemkracht-\d{8}T\d{6}Z\.pglite\.tar\.gz$/ : /^kiemkracht-\d{8}T\d{6}Z\.pgdump$/);
      expect(fs.statSync(during.file).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.partial'))).toEqual([]);

      // The snapshot: every order, line, payment, stock movement and audit row in it is one the shop has (lines,
      // movements and audit rows unchanged; an order or payment may have been paid since), and each order in it has
      // its lines and its shipment (no transaction half in).
      const mid = await restoreFresh(during.file);
      const [src, got] = [await rowsOf(source, sourceUrl), await rowsOf(mid.restored, mid.url)];
      const identity: Record<string, string> = { orders: `t.id || ' ' || t.number`, payments: `t.id || ' ' || t.order_id`, order_lines: 't::text', stock_movements: 't::text', audit_log: 't::text' };
      for (const [table, row] of Object.entries(identity)) {
        const rowsText = async (q: Rows) => new Set((await q(`select ${row} as x from ${table} t`)).map((r) => String(r.x)));
        const [all, some] = [await rowsText(src.q), await rowsText(got.q)];
        for (const row of some) expect(all.has(row), `${table}: ${row}`).toBe(true);
      }
      const [broken] = await got.q(
        `select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)
           or not exists (select 1 from shipments m where m.order_id = o.id)`,
      );
      expect(broken!.n).toBe(0);
      const numbers = (await got.q('select number from orders')).map((r) => String(r.number));
      expect(numbers).toContain(first);
      await Promise.all([src.end(), got.end(), mid.restored.close()]);

      // Quiet now: a second backup restores every table exactly, rows and checksum.
      const [me] = await queryRows<{ id: number }>(db, sql`select id from users where email = ${EMAIL}`);
      await linkGuestOrders(db, me!.id, EMAIL);
      await createSession(db, me!.id, 'vitest');
      const quiet = await backupOf(false, new Date(Date.now() + 1000));
      const after = await restoreFresh(quiet.file);
      const [a, b] = [await rowsOf(source, sourceUrl), await rowsOf(after.restored, after.url)];
      const [want, have] = [await fingerprints(a.q), await fingerprints(b.q)];
      await Promise.all([a.end(), b.end()]);
      for (const table of KEY_TABLES) expect(want.get(table)?.rows, table).toBeGreaterThan(0);
      expect(Object.fromEntries(have)).toEqual(Object.fromEntries(want));

      // The customer logs in on the restored shop and sees every order they placed.
      const user = await logIn(after.restored.db, EMAIL, PASSWORD);
      expect(user).toMatchObject({ email: EMAIL });
      const theirs = (await ordersFor(after.restored.db, (user as { id: number }).id, 1000)).map((o) => o.number);
      expect(theirs.sort()).toEqual([first, ...placed].sort());
      await after.restored.close();

      // A place that holds a database is refused unless told.
      await expect(restoreBackup(quiet.file, { url: after.url, dataDir: after.dataDir }, false)).rejects.toBeInstanceOf(BackupError);
    }, 120_000);

    it('refuses the other database kind and an unknown file', async () => {
      const { file } = await backupOf(false, new Date(Date.now() + 2000));
      const other = driver === 'pglite' ? { url: 'postgres://nobody@127.0.0.1:1/none', dataDir: tmp } : { dataDir: path.join(tmp, 'never') };
      await expect(restoreBackup(file, other, false)).rejects.toBeInstanceOf(BackupError);
      const junk = path.join(tmp, 'junk.bin');
      fs.writeFileSync(junk, 'niet een back-up');
      expect(() => backupFormat(junk)).toThrow(BackupError);
    });

    it('the daily job takes a backup when the last daily one is 23 hours old, once, and prunes', async () => {
      const daily = path.join(tmp, 'job');
      const logged: unknown[] = [];
      const logger = { info: (o: unknown) => logged.push(o), error: (o: unknown) => logged.push(o) };
      const opts = { dir: daily, keep: 1, url: sourceUrl };
      const t0 = new Date(Date.UTC(2026, 0, 10, 3));
      const first = await runDailyBackup(source.db, logger, opts, t0);
      expect(path.basename(first!)).toMatch(/^kiemkracht-daily-20260110T030000Z\./);
      // Several processes at once on PostgreSQL, or the next hourly check: nothing more that day.
      expect(await Promise.all([runDailyBackup(source.db, logger, opts, new Date(t0.getTime() + 60_000)), runDailyBackup(source.db, logger, opts, new Date(t0.getTime() + 22 * 3_600_000))])).toEqual([null, null]);
      const next = await runDailyBackup(source.db, logger, opts, new Date(t0.getTime() + 23 * 3_600_000));
      expect(listBackups(daily).map((b) => path.join(daily, b.name))).toEqual([next]);
      expect(logged).toEqual([expect.objectContaining({ file: first, pruned: [] }), expect.objectContaining({ file: next, pruned: [path.basename(first!)] })]);
    }, 60_000);

    it('keeps the newest daily backups and reports the newest one’s age', async () => {
      const daily = path.join(tmp, 'daily');
      const t0 = Date.UTC(2026, 0, 10, 3);
      fs.mkdirSync(daily);
      const names = [0, 1, 2, 3].map((day) => backupName(new Date(t0 + day * 86_400_000), PGDUMP_EXT, true));
      const manual = backupName(new Date(t0 - 86_400_000), PGLITE_EXT);
      for (const name of [...names, manual, '.kiemkracht-20260120T000000Z.pgdump.1234.partial', 'notities.txt']) fs.writeFileSync(path.join(daily, name), '');
      expect(pruneBackups(daily, 2)).toEqual([names[1], names[0]]);
      expect(listBackups(daily).map((b) => b.name)).toEqual(['kiemkracht-daily-20260113T030000Z.pgdump', 'kiemkracht-daily-20260112T030000Z.pgdump', manual]);
      expect(newestBackupAge(daily, new Date(t0 + 3 * 86_400_000 + 90_000))).toBe(90);
      expect(newestBackupAge(path.join(tmp, 'none'))).toBe(Infinity);
    });
  });
}
