// Redirect rules as staff add them and as the shop follows them (ADR 036, ADR 055), on both databases.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { saveRedirectHosts } from '~/modules/settings/settings-admin.server.ts';
import { redirectHosts } from '~/lib/settings.server.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { routingRules } from '../../../server/routing.ts';
import { addRedirect, dropRedirectCache, getRedirectRules, listRedirectsForStaff } from './redirects.server.ts';

const EVIL = 'https://evil.example/phish';

describeEachDatabase('redirect rules', (ctx) => {
  const db = () => ctx().db;
  const actor: Actor = { staffId: null, label: 'redacteur', clientAddress: '203.0.113.8' };
  const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  /** The shop's routing rules in front of a page that answers 200: where does a GET of `path` end? */
  async function follow(path: string): Promise<{ status: number; location: string | null }> {
    const app = express();
    app.use(routingRules(db));
    app.use((_req, res) => void res.status(200).send('page'));
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}${path}`, { redirect: 'manual' });
      return { status: res.status, location: res.headers.get('location') };
    } finally {
      server.close();
    }
  }

  it('the issue’s rule (/inloggen to another site, 302) is refused to everyone, owner included, and nothing is stored', async () => {
    for (const role of ['owner', 'content'] as const) {
      for (const fromPath of ['/inloggen', '/checkout', '/account', '/wachtwoord-herstellen', '/besteloverzicht', '/order-status', '/registreren', '/Inloggen', '/%69nloggen', '/beheer/x']) {
        expect(await addRedirect(db(), actor, role, { fromPath, target: EVIL, status: 302 }), `${role} ${fromPath}`).toMatchObject({ ok: false, problem: { field: 'fromPath' } });
      }
    }
    expect((await listRedirectsForStaff(db())).filter((r) => r.target === EVIL)).toEqual([]);
  });

  it('a content editor: content paths to the shop’s pages; other sites only from the owner’s list; the working pages are the owner’s', async () => {
    const old = `/oud-${unique()}`;
    expect(await addRedirect(db(), actor, 'content', { fromPath: old, target: '/blog', status: 301 })).toEqual({ ok: true });
    expect(await addRedirect(db(), actor, 'content', { fromPath: `/product/oud-${unique()}`, target: '/product/skunk-1', status: 301 })).toEqual({ ok: true });
    expect(await addRedirect(db(), actor, 'content', { fromPath: '/seedfinder', target: '/blog', status: 302 })).toEqual({ ok: false, problem: { field: 'fromPath', problem: 'ownerOnly' } });

    const werk = `/werk-${unique()}`;
    const vacancies = { fromPath: werk, target: 'https://werken.voorbeeld.nl/vacatures', status: 302 as const };
    expect(await addRedirect(db(), actor, 'content', vacancies)).toEqual({ ok: false, problem: { field: 'target', problem: 'external' } });
    // The owner's list: normalised, audited, read inside the rule's transaction.
    await saveRedirectHosts(db(), actor, ['werken.voorbeeld.nl', 'werken.voorbeeld.nl']);
    expect(await redirectHosts(db())).toEqual(['werken.voorbeeld.nl']);
    expect((await listAudit(db(), { action: 'settings.redirect_hosts' })).rows[0]).toMatchObject({ before: [], after: ['werken.voorbeeld.nl'] });
    expect(await addRedirect(db(), actor, 'content', vacancies)).toEqual({ ok: true });
    expect(await addRedirect(db(), actor, 'content', { fromPath: `/elders-${unique()}`, target: EVIL, status: 302 })).toMatchObject({ ok: false, problem: { problem: 'external' } });
    // The owner may send visitors anywhere over https, and redirect a working page.
    expect(await addRedirect(db(), actor, 'owner', { fromPath: `/elders-${unique()}`, target: 'https://partner.example/', status: 302 })).toEqual({ ok: true });
    await saveRedirectHosts(db(), actor, []);
    expect(await redirectHosts(db())).toEqual([]);
  });

  it('a rule stored on a reserved path (before these checks, or written around them) is not followed; other rules, the seed’s too, are', async () => {
    await db()
      .insert(s.redirects)
      .values(['/inloggen', '/Inloggen', '/%69nloggen', '/checkout', '/beheer/x', '/api/search'].map((fromPath) => ({ fromPath, target: EVIL, status: 302 })));
    const ok = `/oud-${unique()}`;
    await db().insert(s.redirects).values({ fromPath: ok, target: '/blog', status: 301 });
    dropRedirectCache(db());

    const rules = await getRedirectRules(db());
    expect([...rules.values()].filter((r) => r.target === EVIL)).toEqual([]);
    for (const path of ['/inloggen', '/Inloggen', '/%69nloggen', '/inloggen.data', '/checkout', '/beheer/x', '/api/search']) {
      expect(await follow(path), path).toEqual({ status: 200, location: null });
    }
    // The trailing slash goes first (to the reserved path, which no rule takes).
    expect(await follow('/inloggen/')).toEqual({ status: 301, location: '/inloggen' });
    expect(await follow(ok)).toEqual({ status: 301, location: '/blog' });
    expect(await follow('/test123')).toEqual({ status: 301, location: '/' });
    expect(await follow('/collections')).toEqual({ status: 301, location: '/collections/all' });
    // Staff see them marked as not followed, so they can remove them.
    const listed = await listRedirectsForStaff(db());
    expect(listed.filter((r) => !r.followed).map((r) => r.fromPath).sort()).toEqual(['/%69nloggen', '/Inloggen', '/api/search', '/beheer/x', '/checkout', '/inloggen']);
    // Added again through the back office: refused, not confirmed as "already there".
    expect(await addRedirect(db(), actor, 'owner', { fromPath: '/inloggen', target: EVIL, status: 302 })).toMatchObject({ ok: false, problem: { problem: 'reserved' } });
  });
});
