// HTTP load from a separate process: wrk (C, one thread, 16 connections, keep-alive). On a 2-core machine
// the load generator shares the cores with the server; wrk needs a fraction of the CPU an in-process
// Node generator (autocannon) needs for the same rate, so more of the machine is left to the server.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

export const CONNECTIONS = 16;

export type Load = { rps: number; p50: number; p99: number; requests: number; errors: number; unexpected: number };

const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!;

/**
 * Parses wrk's report (with --latency and bench/wrk/load.lua). `unexpected` counts answers outside 2xx/3xx (wrk's
 * own split). req/s is over the time after the settle (`settleMs`; load.lua's done() line has the requests and the
 * whole run's µs); wrk's own Requests/sec counts the settle too.
 */
export function parseWrk(out: string, settleMs = 0): Load {
  const latency = (p: string) => {
    const m = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    return m ? ms(m[1]!, m[2]!) : NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const counted = /^Requests: (\d+) in (\d+) us$/m.exec(out);
  return {
    rps: counted ? Number(counted[1]) / ((Number(counted[2]) - settleMs * 1000) / 1e6) : Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50: latency('50'),
    p99: latency('99'),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    unexpected: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

/**
 * How long each connection's first request waits, so the server accepts every connection before the load starts
 * (bench/wrk/load.lua). wrk's duration is whole seconds: a run lasts `seconds` + 1, of which `seconds` + 0.5 are load.
 */
export const SETTLE_MS = 500;

/**
 * `seconds` of load from CONNECTIONS open connections, after the settle. `paths`: a file of paths (one a line) sent
 * one per request from `offset` on, instead of `url`'s own path.
 */
export async function wrk(url: string, seconds: number, headers: Record<string, string> = {}, paths?: { file: string; offset: number }): Promise<Load> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds + Math.ceil(SETTLE_MS / 1000)}s`, '--latency', '--timeout', '10s', '-s', 'bench/wrk/load.lua'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  try {
    const { stdout } = await promisify(execFile)('wrk', [...args, url, '--', String(SETTLE_MS), String(CONNECTIONS), ...(paths ? [paths.file, String(paths.offset)] : [])]);
    return parseWrk(stdout, SETTLE_MS);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') throw new Error('wrk is not installed: `sudo apt-get install -y wrk` (see docs/benchmarks.md).');
    throw e;
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** p-th percentile (nearest rank) of a list of durations. */
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

/** The processes `pid` started (Linux: /proc/<pid>/task/<pid>/children), e.g. the supervisor's workers. */
export function childPids(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time in ms (user + system, /proc/<pid>/stat) the processes used so far. Per request it is a steadier figure
 * than req/s on a shared 2-core machine: a neighbour's burst slows the server down but does not make its pages cost more.
 */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* gone */
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}
