// Page throughput against the floor (a bare React Router page of the same framework versions, bench/floor),
// measured interleaved: in each of three rounds every row is loaded right after a run of the floor, and its
// share of the floor is row req/s ÷ that floor req/s. Medians of the three rounds are reported, so a
// neighbour's burst on the machine costs one round, not the row.
import fs from 'node:fs';
import path from 'node:path';
import { CONNECTIONS, type Load, childPids, cpuMs, median, wrk } from './http-load.ts';
import { LISTING_PATHS, listingPath, searchPath, searchPathCount, writePaths } from './page-paths.ts';
import { AGE_COOKIE, Shopper, checkoutForm, productPacks, signUp } from '../tests/e2e/http-shopper.ts';

/**
 * `perRequest`: every request asks a new path of that kind (bench/page-paths.ts), so the page cache cannot help;
 * `path` then only names the row. The buyer's path is their order's signed status link, known once they ordered.
 * `p99`: the highest p99 latency in ms the row may have.
 */
export type PageRow = {
  visitor: 'anonymous' | 'cart' | 'customer' | 'buyer';
  name: string;
  path: string;
  status: number;
  budget: number;
  p99?: number;
  perRequest?: 'listing' | 'search';
};

// ARCHITECTURE.md / the performance issue: pages the page cache cannot serve at least 35 % (listing with new
// filters, search) or 40 % of the floor, and p99 at most 150 ms under 16 connections.
const UNCACHED_P99 = 150;

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
  { visitor: 'anonymous', name: 'listing, new filters each request', path: '/product?soort=…&thc-min=…&bloeitijd=…&sorteer=…', status: 200, budget: 0.35, p99: UNCACHED_P99, perRequest: 'listing' },
  { visitor: 'anonymous', name: 'search, new query each request', path: '/product?q=…', status: 200, budget: 0.35, p99: UNCACHED_P99, perRequest: 'search' },
  { visitor: 'customer', name: 'account', path: '/account', status: 200, budget: 0.4, p99: UNCACHED_P99 },
  { visitor: 'customer', name: 'account orders', path: '/account/orders', status: 200, budget: 0.4, p99: UNCACHED_P99 },
  { visitor: 'cart', name: 'cart page', path: '/besteloverzicht', status: 200, budget: 0.4, p99: UNCACHED_P99 },
  { visitor: 'cart', name: 'checkout', path: '/checkout', status: 200, budget: 0.4, p99: UNCACHED_P99 },
  { visitor: 'buyer', name: 'order status (signed link)', path: '/order-status?bestelling=…&code=…', status: 200, budget: 0.4, p99: UNCACHED_P99 },
];

/** The rows the page cache cannot serve (`npm run bench -- pages uncached` measures only these). */
export const uncachedRows = pageRows.filter((r) => r.p99 !== undefined);

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

/** Orders one pack of northern-lights through the cart and checkout forms (bank transfer); returns the status link. */
async function placeOrder(shopper: Shopper, email: string) {
  const pack = (await productPacks(shopper.base, 'northern-lights')).find((p) => p.available);
  if (!pack) throw new Error('no pack of northern-lights in stock');
  await shopper.add(pack.id);
  const page = await shopper.request('/checkout');
  const placed = await shopper.request('/checkout', { form: checkoutForm(page.text, email) });
  if (placed.status !== 302 || !placed.location?.startsWith('/order-status?bestelling=')) throw new Error(`the bench's order answered ${placed.status}`);
  // The link as the confirmation mail has it, without the one-time thanks.
  const link = new URL(placed.location, shopper.base);
  link.searchParams.delete('bedankt');
  return link.pathname + link.search;
}

/** A customer signed up and logged in through the real forms (session cookie), with one order of their own. */
export async function customer(base: string, dataDir: string) {
  const shopper = new Shopper(base);
  const email = `bench.${Date.now()}@bench.example`;
  await signUp(shopper, dataDir, email);
  await placeOrder(shopper, email);
  return shopper.cookie;
}

/** A guest who ordered: their cookies and the order's signed status link. */
async function buyer(base: string) {
  const shopper = new Shopper(base);
  const path = await placeOrder(shopper, `koper.${Date.now()}@bench.example`);
  return { cookie: shopper.cookie, path };
}

/** `cpu`/`floorCpu`: ms of server CPU per request (medians of the rounds). */
export type PageResult = PageRow & { load: Load; floor: number; share: number; cache: string; sharesByRound: number[]; cpu: number; floorCpu: number };

/** Per-request rows: the file of paths wrk sends, and where the next run starts in it (no path is sent twice). */
function pathLists(rows: PageRow[], seconds: number, rounds: number) {
  // Enough paths for every run at 2,000 req/s; the listing's combinations run out first.
  const count = (kind: 'listing' | 'search') => Math.min(kind === 'listing' ? LISTING_PATHS : searchPathCount(), 2000 * (seconds * rounds + 2));
  const make = { listing: listingPath, search: searchPath };
  const lists = new Map<PageRow, { file: string; offset: number; count: number; sample: (i: number) => string }>();
  for (const row of rows) {
    if (!row.perRequest) continue;
    const n = count(row.perRequest);
    lists.set(row, { file: writePaths(make[row.perRequest], n), offset: 0, count: n, sample: make[row.perRequest] });
  }
  return lists;
}

/** Loads every row and the floor interleaved for `rounds` rounds of `seconds` each. */
/** `shop.pid`/`floorPid`: the supervisor's and the floor's process, whose CPU per request is measured (the shop's workers). */
export async function benchPages(shop: { url: string; dataDir: string; pid?: number }, floor: { url: string; pid?: number }, seconds: number, rows = pageRows, rounds = 3): Promise<PageResult[]> {
  const floorUrl = floor.url;
  const shopPids = () => (shop.pid ? childPids(shop.pid) : []);
  const floorPids = floor.pid ? [floor.pid] : [];
  /** A wrk run and the CPU the processes used per request during it. */
  const measured = async (pids: number[], run: () => Promise<Load>) => {
    const before = cpuMs(pids);
    const result = await run();
    return { ...result, cpu: result.requests ? (cpuMs(pids) - before) / result.requests : NaN };
  };
  const guest = await buyer(shop.url);
  const cookies = { anonymous: AGE_COOKIE, cart: await cartVisitor(shop.url), customer: await customer(shop.url, shop.dataDir), buyer: guest.cookie };
  const pathOf = (row: PageRow) => (row.visitor === 'buyer' ? guest.path : row.path);
  const lists = pathLists(rows, seconds, rounds);
  // Each row answers as intended before it is measured: its status, and whether the page cache serves it (a
  // per-request row is tried on two paths near the end of its list, which no run reaches).
  const cache = new Map<PageRow, string>();
  for (const row of rows) {
    const list = lists.get(row);
    for (let i = 0; i < 2; i++) {
      const path = list ? list.sample(list.count - 1 - i) : pathOf(row);
      const res = await fetch(shop.url + path, { headers: { cookie: cookies[row.visitor] }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status !== row.status) throw new Error(`${path} for the ${row.visitor} visitor answered ${res.status}, expected ${row.status}`);
      cache.set(row, list ? `${res.headers.get('x-page-cache') ?? 'not cacheable'} (new path each request)` : (res.headers.get('x-page-cache') ?? 'not cacheable'));
    }
  }
  const load = async (row: PageRow, secs: number) => {
    const list = lists.get(row);
    // wrk needs a valid URL; with a path list it only takes the host from it.
    const result = await wrk(shop.url + (list ? '/' : pathOf(row)), secs, { Cookie: cookies[row.visitor] }, list);
    // Requests still in flight when wrk stopped were sent too: skip past them.
    if (list) list.offset += result.requests + 2 * CONNECTIONS;
    return result;
  };
  // Warm-up: JIT and caches, not measured.
  await wrk(floorUrl, 2);
  for (const row of rows) await load(row, 2);

  const runs = new Map<PageRow, { load: Load & { cpu: number }; floor: Load & { cpu: number } }[]>(rows.map((r) => [r, []]));
  for (let round = 0; round < rounds; round++) {
    for (const row of rows) {
      const floor = await measured(floorPids, () => wrk(floorUrl, seconds));
      runs.get(row)!.push({ load: await measured(shopPids(), () => load(row, seconds)), floor });
    }
  }
  for (const list of lists.values()) fs.rmSync(path.dirname(list.file), { recursive: true, force: true });
  return rows.map((row) => {
    const r = runs.get(row)!;
    const shares = r.map((x) => x.load.rps / x.floor.rps);
    // Answers other than the row's own status: wrk counts non-2xx/3xx; for the 404 row that is every answer.
    const unexpected = r.reduce((n, x) => n + (row.status === 404 ? x.load.requests - x.load.unexpected : x.load.unexpected) + x.load.errors, 0);
    return {
      ...row,
      path: pathOf(row).replace(/bestelling=[^&]+/, 'bestelling=…').replace(/code=[^&]+/, 'code=…'),
      load: { rps: median(r.map((x) => x.load.rps)), p50: median(r.map((x) => x.load.p50)), p99: median(r.map((x) => x.load.p99)), requests: 0, errors: 0, unexpected },
      floor: median(r.map((x) => x.floor.rps)),
      share: median(shares),
      sharesByRound: shares,
      cache: cache.get(row)!,
      cpu: median(r.map((x) => x.load.cpu)),
      floorCpu: median(r.map((x) => x.floor.cpu)),
    };
  });
}

/** The rows that miss a budget (share of the floor, p99) or had answers other than their own status, as sentences. */
export function budgetMisses(rows: PageResult[]): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  return rows.flatMap((r) => {
    const what = `${visitorText[r.visitor]}, ${r.name} (${r.path})`;
    const misses: string[] = [];
    if (!(r.share >= r.budget)) misses.push(`${what}: ${pct(r.share)} of the floor, budget ≥ ${pct(r.budget)}`);
    if (r.p99 !== undefined && !(r.load.p99 <= r.p99)) misses.push(`${what}: p99 ${r.load.p99.toFixed(0)} ms, budget ≤ ${r.p99} ms`);
    if (r.load.unexpected > 0) misses.push(`${what}: ${r.load.unexpected} unexpected answers`);
    return misses;
  });
}

const REACT_ROUTER = (JSON.parse(fs.readFileSync('node_modules/react-router/package.json', 'utf8')) as { version: string }).version;

const visitorText = { anonymous: 'anonymous', cart: 'visitor with a cart (3 lines)', customer: 'logged-in customer (one order)', buyer: 'guest who ordered' };

export function pagesLines(rows: PageResult[], seconds: number): string[] {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  return [
    '## Pages against the floor',
    '',
    `The floor is a bare React Router page (bench/floor: the framework's default document and one route without data, built with the project's react-router ${REACT_ROUTER} and served by Express 5 through @react-router/express, \`NODE_ENV=production\`), started by the bench next to the shop. Three rounds; in every round each row is loaded for ${seconds} s right after ${seconds} s of the floor, both with \`wrk -t1 -c16\` (16 keep-alive connections; each connection's first request waits 0.5 s so that the shop has accepted all 16 before the load starts, and req/s counts the time after it: a busy Node.js server accepts one new connection per turn of its event loop, and the 16th connection's first request used to wait up to a second, which set the p99 of a whole run; bench/wrk/load.lua says more). wrk rather than autocannon: on 2 cores the load generator takes CPU from the server whatever runs it; wrk is a separate C process that needs a fraction of the CPU a Node generator needs for the same rate, and a generator inside the bench would also share its event loop. "share" is the row's req/s ÷ the floor's req/s of the same round; the table shows the medians of the three rounds (req/s, p50, p99, share) and the shares per round, and the server's CPU time per request (user + system from /proc, the shop's worker and the floor's process; steadier than req/s when the machine is shared). Anonymous visitors send only the age cookie and get the page cache (ADR 007), the 404 page included; the visitor with a cart has a real cart of three lines made through the cart form and gets the cached page with their cart put in (ADR 031); the customer signed up and confirmed through the real forms, followed the confirmation to the page it leads to (as a browser does, which clears the welcome message) and sends the session cookie; on the catalogue's pages they get the cached page with their hearts, votes and cart put in (ADR 047); before the run they also ordered one pack through the cart and checkout forms, so their account pages list a real order. Rows the page cache cannot serve: "new filters each request" and "new query each request" send a different filter combination (kind, minimum THC, maximum flowering time, sort) or a different search query (one or two shop words, some with a letter dropped or two swapped) with every request, never one sent before in the run (wrk with bench/wrk/load.lua reading the paths bench/page-paths.ts wrote); the cart page and the checkout are rendered for the visitor with the cart; the order status row is a guest's own order through its signed link, as the confirmation mail has it. The shop runs one process on the embedded database through \`scripts/start.mjs\`. Budgets are ARCHITECTURE.md's and the performance issue's: a share of the floor for every row, and p99 ≤ ${UNCACHED_P99} ms for the rows the page cache cannot serve; \`npm run bench\` and \`npm run bench -- pages\` exit non-zero when a row misses one, or had an unexpected answer.`,
    '',
    '| visitor | page | req/s | p50 ms | p99 ms | floor req/s | share of floor | budget | shares per round | CPU ms/request (floor) | page cache | unexpected answers |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | --- | ---: |',
    ...rows.map(
      (r) =>
        `| ${visitorText[r.visitor]} | ${r.name} (\`${r.path}\`) | ${r.load.rps.toFixed(0)} | ${r.load.p50.toFixed(1)} | ${r.load.p99.toFixed(1)} | ${r.floor.toFixed(0)} | ${pct(r.share)} | ≥ ${pct(r.budget)}${r.p99 === undefined ? '' : `, p99 ≤ ${r.p99} ms`} ${budgetMisses([r]).length ? '✗' : '✓'} | ${r.sharesByRound.map(pct).join(', ')} | ${r.cpu.toFixed(2)} (${r.floorCpu.toFixed(2)}) | ${r.cache} | ${r.load.unexpected} |`,
    ),
    '',
  ];
}
