// The client build `npm test` made (no browser): what a first load of every page type fetches stays within the
// JavaScript budget and a handful of scripts (ADR 079), and every route module still exports what React Router
// loads from it by URL.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JS_BUDGET, manifestFirstLoadJs, readClientManifest } from '../../bench/first-load-js.ts';
import { baseURL } from './browser.ts';
import { deferredModules } from '../../app/lib/defer-scripts.server.ts';

// Entry, runtime, framework, shell, root and the route: a few more for a page with a layout or split client code.
const MAX_SCRIPTS = 8;
const CLIENT = 'build/client';

/** The names a built module exports (`export{a as default,…}`). */
function exportsOf(url: string): Set<string> {
  const code = fs.readFileSync(path.join(CLIENT, url), 'utf8');
  return new Set([...code.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').map((e) => e.trim().split(/\s+as\s+/).pop()!)));
}

describe('first-load JavaScript of the build', () => {
  const rows = manifestFirstLoadJs(undefined, CLIENT);

  it.each(rows.map((r) => [r.name, r] as const))('%s: within the budget, in at most 8 scripts', (_name, row) => {
    expect(row.gzip, `${row.path}: ${row.files.join(', ')}`).toBeLessThanOrEqual(JS_BUDGET);
    expect(row.files.length, `${row.path}: ${row.files.join(', ')}`).toBeLessThanOrEqual(MAX_SCRIPTS);
  });

  it('every route module exports its component and error boundary, as the manifest says', () => {
    const { manifest } = readClientManifest(CLIENT);
    const routes = Object.values(manifest.routes) as { id: string; module: string; hasDefaultExport?: boolean; hasErrorBoundary?: boolean }[];
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      const names = exportsOf(r.module);
      if (r.hasDefaultExport) expect(names.has('default'), `${r.id}: default`).toBe(true);
      if (r.hasErrorBoundary) expect(names.has('ErrorBoundary'), `${r.id}: ErrorBoundary`).toBe(true);
    }
    expect(exportsOf(manifest.routes.root!.module)).toEqual(new Set(['ErrorBoundary', 'Layout', 'default', 'links', 'meta']));
  });

  it('a served product page loads the scripts the manifest lists for it after its first paint, no more', async () => {
    const html = await (await fetch(new URL('/product/northern-lights', baseURL()), { headers: { cookie: 'age_verified=1' } })).text();
    // ADR 080: no script is fetched before the first paint; the loader then preloads these.
    expect(html).not.toMatch(/<link rel="modulepreload"|<script[^>]*type="module"/);
    const served = new Set(deferredModules(html));
    const product = rows.find((r) => r.name === 'product')!;
    expect(served).toEqual(new Set(product.files));
  });
});
