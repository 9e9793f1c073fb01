// First-load JavaScript per page type (ARCHITECTURE.md budget: ≤ 140 KB gzip on every page type).
//
// What a first page load fetches is what React Router's `<Scripts>` puts in the HTML (react-router
// `getModuleLinkHrefs`): the client entry and its imports, and for every route that matches the URL
// (root → layouts → leaf) the route module, its split client chunks and its imports (the
// `<link rel="modulepreload">` tags). The manifest file itself is not loaded: with lazy route
// discovery (React Router's default, kept here) the HTML inlines the part of the manifest it needs. This reads the same lists from the client manifest of the build
// (`build/client/assets/manifest-*.js`), matches each page type's URL against the manifest's route
// tree with React Router's own `matchRoutes`, and sums the gzip size (level 9) of the distinct files.
// No server and no session are needed, so the pages behind a log-in or a cart (checkout, account,
// order) are measured exactly like the public ones. `htmlFirstLoadJs` reads the files from a served
// page instead; the full bench checks that both agree on the public page types.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type RouteObject, matchRoutes } from 'react-router';
import { deferredModules } from '../app/lib/defer-scripts.server.ts';

/** ARCHITECTURE.md: first-load JavaScript per page type, gzip. The run fails above it. */
export const JS_BUDGET = 140 * 1024;

/** Every page type of the shop, with one URL that shows it. */
export const pageTypes: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'listing', path: '/product' },
  { name: 'product', path: '/product/northern-lights' },
  { name: 'collection', path: '/collecties/hoog-thc' },
  { name: 'collections overview', path: '/collecties' },
  { name: 'content page', path: '/ons-verhaal' },
  { name: 'faq', path: '/faq' },
  { name: 'not found', path: '/bestaat-niet' },
  { name: 'blog', path: '/blog' },
  { name: 'blog post', path: '/blog/haze-sativa-legende' },
  { name: 'seedfinder', path: '/seedfinder' },
  { name: 'price list', path: '/prijslijst' },
  { name: 'reviews', path: '/beoordelingen' },
  { name: 'write a review', path: '/product/northern-lights/beoordelen' },
  { name: 'contact', path: '/contact' },
  { name: 'cart', path: '/besteloverzicht' },
  { name: 'checkout', path: '/checkout' },
  { name: 'order status', path: '/order-status' },
  { name: 'login', path: '/inloggen' },
  { name: 'register', path: '/registreren' },
  { name: 'forgot password', path: '/wachtwoord-vergeten' },
  { name: 'reset password', path: '/wachtwoord-herstellen' },
  { name: 'account overview', path: '/account' },
  { name: 'account orders', path: '/account/orders' },
  { name: 'account order', path: '/account/orders/KK-1' },
  { name: 'account details', path: '/account/details' },
  { name: 'account addresses', path: '/account/adressen' },
  { name: 'account address form', path: '/account/adressen/nieuw' },
  { name: 'account wishlist', path: '/account/wishlist' },
  { name: 'account delete', path: '/account/verwijderen' },
  { name: 'newsletter', path: '/nieuwsbrief' },
];

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  hydrateFallbackModule?: string;
};
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

export function readClientManifest(clientDir = 'build/client') {
  const dir = path.join(clientDir, 'assets');
  const file = fs.readdirSync(dir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`No client manifest in ${dir}: run \`npx react-router build\` first.`);
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  const json = text.slice(text.indexOf('=') + 1).replace(/;\s*$/, '');
  return { url: `/assets/${file}`, manifest: JSON.parse(json) as Manifest };
}

function routeTree(routes: Record<string, ManifestRoute>, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: routeTree(routes, r.id) }));
}

const gzipCache = new Map<string, number>();
function gzipSize(clientDir: string, url: string) {
  let n = gzipCache.get(url);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(path.join(clientDir, url)), { level: 9 }).length;
    gzipCache.set(url, n);
  }
  return n;
}

export type FirstLoad = { name: string; path: string; routes: string[]; files: string[]; gzip: number };

/** The first-load JS of each page type, from the client manifest. */
export function manifestFirstLoadJs(types = pageTypes, clientDir = 'build/client'): FirstLoad[] {
  const { manifest } = readClientManifest(clientDir);
  const tree = routeTree(manifest.routes);
  return types.map((t) => {
    const matches = matchRoutes(tree, t.path) ?? [];
    const routes = matches.map((m) => m.route.id!);
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of routes) {
      const r = manifest.routes[id]!;
      for (const f of [r.module, r.clientActionModule, r.clientLoaderModule, r.hydrateFallbackModule, ...(r.imports ?? [])]) if (f) files.add(f);
    }
    let gzip = 0;
    for (const f of files) gzip += gzipSize(clientDir, f);
    return { name: t.name, path: t.path, routes, files: [...files], gzip };
  });
}

/** The JS files a served page references (script src, modulepreload links, imports in the inline script, the modules it loads after its first paint). */
export async function htmlFirstLoadJs(base: string, pagePath: string, cookie: string, clientDir = 'build/client') {
  const res = await fetch(base + pagePath, { headers: { cookie }, redirect: 'manual' });
  const html = await res.text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const u of deferredModules(html)) urls.add(u);
  const files = [...urls].map((u) => new URL(u, base).pathname);
  let gzip = 0;
  for (const f of files) gzip += gzipSize(clientDir, f);
  return { status: res.status, files, gzip };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function firstLoadLines(rows: FirstLoad[]) {
  return [
    `First-load JavaScript per page type (gzip level 9, the client manifest's files for the URL's routes; budget ${kb(JS_BUDGET)}; \`npm run bench -- js\` measures only this and fails when a page type is over):`,
    '',
    '| page type | URL | JS files | first-load JS (gzip) |',
    '| --- | --- | ---: | ---: |',
    ...rows.map((j) => `| ${j.name} | \`${j.path}\` | ${j.files.length} | ${kb(j.gzip)}${j.gzip > JS_BUDGET ? ' — over the 140 KB budget' : ''} |`),
    '',
  ];
}
