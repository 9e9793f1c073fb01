// `npm run bench`: every section, printed and written to docs/benchmarks.md (above the notes marker):
// pages against the floor app, one and two processes on PostgreSQL, orders over HTTP, search latency,
// memory, first-load JavaScript and the chat bot's test set. `npm run bench -- pages | orders | processes | chat`
// runs one section and replaces it in docs/benchmarks.md; `-- js` only the first-load JavaScript (no
// server), `-- memory` only the memory run. The full run and `js` exit non-zero when a page type is over
// the JavaScript budget; the full run and `orders` when an order run oversells or has errors; the full run and `pages` when a page row is
// under its budget (share of the floor, p99) or had unexpected answers.
import fs from 'node:fs';
import { startServer } from '../tests/e2e/server.ts';
import { benchChat, chatLines } from './chat.ts';
import { requireShopBuild, startFloor } from './builds.ts';
import { JS_BUDGET, firstLoadLines, htmlFirstLoadJs, kb, manifestFirstLoadJs, pageTypes } from './first-load-js.ts';
import { memoryDatabase, memoryLines, memoryQueries, searchMemory } from './memory.ts';
import { benchOrders, ORDERS_BUDGET, oversold, ordersLines } from './orders-http.ts';
import { benchPages, budgetMisses, pageRows, pagesLines, uncachedRows } from './pages.ts';
import { benchProcesses, processesLines } from './processes.ts';
import { AGE_COOKIE } from '../tests/e2e/http-shopper.ts';
import { startShop } from './shop-server.ts';

// Seconds per measurement of a page (the floor and each row, three rounds each) and of the orders run.
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ORDER_SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 20);

/** Latency of distinct search queries (each one misses the cache), measured one by one. */
async function searchLatency(base: string) {
  const words = ['amnesia', 'nothern', 'widdow', 'kush', 'citroen', 'haze', 'gelatto', 'blueberi', 'autoflower', 'landrace', 'skunck', 'zoet', 'diesel', 'critcal', 'durban', 'thai', 'malawi', 'cheese', 'purpel', 'ontspannend'];
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const q = `${words[i % words.length]}${i >= words.length ? ` ${i}` : ''}`;
    const t0 = performance.now();
    await (await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie: AGE_COOKIE } })).arrayBuffer();
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

/** Replaces the `## heading` section that `lines` start with in docs/benchmarks.md (a one-section run). */
function replaceSection(lines: string[]) {
  const doc = fs.readFileSync('docs/benchmarks.md', 'utf8').split('\n');
  const from = doc.indexOf(lines[0]!);
  if (from < 0) return;
  const next = doc.findIndex((l, i) => i > from && (l.startsWith('## ') || l === NOTES_MARKER));
  doc.splice(from, (next < 0 ? doc.length : next) - from, ...lines);
  fs.writeFileSync('docs/benchmarks.md', doc.join('\n'));
}

/** Puts a memory-only run's line in place of the one for the same database (or after the other's) in docs/benchmarks.md. */
function replaceMemoryLine(line: string) {
  const doc = fs.readFileSync('docs/benchmarks.md', 'utf8').split('\n');
  const end = doc.indexOf(NOTES_MARKER) < 0 ? doc.length : doc.indexOf(NOTES_MARKER);
  // An older line ("Memory: …", before the database was named) is replaced too.
  const same = doc.findIndex((l, i) => i < end && (l.startsWith(`Memory, ${memoryDatabase()}:`) || l.startsWith('Memory:')));
  const other = doc.findIndex((l, i) => i < end && l.startsWith('Memory'));
  if (same >= 0) doc[same] = line;
  else if (other >= 0) doc.splice(other + 1, 0, '', line);
  else return;
  fs.writeFileSync('docs/benchmarks.md', doc.join('\n'));
}

const embeddedShop = () => startShop({ workers: 1 });

async function pagesSection() {
  const floor = await startFloor();
  const shop = await embeddedShop();
  try {
    const chosen = process.argv.includes('uncached') ? uncachedRows : pageRows;
    // BENCH_ROWS=listing,search: only rows whose name holds one of the words (a quicker loop while working on them).
    const words = process.env.BENCH_ROWS?.split(',').filter(Boolean);
    const rows = await benchPages({ ...shop, pid: shop.child.pid }, { url: floor.url, pid: floor.child.pid }, SECONDS, words ? chosen.filter((r) => words.some((w) => r.name.includes(w))) : chosen);
    const misses = budgetMisses(rows);
    for (const miss of misses) console.error(`under budget: ${miss}`);
    if (misses.length) process.exitCode = 1;
    return pagesLines(rows, SECONDS);
  } finally {
    await shop.stop();
    await floor.stop();
  }
}

async function ordersSection() {
  const rows = await benchOrders(ORDER_SECONDS);
  // Wrong orders, and orders per minute under ARCHITECTURE.md's budget, fail the run.
  if (rows.some((r) => oversold(r) || r.errors > 0 || r.ordersInDatabase !== r.ordersConfirmed || r.perMinute < (ORDERS_BUDGET[r.processes] ?? 0))) process.exitCode = 1;
  return ordersLines(rows);
}

const processesSection = async () => processesLines(await benchProcesses());

// `npm run bench -- --lighthouse`: only the Lighthouse mobile run (bench/lighthouse.ts), with its own server.
if (process.argv.includes('--lighthouse')) {
  const { benchLighthouse } = await import('./lighthouse.ts');
  process.exit(await benchLighthouse());
}
// `npm run bench -- pages | orders | processes | chat`: one section, printed and replaced in docs/benchmarks.md
// (`pages uncached`: only the rows the page cache cannot serve, printed only).
const chatSection = async () => chatLines(await benchChat());
const sections = { pages: pagesSection, orders: ordersSection, processes: processesSection, chat: chatSection };
const only = (Object.keys(sections) as (keyof typeof sections)[]).find((name) => process.argv.includes(name));
// The chat bot is measured in this process, on its own database: it needs no build.
if (only !== 'chat') requireShopBuild();
if (only) {
  const lines = await sections[only]();
  console.log(lines.join('\n'));
  // `pages uncached` measures only the rows the page cache cannot serve: printed, docs/benchmarks.md kept.
  if (!process.argv.includes('uncached') && !process.env.BENCH_ROWS) replaceSection(lines);
  process.exit();
}

const server = await startServer(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {});
// `npm run bench -- memory`: only the memory run.
if (process.argv.includes('memory')) {
  try {
    const m = await searchMemory(server.url, server.child.pid!, memoryQueries());
    const lines = memoryLines(m);
    console.log(lines.join('\n'));
    replaceMemoryLine(lines[0]!);
    process.exitCode = m.endMb - m.startMb > 50 ? 1 : 0;
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  process.exit();
}

// The full run: the server above is idle while the other sections run their own shops.
try {
  const pages = await pagesSection();
  console.log(pages.join('\n'));
  const processes = await processesSection();
  console.log(processes.join('\n'));
  const orders = await ordersSection();
  console.log(orders.join('\n'));
  const search = await searchLatency(server.url);
  const memory = await searchMemory(server.url, server.child.pid!, memoryQueries());
  const js = firstLoad();
  if (js.over.length) process.exitCode = 1;
  // The manifest's file lists must be the ones the served pages really reference: checked on every page type an
  // anonymous visitor sees (the others redirect to the log-in or the cart).
  for (const t of pageTypes) {
    const fromManifest = js.rows.find((r) => r.path === t.path)!;
    const fromHtml = await htmlFirstLoadJs(server.url, t.path, AGE_COOKIE);
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
    `Latest run: ${date}, \`npm run bench\` on this machine (2 cores, shared with other work while it ran: figures are noisy, which is why every page is compared with the floor measured right before it), production build. Everything above the notes is written by the run; each section says how it measures. \`npm run bench -- pages\`, \`-- orders\`, \`-- processes\`, \`-- js\` and \`-- memory\` run one section.`,
    '',
    ...pages,
    ...processes,
    ...orders,
    '## Search, memory, first-load JavaScript',
    '',
    `Search (uncached, ${search.n} different queries with typos, one at a time, /api/search, embedded database): p50 ${search.p50.toFixed(1)} ms, p95 ${search.p95.toFixed(1)} ms.`,
    '',
    ...memoryLines(memory),
    ...js.lines,
    ...chatLines(await benchChat()),
  ];
  console.log(lines.slice(lines.indexOf('## Search, memory, first-load JavaScript')).join('\n'));
  writeBenchmarks(lines);
} finally {
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
