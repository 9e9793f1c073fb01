import { describe, expect, it } from 'vitest';
import { parseWrk } from './http-load.ts';

// A report as wrk 4.1 prints it with --latency and bench/wrk/load.lua (its done() adds the Requests line).
const report = `Running 6s test @ http://127.0.0.1:8123/
  1 threads and 16 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    71.12ms   10.48ms 177.01ms   95.13%
    Req/Sec   225.10     30.00   300.00     70.00%
  Latency Distribution
     50%   69.80ms
     75%   74.10ms
     90%   80.02ms
     99%  134.39ms
  1231 requests in 6.01s, 63.60MB read
  Non-2xx or 3xx responses: 3
Requests/sec:    204.88
Transfer/sec:     10.58MB
Requests: 1231 in 6008481 us
`;

describe('parseWrk', () => {
  it('counts req/s over the time after the settle, not the whole run', () => {
    expect(parseWrk(report, 500).rps).toBeCloseTo(1231 / 5.508481, 3);
    expect(parseWrk(report, 0).rps).toBeCloseTo(1231 / 6.008481, 3);
  });

  it('reads latencies, requests and answers outside 2xx/3xx', () => {
    expect(parseWrk(report, 500)).toMatchObject({ p50: 69.8, p99: 134.39, requests: 1231, errors: 0, unexpected: 3 });
  });

  it("falls back to wrk's own req/s without the script's line", () => {
    expect(parseWrk(report.replace(/^Requests: .*$/m, ''), 500).rps).toBe(204.88);
  });
});
