// Page objects for accounts, shared by the account, address and wishlist suites.
// Mails are read from the dev outbox of the e2e server's data directory.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseURL, dataDir } from './browser.ts';
import { emailField } from './pages.ts';

export const PASSWORD = 'zomer in de moestuin 42';

/**
 * A fresh address per call, so suites never share an account (log-in limits are per account) and a retried test
 * makes its own. Staff tests pass the shop's domain.
 */
export const freshEmail = (who: string, domain = 'example.com') => `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@${domain}`;

/** The newest mail to `to` whose text contains `marker`, decoded from quoted-printable. */
export async function mailTo(to: string, marker: string): Promise<string> {
  const dir = path.join(dataDir(), 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const raw = await fs.readFile(path.join(dir, file), 'utf8');
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (text.includes(`To: ${to}`) && text.includes(marker)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${marker}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The path and query of the `pathname?token=…` link in a mail. */
export const linkIn = (mail: string, pathname: string) => {
  const url = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_-]{43}`).exec(mail)?.[0];
  expect(url, `a ${pathname} link in the mail`).toBeTruthy();
  const u = new URL(url!);
  return u.pathname + u.search;
};

/** Fills and submits the log-in form of the page in view (the login page or the login popup). */
export async function logIn(page: Page, address: string, password: string) {
  await emailField(page).fill(address);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
}

/**
 * Set-up for suites about the account area: signs up with plain POSTs from the page's browser context,
 * confirms through the mailed link and logs in, so `page` ends logged in (session cookie in its jar).
 */
export async function createAccount(page: Page, address: string, name = 'Sanne de Vries'): Promise<void> {
  const headers = { Origin: baseURL() };
  const signUp = await page.request.post('/registreren', {
    form: { name, email: address, dateOfBirth: '1990-04-12', password: PASSWORD, passwordConfirm: PASSWORD },
    headers,
  });
  expect(signUp.status(), 'sign-up answers').toBe(200);
  const confirm = linkIn(await mailTo(address, '/registreren/bevestigen'), '/registreren/bevestigen');
  const token = new URL(confirm, baseURL()).searchParams.get('token')!;
  const confirmed = await page.request.post('/registreren/bevestigen', { form: { token }, headers, maxRedirects: 0 });
  expect(confirmed.status(), 'confirming logs in with a redirect').toBeGreaterThanOrEqual(300);
  await page.context().clearCookies({ name: 'flash' });
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === 'session'), 'a session cookie after confirming').toBe(true);
}
