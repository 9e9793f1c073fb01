// The shop serves as a role that neither owns the tables nor is a superuser (ADR 056): with its credentials the
// audit log can be added to and read, and nothing else, not even by switching its trigger off.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '~/lib/audit.server.ts';
import { type Database, grantRuntimeRole, MigrationRightsError, openDatabase } from './client.server.ts';
import { createRoleDatabase, DB_ROLES } from './test-db.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('database roles (PostgreSQL)', () => {
  let made: Awaited<ReturnType<typeof createRoleDatabase>>;
  let shop: Database;
  let runtime: pg.Client;
  let owner: pg.Client;

  beforeAll(async () => {
    made = await createRoleDatabase(process.env.TEST_DATABASE_URL!);
    shop = await openDatabase({ url: made.runtimeUrl, migrationUrl: made.ownerUrl });
    runtime = new pg.Client({ connectionString: made.runtimeUrl });
    owner = new pg.Client({ connectionString: made.ownerUrl });
    await runtime.connect();
    await owner.connect();
  });

  afterAll(async () => {
    await runtime?.end();
    await owner?.end();
    await shop?.close();
    await made?.drop();
  });

  it('migrations ran as the owner; the shop connects as the runtime role, neither owner nor superuser', async () => {
    const { rows } = await runtime.query(
      `select current_user as me, (select tableowner from pg_tables where tablename = 'audit_log') as owner, (select rolsuper from pg_roles where rolname = current_user) as superuser`,
    );
    expect(rows[0]).toEqual({ me: DB_ROLES.runtime, owner: DB_ROLES.owner, superuser: false });
  });

  it('the runtime role adds to the audit log and reads it; every way to change or remove its rows fails', async () => {
    const id = await recordAudit(shop.db, { staffId: null, label: 'test', clientAddress: null }, { action: 'test.add', entity: 'test' });
    expect((await runtime.query('select actor from audit_log where id = $1', [id])).rows).toEqual([{ actor: 'test' }]);
    await runtime.query(`insert into audit_log (actor, action, entity) values ('runtime', 'test.insert', 'test')`);

    // Refused for want of the privilege, before the append-only trigger is even reached.
    const refused = /permission denied|must be owner/;
    for (const statement of [
      `update audit_log set actor = 'iemand anders'`,
      'delete from audit_log',
      'truncate audit_log',
      'alter table audit_log disable trigger audit_log_no_change',
      'alter table audit_log disable trigger all',
      'drop trigger audit_log_no_change on audit_log',
      'set session_replication_role = replica',
      'drop table audit_log',
    ])
      await expect(runtime.query(statement), statement).rejects.toThrow(refused);
    expect((await runtime.query<{ n: number }>('select count(*)::int as n from audit_log')).rows[0]!.n).toBe(2);
  });

  it('the store-credit ledger is append-only for the runtime role too; deleting a customer still removes their lines', async () => {
    const { rows } = await runtime.query<{ id: number }>(`insert into users (email, name, date_of_birth, password_hash) values ('ledger-role@example.nl', 'Test', '1990-01-01', 'x') returning id`);
    const user = rows[0]!.id;
    await runtime.query(`insert into credit_ledger (user_id, currency, amount_minor, balance_after_minor, kind, source_key) values ($1, 'EUR', 500, 500, 'staff', 'roles-test')`, [user]);
    for (const statement of [`update credit_ledger set amount_minor = 5000`, 'delete from credit_ledger', 'truncate credit_ledger'])
      await expect(runtime.query(statement), statement).rejects.toThrow(/permission denied/);
    // The foreign key's cascade runs with the table owner's rights (PostgreSQL's referential actions).
    await runtime.query('delete from users where id = $1', [user]);
    expect((await runtime.query<{ n: number }>(`select count(*)::int as n from credit_ledger where source_key = 'roles-test'`)).rows[0]!.n).toBe(0);
  });

  it('the Kiempunten ledger is append-only for the runtime role too; deleting a customer still removes their lines', async () => {
    const { rows } = await runtime.query<{ id: number }>(`insert into users (email, name, date_of_birth, password_hash) values ('points-role@example.nl', 'Test', '1990-01-01', 'x') returning id`);
    const user = rows[0]!.id;
    await runtime.query(`insert into loyalty_ledger (user_id, points, balance_after, kind, source_key) values ($1, 50, 50, 'staff', 'roles-test-points')`, [user]);
    for (const statement of [`update loyalty_ledger set points = 5000`, 'delete from loyalty_ledger', 'truncate loyalty_ledger'])
      await expect(runtime.query(statement), statement).rejects.toThrow(/permission denied/);
    await runtime.query('delete from users where id = $1', [user]);
    expect((await runtime.query<{ n: number }>(`select count(*)::int as n from loyalty_ledger where source_key = 'roles-test-points'`)).rows[0]!.n).toBe(0);
  });

  it('the shop writes other tables as the runtime role, and its sequences', async () => {
    await runtime.query(`insert into settings (key, value) values ('roles_test', '1'::jsonb)`);
    await runtime.query(`update settings set value = '2'::jsonb where key = 'roles_test'`);
    await runtime.query(`delete from settings where key = 'roles_test'`);
    await runtime.query(`select setval(pg_get_serial_sequence('orders', 'id'), 1000)`);
  });

  it('a table a later migration adds is granted at the next start; the owner keeps its own rights', async () => {
    await owner.query('create table later_table (id serial primary key, note text)');
    await expect(runtime.query(`insert into later_table (note) values ('x')`)).rejects.toThrow(/permission denied/);
    await grantRuntimeRole(owner, DB_ROLES.runtime);
    await runtime.query(`insert into later_table (note) values ('x')`);
    // Granting to the owner itself would take its UPDATE on the audit log away (and its INSERT with a REVOKE ALL).
    await grantRuntimeRole(owner, DB_ROLES.owner);
    await owner.query(`insert into audit_log (actor, action, entity) values ('owner', 'test.owner', 'test')`);
    // A second start grants again without an error.
    const again = await openDatabase({ url: made.runtimeUrl, migrationUrl: made.ownerUrl });
    await again.close();
  });

  it('without DATABASE_MIGRATION_URL the runtime role cannot migrate, and says what to set', async () => {
    await expect(openDatabase({ url: made.runtimeUrl })).rejects.toThrow(MigrationRightsError);
  });
});
