// Staff members for e2e suites beyond backoffice.test.ts: added with `npm run staff`, set up (password and
// TOTP) and logged in through the real pages; order commands with `npm run order`. The same steps as there.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { totpCode } from '~/modules/staff/totp.ts';
import { baseURL, hydrated } from './browser.ts';
import { STAFF_TOKEN } from './server.ts';

export const STAFF_PASSWORD = 'kiemkracht beheer sinds 2026';

const script = (name: string, args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), PORT: new URL(baseURL()).port, STAFF_API_TOKEN: STAFF_TOKEN },
  });
export const staffCli = (...args: string[]) => script('staff', args);
export const orderCli = (...args: string[]) => script('order', args);

/** A code the server has not seen for this account: the authenticator's next step once the current one is used. */
const lastStep = new Map<string, number>();
export async function freshCode(secret: string): Promise<string> {
  const used = lastStep.get(secret) ?? -1;
  while (Math.floor(Date.now() / 30_000) + 1 <= used) await new Promise((r) => setTimeout(r, 1000));
  const step = Math.max(used + 1, Math.floor(Date.now() / 30_000));
  lastStep.set(secret, step);
  return totpCode(secret, step * 30_000 + 1000);
}

const setupLinkFrom = (output: string) => {
  const link = /https?:\/\/\S+\/beheer\/instellen\?token=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no set-up link in: ${output}`);
  return new URL(link).pathname + new URL(link).search;
};

/** Adds a staff member with the CLI and sets the account up in `page`, which ends logged in on the dashboard. */
export async function staffMember(page: Page, email: string, role: string, name: string): Promise<{ email: string; secret: string }> {
  const added = await staffCli('add', email, role, name);
  await page.goto(setupLinkFrom(added.stdout));
  await hydrated(page);
  await page.getByLabel('Nieuw wachtwoord').fill(STAFF_PASSWORD);
  await page.getByLabel('Herhaal wachtwoord').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await page.waitForURL(/\/beheer\/inloggen\/code$/);
  await hydrated(page);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByRole('textbox', { name: 'Code' }).fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Koppelen en inloggen' }).click();
  await page.getByTestId('recovery-codes').waitFor();
  await page.getByRole('link', { name: /naar beheer/ }).click();
  await page.waitForURL(/\/beheer\/overzicht$/);
  await hydrated(page);
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Overzicht');
  return { email, secret };
}

/** Posts a form the way a page of the shop would (same origin), with the page's cookies. */
export const postForm = (page: Page, path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin' }, maxRedirects: 0 });

/** Logs a set-up staff member in (password, then a fresh TOTP code); `page` ends on the dashboard. */
export async function staffLogIn(page: Page, member: { email: string; secret: string }) {
  await page.goto('/beheer/inloggen');
  await hydrated(page);
  await page.getByLabel('E-mailadres').fill(member.email);
  await page.getByLabel('Wachtwoord').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Verder' }).click();
  await page.waitForURL(/\/beheer\/inloggen\/code/);
  await hydrated(page);
  await page.getByRole('textbox', { name: 'Code' }).fill(await freshCode(member.secret));
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(/\/beheer\/overzicht$/);
  await hydrated(page);
}
