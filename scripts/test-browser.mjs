// The browser the end-to-end suite drives (tests/e2e/browser.ts): Debian's Chromium headless shell, about half the
// CPU of the full browser (ADR 041), else the full chromium; CHROMIUM_PATH wins. `npm test` checks for it first, so
// a new machine gets it installed (as root) or is told the one command to run, before minutes of other steps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';
/** The full chromium is also the Lighthouse bench's browser; fonts-liberation gives pages their metric-compatible fonts. */
export const BROWSER_PACKAGES = ['chromium', 'chromium-headless-shell', 'fonts-liberation'];
export const INSTALL_COMMAND = `sudo apt-get install -y ${BROWSER_PACKAGES.join(' ')}`;

export function chromiumPath(env = process.env, exists = fs.existsSync) {
  return env.CHROMIUM_PATH ?? (exists(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);
}

/**
 * What `npm test` does about the browser: nothing when the headless shell (or CHROMIUM_PATH) is there; else as root
 * install the packages; else go on in the full chromium when that is there, or stop with the command to run.
 */
export function browserPlan({ env = process.env, exists = fs.existsSync, root = process.getuid?.() === 0 } = {}) {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? { action: 'none' } : { action: 'stop', message: `CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist.` };
  if (exists(HEADLESS_SHELL)) return { action: 'none' };
  if (root) return { action: 'install' };
  if (exists(CHROMIUM)) return { action: 'none', note: `The end-to-end suite runs in ${CHROMIUM}; ${INSTALL_COMMAND} makes it about twice as fast.` };
  return { action: 'stop', message: `The end-to-end suite needs Debian's Chromium. Install it, then run npm test again:\n\n  ${INSTALL_COMMAND}\n` };
}

/** Carries out browserPlan; exits the process when the browser cannot be had. */
export function ensureBrowser() {
  const plan = browserPlan();
  if (plan.note) console.log(plan.note);
  if (plan.action === 'stop') {
    console.error(`✖ ${plan.message}`);
    process.exit(1);
  }
  if (plan.action !== 'install') return;
  console.log(`Installing Debian's ${BROWSER_PACKAGES.join(', ')} for the end-to-end suite…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
  // A new machine's package lists may be missing or stale: update once when the install fails.
  const installed = apt('install', '-y', '-qq', ...BROWSER_PACKAGES) || (apt('update', '-qq') && apt('install', '-y', '-qq', ...BROWSER_PACKAGES));
  if (!installed || !fs.existsSync(chromiumPath())) {
    console.error(`✖ Installing the browser failed; try it by hand: apt-get install -y ${BROWSER_PACKAGES.join(' ')}`);
    process.exit(1);
  }
}
