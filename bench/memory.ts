// Bounded memory: 100,000 different search queries through /api/search, as many
// visitors typing would send; the server's resident memory must stay within 50 MB of where it started.
import fs from 'node:fs';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export type MemoryBench = { queries: number; seconds: number; startMb: number; endMb: number; peakMb: number; heapStartMb: number; heapEndMb: number };

/** The server's own V8 heap figure, from its Prometheus metrics (loopback may read them). */
async function heapUsedMb(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? NaN) / 1024 / 1024;
}

async function searches(base: string, from: number, count: number, inFlight: number, onProgress?: (i: number) => void) {
  let next = from;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < from + count) {
        const i = next++;
        // Unique words: nothing repeats, so every query is a cache miss and a new key.
        const q = `zaad ${i.toString(36)} ${((i * 2654435761) % 1e9).toString(36)}`;
        const url = `${base}/api/search?q=${encodeURIComponent(q)}`;
        // One retry after a reset connection (seen once under heavy load on a shared machine); a server that is down fails twice.
        const res = await fetch(url, { headers: { cookie: 'age_verified=1' } }).catch(() => fetch(url, { headers: { cookie: 'age_verified=1' } }));
        await res.arrayBuffer();
        onProgress?.(i);
      }
    }),
  );
}

export async function searchMemory(base: string, pid: number, queries = 100_000, inFlight = 16): Promise<MemoryBench> {
  // Warm up with 10,000 other unique queries first: JIT, pools and the search cache (2,000 entries) reach
  // their steady size, so "before" is what a shop that has been running a while uses.
  await searches(base, 1_000_000, 10_000, inFlight);
  const startMb = rssMb(pid);
  const heapStartMb = await heapUsedMb(base);
  let peakMb = startMb;
  const t0 = performance.now();
  await searches(base, 0, queries, inFlight, (i) => {
    if (i % 5000 === 0) peakMb = Math.max(peakMb, rssMb(pid));
  });
  const endMb = rssMb(pid);
  return { queries, seconds: (performance.now() - t0) / 1000, startMb, endMb, peakMb: Math.max(peakMb, endMb), heapStartMb, heapEndMb: await heapUsedMb(base) };
}

/** The number of measured queries: BENCH_MEMORY_QUERIES, else 100,000 (fewer for a quick look on a busy machine). */
export const memoryQueries = () => Number(process.env.BENCH_MEMORY_QUERIES ?? 100_000);

/** The database the server ran on, as the line in docs/benchmarks.md names it. */
export const memoryDatabase = () => (process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database');

export const memoryLines = (m: MemoryBench, database = memoryDatabase()) => [
  `Memory, ${database}: ${m.queries.toLocaleString('en')} different search queries (16 at a time, after 10,000 to warm up, ${m.seconds.toFixed(0)} s): server RSS ${m.startMb.toFixed(0)} MB before, ${m.endMb.toFixed(0)} MB after (peak ${m.peakMb.toFixed(0)} MB; budget: start + 50 MB); V8 heap in use ${m.heapStartMb.toFixed(0)} → ${m.heapEndMb.toFixed(0)} MB.`,
  '',
];
