import { describe, expect, it } from 'vitest';
import { BROWSER_PACKAGES, CHROMIUM, HEADLESS_SHELL, INSTALL_COMMAND, browserPlan, chromiumPath } from './test-browser.mjs';

const only =
  (...present: string[]) =>
  (p: string) =>
    present.includes(p);

describe('the browser npm test needs', () => {
  it('launches the headless shell when installed, else the full chromium; CHROMIUM_PATH wins', () => {
    expect(chromiumPath({}, only(HEADLESS_SHELL, CHROMIUM))).toBe(HEADLESS_SHELL);
    expect(chromiumPath({}, only(CHROMIUM))).toBe(CHROMIUM);
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/chrome' }, only(HEADLESS_SHELL))).toBe('/opt/chrome');
  });

  it('does nothing when the headless shell is there', () => {
    expect(browserPlan({ env: {}, exists: only(HEADLESS_SHELL), root: false })).toEqual({ action: 'none' });
    expect(browserPlan({ env: {}, exists: only(HEADLESS_SHELL, CHROMIUM), root: true })).toEqual({ action: 'none' });
  });

  it('on a new machine as root: installs Debian’s chromium, its headless shell and the fonts', () => {
    expect(browserPlan({ env: {}, exists: only(), root: true })).toEqual({ action: 'install' });
    expect(browserPlan({ env: {}, exists: only(CHROMIUM), root: true })).toEqual({ action: 'install' });
    expect(INSTALL_COMMAND).toBe('sudo apt-get install -y chromium chromium-headless-shell fonts-liberation');
    expect(BROWSER_PACKAGES).toEqual(['chromium', 'chromium-headless-shell', 'fonts-liberation']);
  });

  it('not root and no browser: stops with the exact command', () => {
    const plan = browserPlan({ env: {}, exists: only(), root: false });
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain(INSTALL_COMMAND);
  });

  it('not root with only the full chromium: goes on in it, with a hint', () => {
    const plan = browserPlan({ env: {}, exists: only(CHROMIUM), root: false });
    expect(plan.action).toBe('none');
    expect(plan.action === 'none' && plan.note).toContain(INSTALL_COMMAND);
  });

  it('a CHROMIUM_PATH that does not exist stops; one that does is used as it is', () => {
    expect(browserPlan({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists: only(), root: true }).action).toBe('stop');
    expect(browserPlan({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists: only('/opt/chrome'), root: false })).toEqual({ action: 'none' });
  });
});
