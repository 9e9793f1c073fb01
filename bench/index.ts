// `npm run bench`: throughput and latency of pages on the built server (autocannon, loopback only),
// and first-load JavaScript per page type. Prints a table and writes docs/benchmarks.md.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { startServer } from '../tests/e2e/server.ts';
import { benchChat, chatLines } from './chat.ts';
import { benchCheckout, checkoutLines } from './checkout.ts';
import { memoryLines, searchMemory } from './memory.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const COOKIE = 'age_verified=1';

// The trivial page is the cheapest server-rendered page (layout only); the others are compared with it.
// Anonymous visitors get pages from the page cache (ADR 007); the cart cookie row shows the render cost.
const pages: { name: string; path: string; cookie?: string }[] = [
  { name: 'trivial (/sitemap)', path: '/sitemap' },
  { name: 'home (/)', path: '/' },
  { name: 'product (/product/northern-lights)', path: '/product/northern-lights' },
  { name: 'product, visitor with a cart (rendered each time)', path: '/product/northern-lights', cookie: `${COOKIE}; cart=bench` },
  { name: 'collection (/collecties/hoog-thc)', path: '/collecties/hoog-thc' },
  { name: 'listing (/product?soort=autoflower)', path: '/product?soort=autoflower&sorteer=prijs' },
  { name: 'search page (/product?q=amnesia)', path: '/product?q=amnesia' },
  { name: 'content (/ons-verhaal)', path: '/ons-verhaal' },
];
const pageTypes = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/product/northern-lights' },
  { name: 'collection', path: '/collecties/hoog-thc' },
  { name: 'content page', path: '/ons-verhaal' },
  { name: 'faq', path: '/faq' },
  { name: 'blog', path: '/blog' },
  { name: 'seedfinder', path: '/seedfinder' },
  { name: 'cart', path: '/besteloverzicht' },
  { name: 'not found', path: '/bestaat-niet' },
];
/** ARCHITECTURE.md: first-load JavaScript per page type, gzip. The run fails above it. */
const JS_BUDGET = 140 * 1024;

function load(url: string, duration = DURATION, cookie = COOKIE) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

async function firstLoadJs(base: string, pagePath: string) {
  const html = await (await fetch(base + pagePath, { headers: { cookie: COOKIE } })).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g)) urls.add(m[1]!);
  // The entry imports in the inline module script.
  for (const m of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) urls.add(m[1]!);
  let gzip = 0;
  for (const u of urls) {
    const file = path.join('build/client', new URL(u, base).pathname);
    gzip += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return { files: urls.size, gzip };
}

/** Latency of distinct search queries (each one misses the cache), measured one by one. */
async function searchLatency(base: string) {
  const words = ['amnesia', 'nothern', 'widdow', 'kush', 'citroen', 'haze', 'gelatto', 'blueberi', 'autoflower', 'landrace', 'skunck', 'zoet', 'diesel', 'critcal', 'durban', 'thai', 'malawi', 'cheese', 'purpel', 'ontspannend'];
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const q = `${words[i % words.length]}${i >= words.length ? ` ${i}` : ''}`;
    const t0 = performance.now();
    await (await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie: COOKIE } })).arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
  return { n: times.length, p50: pct(50), p95: pct(95) };
}

if (!fs.existsSync('build/server/index.js') || !fs.existsSync('build/runtime/index.js')) throw new Error('Run `npm run build` first.');
const server = await startServer(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
// `npm run bench -- memory`: only the memory run.
if (process.argv.includes('memory')) {
  try {
    const m = await searchMemory(server.url, server.child.pid!);
    console.log(memoryLines(m).join('\n'));
    process.exitCode = m.endMb - m.startMb > 50 ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  process.exit();
}
try {
  for (const p of pages) await load(server.url + p.path, 2, p.cookie); // warm-up: JIT and caches
  const rows: { name: string; rps: number; p99: number; non2xx: number }[] = [];
  for (const p of pages) {
    const r = await load(server.url + p.path, DURATION, p.cookie);
    rows.push({ name: p.name, rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx });
  }
  const trivial = rows[0]!.rps;
  const search = await searchLatency(server.url);
  const memory = await searchMemory(server.url, server.child.pid!);
  const js = [];
  for (const t of pageTypes) js.push({ name: t.name, ...(await firstLoadJs(server.url, t.path)) });
  const overBudget = js.filter((j) => j.gzip > JS_BUDGET);
  if (overBudget.length) process.exitCode = 1;

  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `# Benchmarks`,
    '',
    `Latest run: ${date}, \`npm run bench\` on this machine (2 cores), ${CONNECTIONS} connections × ${DURATION} s per page, production build, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}.`,
    '',
    '| page | req/s | p99 ms | vs trivial | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p99} | ${((r.rps / trivial) * 100).toFixed(0)}% | ${r.non2xx} |`),
    '',
    `Search (uncached, ${search.n} different queries with typos, one at a time, /api/search): p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms.`,
    '',
    ...memoryLines(memory),
    '| page type | JS files | first-load JS (gzip) |',
    '| --- | ---: | ---: |',
    ...js.map((j) => `| ${j.name} | ${j.files} | ${(j.gzip / 1024).toFixed(1)} KB${j.gzip > JS_BUDGET ? ' — over the 140 KB budget' : ''} |`),
    '',
  ];
  const checkout = await benchCheckout({
    buyers: Number(process.env.BENCH_BUYERS ?? 20),
    seconds: DURATION,
    postgresUrl: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
  });
  lines.push(...checkoutLines(checkout));
  lines.push('', ...chatLines(await benchChat()));
  console.log(lines.join('\n'));
  fs.writeFileSync('docs/benchmarks.md', lines.join('\n'));
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
