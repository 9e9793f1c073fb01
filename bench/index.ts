// `npm run bench`: throughput and latency of pages on the built server (autocannon, loopback only),
// and first-load JavaScript per page type. Prints a table and writes docs/benchmarks.md.
// `npm run bench -- js`: only the first-load JavaScript (no server), `npm run bench -- memory`: only the memory run.
// Both the full run and `js` exit non-zero when a page type is over the JavaScript budget.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { startServer } from '../tests/e2e/server.ts';
import { benchChat, chatLines } from './chat.ts';
import { benchCheckout, checkoutLines } from './checkout.ts';
import { JS_BUDGET, firstLoadLines, htmlFirstLoadJs, kb, manifestFirstLoadJs, pageTypes } from './first-load-js.ts';
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
function load(url: string, duration = DURATION, cookie = COOKIE) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } }, (err, res) => (err ? reject(err) : resolve(res)));
  });
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

/** Everything from this line on in docs/benchmarks.md is written by hand and kept by every run. */
const NOTES_MARKER = '<!-- notes below: kept by npm run bench -->';
function writeBenchmarks(lines: string[]) {
  const old = fs.existsSync('docs/benchmarks.md') ? fs.readFileSync('docs/benchmarks.md', 'utf8') : '';
  const at = old.indexOf(NOTES_MARKER);
  fs.writeFileSync('docs/benchmarks.md', lines.join('\n') + (at >= 0 ? `\n${old.slice(at)}` : ''));
}

/** The first-load JS table, and the page types over the budget (printed; the caller sets the exit code). */
function firstLoad() {
  const rows = manifestFirstLoadJs();
  const over = rows.filter((r) => r.gzip > JS_BUDGET);
  for (const r of over) console.error(`over budget: ${r.name} (${r.path}) loads ${kb(r.gzip)} of JavaScript, gzip (budget ${kb(JS_BUDGET)})`);
  return { rows, over, lines: firstLoadLines(rows) };
}

// `npm run bench -- js`: only the first-load JavaScript, from the client build; replaces that table in docs/benchmarks.md.
if (process.argv.includes('js')) {
  if (!fs.existsSync('build/client')) throw new Error('Run `npm run build` first.');
  const js = firstLoad();
  console.log(js.lines.join('\n'));
  const old = fs.readFileSync('docs/benchmarks.md', 'utf8').split('\n');
  const from = old.findIndex((l) => l.startsWith('First-load JavaScript per page type') || l.startsWith('| page type |'));
  if (from >= 0) {
    let to = old.findIndex((l, i) => i > from && l !== '' && !l.startsWith('|') && !l.startsWith('First-load'));
    if (to < 0) to = old.length;
    old.splice(from, to - from, ...js.lines);
    fs.writeFileSync('docs/benchmarks.md', old.join('\n'));
  }
  process.exit(js.over.length ? 1 : 0);
}

// `npm run bench -- --lighthouse`: only the Lighthouse mobile run (bench/lighthouse.ts), with its own server.
if (process.argv.includes('--lighthouse')) {
  const { benchLighthouse } = await import('./lighthouse.ts');
  process.exit(await benchLighthouse());
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
  const js = firstLoad();
  if (js.over.length) process.exitCode = 1;
  // The manifest's file lists must be the ones the served pages really reference: checked on every page type an
  // anonymous visitor sees (the others redirect to the log-in or the cart).
  for (const t of pageTypes) {
    const fromManifest = js.rows.find((r) => r.path === t.path)!;
    const fromHtml = await htmlFirstLoadJs(server.url, t.path, COOKIE);
    if (fromHtml.status !== 200 && t.name !== 'not found') continue;
    if (fromHtml.gzip !== fromManifest.gzip) {
      console.error(`first-load JS of ${t.path}: the manifest says ${kb(fromManifest.gzip)}, the served page references ${kb(fromHtml.gzip)}`);
      process.exitCode = 1;
    }
  }

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
    ...js.lines,
  ];
  const checkout = await benchCheckout({
    buyers: Number(process.env.BENCH_BUYERS ?? 20),
    seconds: DURATION,
    postgresUrl: process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL,
  });
  lines.push(...checkoutLines(checkout));
  lines.push('', ...chatLines(await benchChat()));
  console.log(lines.join('\n'));
  writeBenchmarks(lines);
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
