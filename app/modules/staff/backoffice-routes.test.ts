// Every /beheer route checks a permission, and each role gets 403 on the pages and actions of the others
// (ADR 026). The route list comes from app/routes.ts, so a new back-office page cannot be missed.
import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { type AppLoadContext, matchRoutes, type RouteObject } from 'react-router';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { handlerBody } from '~/test/route-source.ts';
import { createSession } from '~/modules/accounts/sessions.server.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import routes from '~/routes.ts';
import { type Actor } from '~/lib/audit.server.ts';
import { can, isPermission, type Permission, staffRoles, type StaffRole } from '~/lib/permissions.ts';
import { addStaff } from './staff.server.ts';
import { createStaffSession } from './staff-sessions.server.ts';

type Flat = { path: string; file: string };
function flatten(entries: RouteConfigEntry[], prefix = ''): Flat[] {
  return entries.flatMap((r) => {
    const full = r.path === undefined ? prefix : `${prefix.replace(/\/$/, '')}/${r.path.replace(/^\//, '')}`;
    return [...(r.file ? [{ path: full || '/', file: r.file }] : []), ...flatten(r.children ?? [], full)];
  });
}

// The pathless layout of the back-office pages is found by its file.
const BACKOFFICE = flatten(routes as RouteConfigEntry[]).filter((r) => r.path === '/beheer' || r.path.startsWith('/beheer/') || r.file.startsWith('routes/backoffice'));
/** The ways in (log-in steps, the set-up link, log-out) and the redirect of /beheer need no permission (each says so in a comment). */
const PUBLIC = new Set(['routes/backoffice/home.ts', 'routes/backoffice/login.tsx', 'routes/backoffice/login-code.tsx', 'routes/backoffice/setup.tsx', 'routes/backoffice/logout.ts']);
const SAMPLE_PARAMS: Record<string, string> = { number: 'KK-AAAA-AAAA', id: '1' };
const samplePath = (p: string) => p.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');

const source = (file: string) => fs.readFileSync(path.join('app', file), 'utf8');
const PERMISSION_CALL = /requireStaff\(context\.db, request, '([a-z.]+)'\)/;

type Handler = { route: Flat; name: 'loader' | 'action'; permission: Permission };
const HANDLERS: Handler[] = BACKOFFICE.filter((r) => !PUBLIC.has(r.file)).flatMap((route) =>
  (['loader', 'action'] as const).flatMap((name) => {
    const body = handlerBody(path.join('app', route.file), name);
    const permission = body ? PERMISSION_CALL.exec(body)?.[1] : undefined;
    return body && isPermission(permission) ? [{ route, name, permission }] : [];
  }),
);

// The route table as React Router matches it (ids as the build names them: by file, unless given).
const toObjects = (entries: RouteConfigEntry[]): RouteObject[] =>
  entries.map((r) => (r.index ? { id: r.id ?? r.file, index: true } : { id: r.id ?? r.file, path: r.path, children: r.children ? toObjects(r.children) : undefined }));
const leafOf = (url: string) => matchRoutes(toObjects(routes as RouteConfigEntry[]), url)?.map((m) => m.route.id);

describe('back-office route table', () => {
  it('matches /beheer to its redirect, the pages inside the layout, and the rest to the not-found page', () => {
    expect(leafOf('/beheer')).toEqual(['routes/backoffice/home.ts']);
    expect(leafOf('/beheer/overzicht')).toEqual(['routes/backoffice/layout.tsx', 'routes/backoffice/dashboard.tsx']);
    expect(leafOf('/beheer/kortingscodes/nieuw')).toEqual(['routes/backoffice/layout.tsx', 'backoffice-coupon-new']);
    expect(leafOf('/beheer/inloggen')).toEqual(['routes/backoffice/login.tsx']);
    expect(leafOf('/beheer/bestaat-niet')).toEqual(['not-found']);
    expect(leafOf('/besteloverzicht')?.at(-1)).not.toMatch(/backoffice/);
  });

  it('has the back-office pages', () => {
    expect(BACKOFFICE.map((r) => r.path)).toEqual(expect.arrayContaining(['/beheer', '/beheer/overzicht', '/beheer/inloggen', '/beheer/medewerkers', '/beheer/audit']));
  });

  it('every loader and action of a /beheer route checks a permission of the matrix first', () => {
    const missing: string[] = [];
    for (const route of BACKOFFICE) {
      const code = source(route.file);
      if (PUBLIC.has(route.file)) {
        expect(code, route.file).toMatch(/Public by design/);
        continue;
      }
      for (const name of ['loader', 'action'] as const) {
        const body = handlerBody(path.join('app', route.file), name);
        if (body === null) continue;
        const call = PERMISSION_CALL.exec(body);
        // The check comes before anything else reads the request or the database.
        const firstAwait = body.indexOf('await ');
        if (!call || !isPermission(call[1]) || body.indexOf(call[0]) - 'await '.length !== firstAwait) missing.push(`${route.file} ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(HANDLERS.length).toBeGreaterThanOrEqual(5);
  });
});

type Outcome = { status: number; location?: string };
async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  const read = (v: unknown): Outcome => {
    if (v instanceof Response) return { status: v.status, location: v.headers.get('location') ?? undefined };
    const init = (v as { init?: { status?: number } } | null)?.init;
    if (v && typeof v === 'object' && 'type' in v && (v as { type: string }).type === 'DataWithResponseInit') return { status: init?.status ?? 200 };
    return { status: 200 };
  };
  try {
    return read(await run());
  } catch (e) {
    if (e instanceof Response || (e && typeof e === 'object' && 'init' in e)) return read(e);
    throw e;
  }
}

describeEachDatabase('back-office access per role', (ctx) => {
  const cli: Actor = { staffId: null, label: 'cli', clientAddress: 'local' };
  const tokens = {} as Record<StaffRole, string>;
  const context = () => ({ db: ctx().db, staffTokens: [], secrets: { app: 'x', webhook: 'y' } }) as unknown as AppLoadContext;

  function run(h: Handler, cookie: string | null, body = 'intent=probe'): Promise<unknown> {
    return import(/* @vite-ignore */ path.resolve('app', h.route.file)).then((mod: Record<string, (args: unknown) => Promise<unknown>>) => {
      const url = `http://localhost${samplePath(h.route.path)}`;
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const request =
        h.name === 'loader'
          ? new Request(url, { headers })
          : new Request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body });
      return mod[h.name]!({ request, context: context(), params: SAMPLE_PARAMS });
    });
  }
  const call = (h: Handler, cookie: string | null, body?: string): Promise<Outcome> => outcome(() => run(h, cookie, body));

  async function addRoles() {
    for (const role of staffRoles) {
      const added = await addStaff(ctx().db, cli, { email: `rol-${role}-${crypto.randomUUID()}@kiemkracht.nl`, name: role, role });
      if (!added.ok) throw new Error('not added');
      tokens[role] = await createStaffSession(ctx().db, added.staffId, 'full', { userAgent: null, clientAddress: null });
    }
  }

  it('each role: 403 exactly on the pages and actions its role may not use', async () => {
    await addRoles();
    const wrong: string[] = [];
    for (const h of HANDLERS) {
      for (const role of staffRoles) {
        const got = await call(h, `kk_staff=${tokens[role]}`);
        const allowed = can(role, h.permission);
        if (allowed ? got.status === 403 || got.status === 302 : got.status !== 403) wrong.push(`${role} ${h.name} ${h.route.path}: ${got.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('each role: a page it may open holds an order (its number, the customer’s e-mail) only with orders.view or customers.manage', async () => {
    await addRoles();
    const order = await insertTestOrder(ctx().db, { email: `klant-${crypto.randomUUID()}@example.nl`, status: 'new' });
    const [row] = await ctx().db.select({ email: s.orders.email }).from(s.orders).where(eq(s.orders.number, order.number));
    const seen: Record<string, string[]> = {};
    for (const role of staffRoles) {
      seen[role] = [];
      for (const h of HANDLERS.filter((h) => h.name === 'loader' && can(role, h.permission))) {
        const got = await run(h, `kk_staff=${tokens[role]}`).catch((e: unknown) => e);
        // A page's data as the browser would get it (plain data or data() with its init).
        const text = JSON.stringify(got && typeof got === 'object' && 'data' in got ? got.data : got) ?? '';
        if (text.includes(order.number) || text.includes(row!.email)) seen[role].push(h.route.path);
      }
    }
    // The dashboard is every role's first page: it shows the latest orders only to those who may see orders.
    for (const role of staffRoles) {
      const mayOrders = can(role, 'orders.view');
      expect(seen[role]!.includes('/beheer/overzicht'), `${role} /beheer/overzicht`).toBe(mayOrders);
      if (!mayOrders && !can(role, 'customers.manage')) expect(seen[role], role).toEqual([]);
    }
    expect(seen.catalogue).toEqual([]);
    expect(seen.content).toEqual([]);
  });

  it('each role and redirect rules: a reserved path for nobody, another site and the list of sites for the owner only', async () => {
    await addRoles();
    const redirects = HANDLERS.find((h) => h.name === 'action' && h.route.path === '/beheer/inhoud/doorverwijzingen')!;
    const settings = HANDLERS.find((h) => h.name === 'action' && h.route.path === '/beheer/inhoud/instellingen')!;
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const got: Record<string, number[]> = {};
    for (const role of staffRoles) {
      const cookie = `kk_staff=${tokens[role]}`;
      got[role] = [
        (await call(redirects, cookie, form({ fromPath: '/inloggen', target: 'https://evil.example/phish', status: '302' }))).status,
        (await call(redirects, cookie, form({ fromPath: '/%69nloggen', target: '/blog', status: '301' }))).status,
        (await call(redirects, cookie, form({ fromPath: `/werk-${crypto.randomUUID()}`, target: 'https://evil.example/phish', status: '302' }))).status,
        (await call(redirects, cookie, form({ fromPath: '/seedfinder', target: '/blog', status: '302' }))).status,
        (await call(settings, cookie, form({ intent: 'redirectHosts', hosts: 'partner.example' }))).status,
      ];
    }
    // [issue's rule, encoded reserved path, another site, a working page, the list of sites]
    expect(got).toEqual({
      owner: [400, 400, 200, 200, 200],
      orders: [403, 403, 403, 403, 403],
      catalogue: [403, 403, 403, 403, 403],
      content: [400, 400, 400, 400, 403],
      support: [403, 403, 403, 403, 403],
    });
    const rules = await ctx().db.select().from(s.redirects);
    expect(rules.filter((r) => r.fromPath === '/inloggen' || r.fromPath === '/%69nloggen')).toEqual([]);
    await ctx().db.delete(s.redirects).where(eq(s.redirects.fromPath, '/seedfinder'));
  });

  it('without a staff session every page and action goes to the staff log-in: a customer session, a first-factor session or a made-up cookie open nothing', async () => {
    const [user] = await ctx()
      .db.insert(s.users)
      .values({ email: `klant-${Date.now()}@example.nl`, name: 'Klant', dateOfBirth: '1990-01-01', passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning({ id: s.users.id });
    const customer = await createSession(ctx().db, user!.id, null);
    const added = await addStaff(ctx().db, cli, { email: `half-${Date.now()}@kiemkracht.nl`, name: 'Half', role: 'owner' });
    if (!added.ok) throw new Error('not added');
    const half = await createStaffSession(ctx().db, added.staffId, 'password', { userAgent: null, clientAddress: null });
    const cookies = [null, `session=${customer}`, `kk_staff=${customer}`, `kk_staff=${half}`, 'kk_staff=abc'];
    const wrong: string[] = [];
    for (const h of HANDLERS) {
      for (const cookie of cookies) {
        const got = await call(h, cookie);
        if (got.status !== 302 || !got.location?.startsWith('/beheer/inloggen')) wrong.push(`${cookie} ${h.name} ${h.route.path}: ${got.status} ${got.location}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
