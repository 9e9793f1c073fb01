// `npm test`: typecheck, lint, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// build, then the end-to-end suite in Chromium against the built server. Ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The integration suite also runs on PostgreSQL whenever a local server answers (as .ci/run does), so the
// concurrency tests contend for real; TEST_DATABASE_URL set by hand wins.
const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/test';
if (!process.env.TEST_DATABASE_URL) {
  const answers = await new Promise((resolve) => {
    const socket = net.connect(5432, '127.0.0.1');
    socket.setTimeout(1000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (answers) {
    process.env.TEST_DATABASE_URL = LOCAL_PG;
    console.log(`PostgreSQL answers on 127.0.0.1:5432: integration tests also run on ${LOCAL_PG}.`);
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kk-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, cmd, args) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`✖ ${title} failed`);
    return false;
  }
  return true;
}

function vitest(title, args) {
  const out = path.join(tmp, `${title.replace(/\W+/g, '-')}.json`);
  const ok = run(title, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countReport(out, ok);
  return ok;
}

function countReport(out, ok) {
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite that crashed before its tests ran
  } catch {
    if (!ok) totals.failed += 1;
  }
}

/** Runs commands side by side (output kept apart, printed in order); true when all succeeded. */
async function together(jobs) {
  return (await sideBySide(jobs)).every((code) => code === 0);
}

/** Runs commands side by side (output kept apart, printed in order); their exit codes. */
async function sideBySide(jobs) {
  const results = await Promise.all(
    jobs.map(
      ([title, cmd, args]) =>
        new Promise((resolve) => {
          let out = '';
          const child = spawn(cmd, args, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('close', (code) => resolve({ title, code, out }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n▶ ${r.title}\n${r.out.trimEnd()}`);
    if (r.code !== 0) console.error(`✖ ${r.title} failed`);
  }
  return results.map((r) => r.code);
}

const steps = [
  // Typecheck, lint and the build are mostly single-threaded: on 2 cores they run side by side.
  () =>
    together([
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['lint', 'npm', ['run', '--silent', 'lint']],
      ['build', 'npm', ['run', '--silent', 'build']],
    ]),
  () => vitest('unit and integration', []),
  () => endToEnd(),
];

/**
 * The e2e files in two groups side by side, each with its own server and database (global setup), balanced
 * by the durations in tests/e2e/timings.json (a file not listed there counts as 30 s). A browser spends much
 * of its time waiting on the server and the other way round, so two groups use the 2 cores better than one.
 * E2E_GROUPS=1 runs them one after the other in one process.
 */
async function endToEnd() {
  const groups = Number(process.env.E2E_GROUPS ?? 2);
  const config = ['--config', 'tests/e2e/vitest.config.ts'];
  if (groups <= 1) return vitest('end-to-end', config);
  const timings = JSON.parse(fs.readFileSync('tests/e2e/timings.json', 'utf8'));
  const files = fs
    .readdirSync('tests/e2e')
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => ({ file: `tests/e2e/${f}`, ms: timings[f] ?? 30_000 }))
    .sort((a, b) => b.ms - a.ms);
  const buckets = Array.from({ length: groups }, () => ({ ms: 0, files: [] }));
  for (const f of files) {
    const lightest = buckets.reduce((a, b) => (b.ms < a.ms ? b : a));
    lightest.files.push(f.file);
    lightest.ms += f.ms;
  }
  const outs = buckets.map((_, i) => path.join(tmp, `end-to-end-${i + 1}.json`));
  const codes = await sideBySide(
    buckets.map((b, i) => [
      `end-to-end, group ${i + 1} of ${groups} (${b.files.length} files, about ${Math.round(b.ms / 1000)} s)`,
      'npx',
      ['vitest', 'run', ...config, ...b.files, '--reporter=default', '--reporter=json', `--outputFile.json=${outs[i]}`],
    ]),
  );
  outs.forEach((out, i) => countReport(out, codes[i] === 0));
  return codes.every((code) => code === 0);
}

let ok = true;
for (const step of steps) {
  if (!(await step())) {
    ok = false;
    // Keep going after test failures so one run reports them all; stop when the build is broken.
    if (totals.failed === 0) break;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
