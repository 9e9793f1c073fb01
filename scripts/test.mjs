// `npm test`: typecheck, lint, unit + integration (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// build, then the end-to-end suite in Chromium against the built server. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  try {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    if (!ok && report.numFailedTests === 0) totals.failed += 1; // a suite that crashed before its tests ran
  } catch {
    if (!ok) totals.failed += 1;
  }
  return ok;
}

const steps = [
  () => run('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  () => run('lint', 'npm', ['run', '--silent', 'lint']),
  () => vitest('unit and integration', []),
  () => run('build', 'npx', ['react-router', 'build']),
  () => vitest('end-to-end', ['--config', 'tests/e2e/vitest.config.ts']),
];

let ok = true;
for (const step of steps) {
  if (!step()) {
    ok = false;
    // Keep going after test failures so one run reports them all; stop when the build is broken.
    if (totals.failed === 0) break;
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
