// One and two processes on PostgreSQL (goal ≥ 1.6× on 2 cores): the supervisor with
// WEB_CONCURRENCY=1 and with =2, both running at once on one fresh database (the idle one costs no CPU),
// loaded in turn in short windows for fifteen rounds, which one goes first alternating; medians reported. The load generator (wrk) runs on the same 2 cores.
// Requests ask for compressed answers, as every browser does: pages are compressed per request (their nonce).
import { type Load, median, wrk } from './http-load.ts';
import { AGE_COOKIE } from '../tests/e2e/http-shopper.ts';
import { cartVisitor } from './pages.ts';
import { POSTGRES_ADMIN_URL, createDatabase, startShop } from './shop-server.ts';

const WARM_UP_SECONDS = 10;
// Short windows, many rounds: this machine's speed swings by up to a third from one second to the next, so a round's two windows are kept close together and
// the ratio is the median of many rounds.
const WINDOW_SECONDS = 2;
const ROUNDS = 15;
const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br' };

export type ProcessesRow = { name: string; one: Load; two: Load; ratio: number; ratios: number[] };

export async function benchProcesses(seconds = WINDOW_SECONDS, rounds = ROUNDS): Promise<ProcessesRow[]> {
  const made = await createDatabase(POSTGRES_ADMIN_URL);
  const shops: Awaited<ReturnType<typeof startShop>>[] = [];
  try {
    // The first seeds the empty database; the second starts on it.
    shops.push(await startShop({ workers: 1, databaseUrl: made.url }));
    shops.push(await startShop({ workers: 2, databaseUrl: made.url }));
    const [one, two] = shops as [(typeof shops)[0], (typeof shops)[0]];
    // The cart lives in the database: the same visitor and cart on both.
    const cart = await cartVisitor(one.url);
    const rows = [
      // The cart page reads the cart fresh and is rendered for every request (a cart visitor's catalogue pages come from the page cache, ADR 031).
      { name: 'cart page, visitor with a cart (rendered each time)', path: '/besteloverzicht', cookie: cart },
      { name: 'home, anonymous (page cache)', path: '/', cookie: AGE_COOKIE },
    ];
    // Warm-up: V8 still compiles the shop's code on its background threads for some 20 s of load, taking a good
    // part of a core besides the main thread, and each process compiles its own, so a short
    // warm-up measures the two processes' compiling rather than their serving.
    for (const r of rows) for (const s of shops) await wrk(s.url + r.path, WARM_UP_SECONDS, { Cookie: r.cookie, ...BROWSER });
    const runs = rows.map(() => ({ one: [] as Load[], two: [] as Load[] }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, r] of rows.entries()) {
        // The two windows of a round side by side, which one first alternating: a fixed order handed the drift of
        // the machine's speed to one side of every ratio.
        for (const side of round % 2 ? (['two', 'one'] as const) : (['one', 'two'] as const))
          runs[i]![side].push(await wrk((side === 'one' ? one : two).url + r.path, seconds, { Cookie: r.cookie, ...BROWSER }));
      }
    }
    const med = (loads: Load[]): Load => ({
      rps: median(loads.map((l) => l.rps)),
      p50: median(loads.map((l) => l.p50)),
      p99: median(loads.map((l) => l.p99)),
      requests: loads.reduce((n, l) => n + l.requests, 0),
      errors: loads.reduce((n, l) => n + l.errors, 0),
      unexpected: loads.reduce((n, l) => n + l.unexpected, 0),
    });
    return rows.map((r, i) => {
      // The ratio of each round's own two windows; their median is the row's ratio.
      const ratios = runs[i]!.two.map((b, k) => b.rps / runs[i]!.one[k]!.rps);
      return { name: `${r.name} (\`${r.path}\`)`, one: med(runs[i]!.one), two: med(runs[i]!.two), ratio: median(ratios), ratios };
    });
  } finally {
    for (const s of shops) await s.stop();
    await made.drop();
  }
}

export function processesLines(rows: ProcessesRow[], seconds = WINDOW_SECONDS, rounds = ROUNDS): string[] {
  return [
    '## One and two processes on PostgreSQL',
    '',
    `\`scripts/start.mjs\` with \`WEB_CONCURRENCY=1\` and with \`WEB_CONCURRENCY=2\`, both on one fresh PostgreSQL database and running at the same time; each row is loaded for ${seconds} s on one and ${seconds} s on the other, ${rounds} rounds, with one and two taking turns to go first (this machine's speed swings by up to a third from one second to the next); req/s and latencies are the medians of the rounds, the ratio is the median of each round's own ratio (\`wrk -t1 -c16\`, which runs on the same 2 cores), after ${WARM_UP_SECONDS} s of warm-up per row and shop (V8 compiles the code of each process on background threads for some 20 s of load). Requests carry a browser's \`Accept-Encoding: gzip, deflate, br\`: the pages are compressed, as browsers get them. Goal: ≥ 1.6× with 2 processes.`,
    '',
    '| page | 1 process req/s | p50 / p99 ms | 2 processes req/s | p50 / p99 ms | ratio (range of the rounds) | goal | errors / unexpected |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.one.rps.toFixed(0)} | ${r.one.p50.toFixed(1)} / ${r.one.p99.toFixed(1)} | ${r.two.rps.toFixed(0)} | ${r.two.p50.toFixed(1)} / ${r.two.p99.toFixed(1)} | ${r.ratio.toFixed(2)}× (${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)}) | ≥ 1.6× ${r.ratio >= 1.6 ? '✓' : '✗'} | ${r.one.errors + r.two.errors} / ${r.one.unexpected + r.two.unexpected} |`,
    ),
    '',
  ];
}
