import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietRouteDiscovery } from './quiet-route-discovery.ts';

// The installed React Router, as the client build reads it: the rewrite must find its target, or the build fails.
const dist = path.resolve('node_modules/react-router/dist/development');
const router = fs
  .readdirSync(dist)
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => fs.readFileSync(path.join(dist, f), 'utf8'))
  .find((code) => code.includes('function patchRoutes(routeId, children'))!;

const patchRoutesOf = (code: string) => code.slice(code.indexOf('function patchRoutes(routeId'), code.indexOf('router = {', code.indexOf('function patchRoutes(routeId')));

describe('quietRouteDiscovery', () => {
  it("drops the router's re-render after patching discovered routes, and nothing else", () => {
    expect(patchRoutesOf(router)).toContain('updateState({})');
    const quiet = quietRouteDiscovery(router)!;
    expect(patchRoutesOf(quiet)).toContain('patchRoutesImpl(');
    expect(patchRoutesOf(quiet)).not.toContain('updateState');
    expect(router.length - quiet.length).toBeLessThan(80);
  });

  it('holds only while no link prefetches on render or in view (such a link reads the routes when it renders)', () => {
    const files = fs.readdirSync('app', { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const eager = files.filter((f) => /prefetch=(\{\s*)?["'](render|viewport)["']/.test(fs.readFileSync(path.join('app', f), 'utf8')));
    expect(eager).toEqual([]);
  });

  it('leaves other modules alone and fails loudly when React Router changed', () => {
    expect(quietRouteDiscovery('export const x = 1;')).toBeNull();
    expect(() => quietRouteDiscovery(router.replace('updateState({});', 'updateState({ x: 1 });'))).toThrow(/react-router changed/);
  });
});
