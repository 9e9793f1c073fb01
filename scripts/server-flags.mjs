// The Node.js flags of a shop server process: the supervisor's workers (scripts/start.mjs) and the server the
// end-to-end tests and the bench start (tests/e2e/server.ts) use the same ones, so what is tested is what runs.
import os from 'node:os';

const BASE_EXEC_ARGV = [
  // No --enable-source-maps: it makes Node keep the source map of every module it loads, node_modules included
  // (lucide-react's alone holds the text of its 2,000 icons), some 23 MB of heap and 33 MB of RSS per process.
  // Both server bundles are built unminified, so a stack trace still names the function and a readable line of
  // build/runtime/index.js or build/server/index.js (build/runtime/index.js.map maps it back by hand).
  // V8 lets the old generation grow to about four times the live heap between full collections when its limit is
  // large (by default here some 4 GB), so a busy worker with ~70 MB of live objects sat at 200-270 MB of heap. With
  // a 512 MB limit V8's heap controller uses a growing factor of ~1.4 instead; 512 MB is still seven times the live
  // heap, room for a burst before an out-of-memory crash. A worker on PostgreSQL keeps about a third less memory
  // after load, at no CPU cost per request that shows above the noise.
  '--max-old-space-size=512',
  // With that limit V8 also grows the heap by only ~1.4× between full collections: rendering the checkout page, a
  // worker ran a full mark-compact every ~17 requests, and its marking threads used nearly as much CPU as the page
  // itself. Growing 2× between collections: one full collection per ~200 requests and a page costs about half the
  // CPU (ADR 039); the heap peaks at about twice the live objects.
  '--heap-growing-percent=100',
  // Node 20's young generation: semi-spaces of at most 16 MB. Node 24 sizes them by the machine's memory (64 MB on
  // 24 GB, a young generation of up to 192 MB): about 120 MB more memory per worker, at no CPU saved per request
  // (ADR 043). Not --max-semi-space-size=4: it saves another ~40 MB, but a rendered page costs 20-30 % more CPU
  // (more scavenges).
  '--max-semi-space-size=16',
];

/**
 * The flags for `workers` processes. With a worker on every core, V8's helper threads (parallel and concurrent
 * garbage collection) only take CPU from the other workers: with 2 workers on 2 cores the collector on the main
 * thread serves some 10 % more pages per second. A lone worker keeps them: it has the other cores to itself and
 * serves more pages with them. ADR 040.
 */
export function serverExecArgv(workers = 1) {
  return workers >= os.availableParallelism() ? [...BASE_EXEC_ARGV, '--single-threaded-gc'] : BASE_EXEC_ARGV;
}

// Environment for the same processes. glibc gives each thread that allocates its own malloc arena (up to 8 per core),
// and V8's background threads (compiling PGlite's WebAssembly, the GC) and libuv's pool left four arenas of
// 25-40 MB each, mostly free but fragmented. Two arenas: the embedded database's process is ~45 MB smaller, at no
// CPU cost per request that shows. An operator's own setting wins.
// Allocations from 128 KB up get their own mapping, returned to the system when freed, rather than glibc's default
// threshold that climbs to 32 MB as large blocks are freed: compiling PGlite's WebAssembly leaves many such blocks,
// and on Node 24 the process's main heap stayed ~70 MB larger for it, with no CPU cost per request (ADR 043).
export const SERVER_ENV = {
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
};
