// Page throughput against the floor (a bare React Router page of the same framework versions, bench/floor),
// measured interleaved: in each of three rounds every row is loaded right after a run of the floor, and its
// share of the floor is row req/s ÷ that floor req/s. Medians of the three rounds are reported, so a
// neighbour's burst on the machine costs one round, not the row.
import fs from 'node:fs';
import { type Load, median, wrk } from './http-load.ts';
import { AGE_COOKIE, Shopper, productPacks, signUp } from '../tests/e2e/http-shopper.ts';

export type PageRow = { visitor: 'anonymous' | 'cart' | 'customer'; name: string; path: string; status: number; budget: number };

// ARCHITECTURE.md budgets (share of the floor): cached pages at or above it; for a visitor with a cart or a
// session: product ≥ 35 %, other shop pages ≥ 40 %, the 404 page ≥ 70 %.
export const pageRows: PageRow[] = [
  { visitor: 'anonymous', name: 'home', path: '/', status: 200, budget: 1 },
  { visitor: 'anonymous', name: 'product', path: '/product/northern-lights', status: 200, budget: 1 },
  { visitor: 'anonymous', name: 'listing', path: '/product?soort=autoflower', status: 200, budget: 1 },
  { visitor: 'anonymous', name: 'collection', path: '/collecties/hoog-thc', status: 200, budget: 1 },
  { visitor: 'anonymous', name: 'content', path: '/ons-verhaal', status: 200, budget: 1 },
  { visitor: 'cart', name: 'product', path: '/product/northern-lights', status: 200, budget: 0.35 },
  { visitor: 'cart', name: 'home', path: '/', status: 200, budget: 0.4 },
  { visitor: 'cart', name: 'collection', path: '/collecties/hoog-thc', status: 200, budget: 0.4 },
  { visitor: 'cart', name: 'listing', path: '/product?soort=autoflower', status: 200, budget: 0.4 },
  { visitor: 'anonymous', name: '404', path: '/bestaat-niet', status: 404, budget: 0.7 },
  { visitor: 'customer', name: 'product', path: '/product/northern-lights', status: 200, budget: 0.35 },
  { visitor: 'customer', name: 'account', path: '/account', status: 200, budget: 0.4 },
];

const CART_PRODUCTS = ['northern-lights', 'amnesia-haze', 'white-widow'];

/** A visitor with a real cart of three lines, made through the cart form. */
export async function cartVisitor(base: string) {
  const shopper = new Shopper(base);
  for (const slug of CART_PRODUCTS) {
    const pack = (await productPacks(base, slug)).find((p) => p.available);
    if (!pack) throw new Error(`no pack of ${slug} in stock`);
    await shopper.add(pack.id);
  }
  const cart = await shopper.request('/besteloverzicht');
  const lines = cart.text.match(/data-testid="cart-line"/g)?.length ?? 0;
  if (lines !== CART_PRODUCTS.length) throw new Error(`the bench's cart has ${lines} lines, not ${CART_PRODUCTS.length}`);
  return shopper.cookie;
}

/** A customer signed up and logged in through the real forms (session cookie). */
export async function customer(base: string, dataDir: string) {
  const shopper = new Shopper(base);
  await signUp(shopper, dataDir, `bench.${Date.now()}@bench.example`);
  return shopper.cookie;
}

export type PageResult = PageRow & { load: Load; floor: number; share: number; cache: string; sharesByRound: number[] };

/** Loads every row and the floor interleaved for `rounds` rounds of `seconds` each. */
export async function benchPages(shop: { url: string; dataDir: string }, floorUrl: string, seconds: number, rounds = 3): Promise<PageResult[]> {
  const cookies = { anonymous: AGE_COOKIE, cart: await cartVisitor(shop.url), customer: await customer(shop.url, shop.dataDir) };
  // Each row answers as intended before it is measured: its status, and whether the page cache serves it.
  const cache = new Map<PageRow, string>();
  for (const row of pageRows) {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(shop.url + row.path, { headers: { cookie: cookies[row.visitor] }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== row.status) throw new Error(`${row.path} for the ${row.visitor} visitor answered ${res.status}, expected ${row.status}`);
      cache.set(row, res.headers.get('x-page-cache') ?? 'not cacheable');
    }
  }
  // Warm-up: JIT and caches, not measured.
  await wrk(floorUrl, 2);
  for (const row of pageRows) await wrk(shop.url + row.path, 2, { Cookie: cookies[row.visitor] });

  const runs = new Map<PageRow, { load: Load; floor: Load }[]>(pageRows.map((r) => [r, []]));
  for (let round = 0; round < rounds; round++) {
    for (const row of pageRows) {
      const floor = await wrk(floorUrl, seconds);
      const load = await wrk(shop.url + row.path, seconds, { Cookie: cookies[row.visitor] });
      runs.get(row)!.push({ load, floor });
    }
  }
  return pageRows.map((row) => {
    const r = runs.get(row)!;
    const shares = r.map((x) => x.load.rps / x.floor.rps);
    // Answers other than the row's own status: wrk counts non-2xx/3xx; for the 404 row that is every answer.
    const unexpected = r.reduce((n, x) => n + (row.status === 404 ? x.load.requests - x.load.unexpected : x.load.unexpected) + x.load.errors, 0);
    return {
      ...row,
      load: { rps: median(r.map((x) => x.load.rps)), p50: median(r.map((x) => x.load.p50)), p99: median(r.map((x) => x.load.p99)), requests: 0, errors: 0, unexpected },
      floor: median(r.map((x) => x.floor.rps)),
      share: median(shares),
      sharesByRound: shares,
      cache: cache.get(row)!,
    };
  });
}

const REACT_ROUTER = (JSON.parse(fs.readFileSync('node_modules/react-router/package.json', 'utf8')) as { version: string }).version;

const visitorText = { anonymous: 'anonymous', cart: 'visitor with a cart (3 lines)', customer: 'logged-in customer' };

export function pagesLines(rows: PageResult[], seconds: number): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  return [
    '## Pages against the floor',
    '',
    `The floor is a bare React Router page (bench/floor: the framework's default document and one route without data, built with the project's react-router ${REACT_ROUTER} and served by Express 5 through @react-router/express, \`NODE_ENV=production\`), started by the bench next to the shop. Three rounds; in every round each row is loaded for ${seconds} s right after ${seconds} s of the floor, both with \`wrk -t1 -c16\` (16 keep-alive connections). wrk rather than autocannon: on 2 cores the load generator takes CPU from the server whatever runs it; wrk is a separate C process that needs a fraction of the CPU a Node generator needs for the same rate, and a generator inside the bench would also share its event loop. "share" is the row's req/s ÷ the floor's req/s of the same round; the table shows the medians of the three rounds (req/s, p50, p99, share) and the shares per round. Anonymous visitors send only the age cookie and get the page cache (ADR 007), the 404 page included; the visitor with a cart has a real cart of three lines made through the cart form and gets the cached page with their cart put in (ADR 031); the customer signed up and confirmed through the real forms, followed the confirmation to the page it leads to (as a browser does, which clears the welcome message) and sends the session cookie; on the catalogue's pages they get the cached page with their hearts, votes and cart put in (ADR 047). The shop runs one process on the embedded database through \`scripts/start.mjs\`. Budgets are ARCHITECTURE.md's (shown, not enforced yet).`,
    '',
    '| visitor | page | req/s | p50 ms | p99 ms | floor req/s | share of floor | budget | shares per round | page cache | unexpected answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | ---: |',
    ...rows.map(
      (r) =>
        `| ${visitorText[r.visitor]} | ${r.name} (\`${r.path}\`) | ${r.load.rps.toFixed(0)} | ${r.load.p50.toFixed(1)} | ${r.load.p99.toFixed(1)} | ${r.floor.toFixed(0)} | ${pct(r.share)} | ≥ ${pct(r.budget)} ${r.share >= r.budget ? '✓' : '✗'} | ${r.sharesByRound.map(pct).join(', ')} | ${r.cache} | ${r.load.unexpected} |`,
    ),
    '',
  ];
}
