import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isUnder, withoutRoutesUnder } from './route-subset.ts';

// The shape of a build's routes: ids, parents and paths relative to the parent (the route module is not looked at).
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, module: {} });
const routes = [
  route('root', undefined, ''),
  route('home', 'root', undefined, true),
  route('product', 'root', 'product/:slug'),
  route('staff-login', 'root', 'beheer/inloggen'),
  route('backoffice', 'root', 'beheer'),
  route('backoffice-home', 'backoffice', undefined, true),
  route('backoffice-orders', 'backoffice', 'bestellingen'),
  route('backoffice-order', 'backoffice-orders', ':number'),
  route('look-alike', 'root', 'beheerder'),
];
const build = {
  routes: Object.fromEntries(routes.map((r) => [r.id, r])),
  assets: { version: 'v1', routes: Object.fromEntries(routes.map((r) => [r.id, { id: r.id, parentId: r.parentId, path: r.path }])) },
  entry: { module: {} },
} as unknown as ServerBuild;

describe('withoutRoutesUnder', () => {
  it('leaves out the routes under the prefix and their children, from the routes and from the browser manifest', () => {
    const shop = withoutRoutesUnder(build, '/beheer');
    expect(Object.keys(shop.routes).sort()).toEqual(['home', 'look-alike', 'product', 'root']);
    expect(Object.keys(shop.assets.routes).sort()).toEqual(['home', 'look-alike', 'product', 'root']);
    // The rest of the build is the same, and the build itself is not changed.
    expect(shop.entry).toBe(build.entry);
    expect(shop.assets.version).toBe('v1');
    expect(Object.keys(build.routes)).toHaveLength(routes.length);
  });

  it('knows what lies under a prefix: itself, below it and its data request, not a look-alike', () => {
    for (const path of ['/beheer', '/beheer/', '/beheer/bestellingen/KK-1', '/beheer.data', '/beheer/overzicht.data']) expect(isUnder(path, '/beheer'), path).toBe(true);
    for (const path of ['/', '/beheerder', '/product/beheer', '/_root.data']) expect(isUnder(path, '/beheer'), path).toBe(false);
  });
});
