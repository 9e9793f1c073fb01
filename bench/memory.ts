// Bounded memory (issue 11 item 8): 100,000 different search queries through /api/search, as many
// visitors typing would send; the server's resident memory must stay within 50 MB of where it started.
import fs from 'node:fs';

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

export type MemoryBench = { queries: number; seconds: number; startMb: number; endMb: number; peakMb: number };

export async function searchMemory(base: string, pid: number, queries = 100_000, inFlight = 16): Promise<MemoryBench> {
  // Warm up first (JIT, the catalogue, the first cache entries), so "start" is the steady state.
  for (let i = 0; i < 500; i++) await (await fetch(`${base}/api/search?q=warm${i}`, { headers: { cookie: 'age_verified=1' } })).arrayBuffer();
  globalThis.gc?.();
  const startMb = rssMb(pid);
  let peakMb = startMb;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < queries) {
        const i = next++;
        // Unique words: nothing repeats, so every query is a cache miss and a new key.
        const q = `zaad ${i.toString(36)} ${((i * 2654435761) % 1e9).toString(36)}`;
        const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie: 'age_verified=1' } });
        await res.arrayBuffer();
        if (i % 5000 === 0) peakMb = Math.max(peakMb, rssMb(pid));
      }
    }),
  );
  const endMb = rssMb(pid);
  return { queries, seconds: (performance.now() - t0) / 1000, startMb, endMb, peakMb: Math.max(peakMb, endMb) };
}

export const memoryLines = (m: MemoryBench) => [
  `Memory: ${m.queries.toLocaleString('en')} different search queries (16 at a time, ${m.seconds.toFixed(0)} s): server RSS ${m.startMb.toFixed(0)} MB before, ${m.endMb.toFixed(0)} MB after (peak ${m.peakMb.toFixed(0)} MB, budget: start + 50 MB).`,
  '',
];
