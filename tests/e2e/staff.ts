// Staff in the e2e suite (shared by the back-office test files): the staff command line, the set-up link
// journey (password, TOTP enrolment, recovery codes), fresh TOTP codes and the two-step log-in.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { totpCode } from '~/modules/staff/totp.ts';
import { baseURL, dataDir, DESKTOP, expectAxeClean, hydrated, MOBILE, screenshot } from './browser.ts';
import { STAFF_TOKEN } from './server.ts';

export const PASSWORD = 'kiemkracht beheer sinds 2026';

const script = (name: string, args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir(), PORT: new URL(baseURL()).port, STAFF_API_TOKEN: STAFF_TOKEN },
  });
export const staffCli = (...args: string[]) => script('staff', args);
export const orderCli = (...args: string[]) => script('order', args);

/**
 * `npm run staff -- add` without the command line: the staff API the CLI calls on a running shop, answered with the
 * CLI's output. No CLI process per member (seconds of CPU each); backoffice.test.ts runs the CLI itself.
 */
export async function addStaff(email: string, role: string, ...name: string[]): Promise<{ stdout: string }> {
  const res = await fetch(`${baseURL()}/api/staff/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}` },
    body: JSON.stringify({ action: 'add', email, role, name: name.join(' ') || undefined }),
  });
  const added = (await res.json()) as { ok: boolean; message: string };
  if (!res.ok || !added.ok) throw new Error(`adding ${email} failed (${res.status}): ${added.message}`);
  return { stdout: `${added.message}\n` };
}

/** A code the server has not seen for this account: the authenticator's next step once the current one is used. */
const lastStep = new Map<string, number>();
export async function freshCode(secret: string): Promise<string> {
  const used = lastStep.get(secret) ?? -1;
  // One step of drift is accepted, so the next step's code works now; two ahead means waiting for the server's
  // clock to reach the step (a real wait: the server's time cannot be faked from here).
  while (Math.floor(Date.now() / 30_000) + 1 <= used) await new Promise((r) => setTimeout(r, 1000));
  const step = Math.max(used + 1, Math.floor(Date.now() / 30_000));
  lastStep.set(secret, step);
  return totpCode(secret, step * 30_000 + 1000);
}

export const setupLinkFrom = (output: string) => {
  const link = /https?:\/\/\S+\/beheer\/instellen\?token=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no set-up link in: ${output}`);
  return new URL(link).pathname + new URL(link).search;
};

/** Uses a set-up link: password, then the QR step; returns the TOTP secret and the recovery codes. */
export async function setUpStaff(
  page: Page,
  link: string,
  opts: { checks?: boolean; shot: (page: Page, name: string) => Promise<void>; ignoreErrors: (pattern: RegExp) => void },
) {
  const { shot, ignoreErrors } = opts;
  await page.goto(link);
  await hydrated(page);
  if (opts.checks) {
    // Errors appear next to their field, from the server.
    await page.getByLabel('Nieuw wachtwoord').fill(PASSWORD);
    await page.getByLabel('Herhaal wachtwoord').fill('iets anders');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect.poll(() => page.getByTestId('error-passwordConfirm').innerText()).toBe('Wachtwoorden komen niet overeen');
    await expectAxeClean(page);
    await page.setViewportSize(MOBILE);
    await shot(page, 'setup-375');
    await page.setViewportSize(DESKTOP);
  }
  await page.getByLabel('Nieuw wachtwoord').fill(PASSWORD);
  await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await page.waitForURL(/\/beheer\/inloggen\/code$/);
  await hydrated(page);
  await expect.poll(() => page.getByRole('img', { name: /QR-code/ }).locator('svg').count()).toBe(1);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  if (opts.checks) {
    await expectAxeClean(page);
    await shot(page, 'enrol-1280');
    await page.getByRole('textbox', { name: 'Code' }).fill('123456');
    await page.getByRole('button', { name: 'Koppelen en inloggen' }).click();
    await expect.poll(() => page.getByTestId('error-code').innerText()).toContain('Deze code klopt niet');
  }
  await page.getByRole('textbox', { name: 'Code' }).fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Koppelen en inloggen' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  if (opts.checks) {
    await expectAxeClean(page);
    await shot(page, 'recovery-codes-1280');
    // A .txt download straight from the page (a data: link, nothing kept on the server) and a copy button.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Downloaden als .txt' }).click()]);
    expect(file.suggestedFilename()).toBe('kiemkracht-herstelcodes.txt');
    const chunks: Buffer[] = [];
    for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString('utf8').split('\r\n').filter((l) => codes.includes(l))).toEqual(codes);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Codes kopiëren' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Gekopieerd' }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  }
  await page.getByRole('link', { name: /naar beheer/ }).click();
  await page.waitForURL(/\/beheer\/overzicht$/);
  await hydrated(page);
  // The URL changes before the new page has rendered; wait for the dashboard itself.
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Overzicht');
  ignoreErrors(/status of 40[01]/);
  return { secret, codes };
}

export async function logIn(page: Page, email: string, secret: string) {
  await page.goto('/beheer/inloggen');
  await hydrated(page);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verder' }).click();
  await page.waitForURL(/\/beheer\/inloggen\/code/);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Code' }).fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(/\/beheer\/overzicht$/);
  await hydrated(page);
}


/**
 * Adds a staff member and sets the account up in `page`, which ends logged in on the dashboard.
 * The address gets a suffix of its own, so a retried test does not trip over the member its failed try added.
 */
export async function staffMember(page: Page, address: string, role: string, name: string): Promise<{ email: string; secret: string }> {
  const email = address.replace('@', `.${crypto.randomBytes(3).toString('hex')}@`);
  const added = await addStaff(email, role, name);
  const { secret } = await setUpStaff(page, setupLinkFrom(added.stdout), { shot: async () => {}, ignoreErrors: () => {} });
  return { email, secret };
}

/** Posts a form the way a page of the shop would (same origin), with the page's cookies. */
export const postForm = (page: Page, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  page.request.post(path, { form, headers: { Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin', ...headers }, maxRedirects: 0 });

/** Back-office screenshots for people to look at: test-results/screens, and BO_SHOTS_DIR when set. */
export const backofficeShots = (prefix = '') =>
  async function shot(page: Page, name: string) {
    await screenshot(page, `backoffice-${prefix}${name}`);
    const dir = process.env.BO_SHOTS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: `${dir}/${prefix}${name}.png`, fullPage: true });
    }
  };
