// The back office (ADR 026): the first owner made with `npm run staff`, set-up link, password, TOTP
// enrolment with a QR code and recovery codes, a second log-in, staff added by the owner, each role's
// 403s, disabling and revoking, the audit log, cross-site posts refused, axe and screenshots at 375/1280.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { totpCode } from '~/modules/staff/totp.ts';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, hydrated, screenshot, useBrowser } from './browser.ts';
import { emailField, open } from './pages.ts';
import { STAFF_TOKEN } from './server.ts';
import { addByRequest, fillShipping } from './shop.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 120_000;
const PASSWORD = 'kiemkracht beheer sinds 2026';
const stamp = Date.now();
const ownerEmail = `eigenaar.${stamp}@kiemkracht.nl`;

const staffCli = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), PORT: new URL(baseURL()).port, STAFF_API_TOKEN: STAFF_TOKEN },
  });

/** Screenshots for people to look at: test-results/screens, and BO_SHOTS_DIR when set. */
async function shot(page: Page, name: string) {
  await screenshot(page, `backoffice-${name}`);
  const dir = process.env.BO_SHOTS_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  }
}

/** A code the server has not seen for this account: the authenticator's next step once the current one is used. */
const lastStep = new Map<string, number>();
async function freshCode(secret: string): Promise<string> {
  const used = lastStep.get(secret) ?? -1;
  // One step of drift is accepted, so the next step's code works now; two ahead means waiting.
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

/** Uses a set-up link: password, then the QR step; returns the TOTP secret and the recovery codes. */
async function setUp(page: Page, link: string, opts: { checks?: boolean } = {}) {
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
  }
  await page.getByRole('link', { name: /naar beheer/ }).click();
  await page.waitForURL(/\/beheer\/overzicht$/);
  await hydrated(page);
  ignoreErrors(/status of 40[01]/);
  return { secret, codes };
}

async function logIn(page: Page, email: string, secret: string) {
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

/** Posts a form the way a page of the shop would (same origin), with the page's cookies. */
const postForm = (page: Page, path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  page.request.post(path, { form, headers: { Origin: baseURL(), 'Sec-Fetch-Site': 'same-origin', ...headers }, maxRedirects: 0 });

describe('back office', () => {
  let owner: { secret: string; codes: string[] };
  let supportLink = '';
  const supportEmail = `klantenservice.${stamp}@kiemkracht.nl`;

  it(
    'the first owner: `npm run staff -- add`, the set-up link, password, TOTP enrolment with a QR code and recovery codes, the dashboard',
    async () => {
      await expect(staffCli('add', 'geen-adres', 'owner')).rejects.toMatchObject({ code: 2 });
      await expect(staffCli('add', ownerEmail, 'baas')).rejects.toMatchObject({ code: 2 });
      const added = await staffCli('add', ownerEmail, 'owner', 'Eva', 'Eigenaar');
      expect(added.stdout).toContain(`Medewerker ${ownerEmail} (owner) toegevoegd.`);
      await expect(staffCli('add', ownerEmail, 'owner')).rejects.toMatchObject({ stdout: `Er is al een medewerker met ${ownerEmail}.\n` });

      const page = await newPage();
      // Nothing of /beheer opens without a staff session; the log-in page is the shop's own design.
      await page.goto('/beheer/medewerkers');
      await page.waitForURL(/\/beheer\/inloggen\?terug=%2Fbeheer%2Fmedewerkers/);
      await hydrated(page);
      await expectAxeClean(page);
      await shot(page, 'login-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'login-375');
      await page.setViewportSize(DESKTOP);
      // A wrong password: one message for the form, the password field emptied.
      await page.getByLabel('E-mailadres').fill(ownerEmail);
      await page.getByLabel('Wachtwoord').fill('niet het wachtwoord');
      await page.getByRole('button', { name: 'Verder' }).click();
      await expect.poll(() => page.getByTestId('form-error').innerText()).toBe('E-mailadres en/of wachtwoord is onjuist.');
      ignoreErrors(/status of 401/);

      owner = await setUp(page, setupLinkFrom(added.stdout), { checks: true });
      // The staff cookie: only for /beheer, never sent on a request another site starts, not readable by scripts.
      const cookie = (await page.context().cookies()).find((c) => c.name === 'kk_staff');
      expect(cookie).toMatchObject({ path: '/beheer', sameSite: 'Strict', httpOnly: true });
      expect(cookie?.expires).toBe(-1);
      ignoreErrors(/status of 400|status of 401/);

      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Overzicht');
      expect(await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link').allInnerTexts()).toEqual(['Overzicht', 'Bestellingen', 'Betalingen controleren', 'Medewerkers', 'Auditlog']);
      await expectAxeClean(page);
      await shot(page, 'dashboard-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'dashboard-375');
      // The menu opens below 1024 px (a <details>, so also without JavaScript).
      await page.locator('details > summary').click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Beheermenu' }).getByRole('link', { name: 'Medewerkers' }).isVisible()).toBe(true);
      await shot(page, 'menu-375');
    },
    JOURNEY,
  );

  it(
    'the owner adds staff (errors next to the fields), a support member sets up and gets 403 on the owner’s pages and actions',
    async () => {
      const page = await newPage();
      await logIn(page, ownerEmail, owner.secret);
      await page.getByRole('link', { name: 'Medewerkers' }).first().click();
      await page.waitForURL(/\/beheer\/medewerkers$/);
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      await expect.poll(() => page.getByTestId('error-name').innerText()).toBe('Vul een naam in.');
      expect(await page.getByTestId('error-email').innerText()).toBe('Vul een geldig e-mailadres in.');
      expect(await page.getByTestId('error-role').innerText()).toBe('Kies een rol.');
      ignoreErrors(/status of 400/);
      await page.getByLabel('Naam').fill('Sam Support');
      await page.getByLabel('E-mailadres').fill(supportEmail);
      await page.getByLabel('Rol').selectOption('support');
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      supportLink = setupLinkFrom(await page.getByTestId('setup-link').innerText());
      await expect.poll(() => page.locator(`tr[data-staff="${supportEmail}"]`).innerText()).toContain('Nog niet ingesteld');
      await expectAxeClean(page);
      await shot(page, 'staff-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'staff-375');

      const support = await newPage();
      const { secret } = await setUp(support, supportLink);
      expect(await support.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link').allInnerTexts()).toEqual(['Overzicht', 'Bestellingen']);
      expect((await support.goto('/beheer/bestellingen'))?.status()).toBe(200);
      for (const path of ['/beheer/medewerkers', '/beheer/audit']) {
        const res = await support.goto(path);
        expect(res?.status(), path).toBe(403);
        await hydrated(support);
        expect(await support.getByTestId('backoffice-error').innerText()).toContain('Je hebt geen toegang tot deze pagina.');
      }
      ignoreErrors(/status of 403/);
      await expectAxeClean(support);
      // Its actions are refused too, also as a direct POST.
      const post = await postForm(support, '/beheer/medewerkers', { intent: 'add', name: 'X', email: `x.${stamp}@kiemkracht.nl`, role: 'owner' });
      expect(post.status()).toBe(403);
      const data = await postForm(support, '/beheer/medewerkers.data', { intent: 'disable', staffId: '1' });
      expect(data.status()).toBe(403);

      // A second log-in of the support member works with a fresh code.
      await support.getByRole('button', { name: 'Uitloggen' }).first().click().catch(async () => {
        await support.locator('details > summary').click();
        await support.getByRole('button', { name: 'Uitloggen' }).last().click();
      });
      await support.waitForURL(/\/beheer\/inloggen$/);
      await logIn(support, supportEmail, secret);
      await expect.poll(() => support.getByRole('heading', { level: 1 }).innerText()).toBe('Overzicht');

      // The owner disables the account: the support member's session ends at once.
      await page.setViewportSize(DESKTOP);
      await page.reload();
      await hydrated(page);
      await page.locator(`tr[data-staff="${supportEmail}"]`).getByRole('button', { name: 'Uitzetten' }).click();
      await expect.poll(() => page.getByRole('status').innerText()).toBe('Account uitgezet; alle sessies zijn beëindigd.');
      await support.goto('/beheer');
      await support.waitForURL(/\/beheer\/inloggen/);
    },
    JOURNEY,
  );

  it(
    'a second owner log-in with a recovery code; an order found, opened and noted; the audit log lists who did what from where, filtered',
    async () => {
      const page = await newPage();
      await page.goto('/beheer/inloggen');
      await hydrated(page);
      await page.getByLabel('E-mailadres').fill(ownerEmail);
      await page.getByLabel('Wachtwoord').fill(PASSWORD);
      await page.getByRole('button', { name: 'Verder' }).click();
      await page.waitForURL(/\/beheer\/inloggen\/code/);
      await hydrated(page);
      await expectAxeClean(page);
      await page.getByRole('textbox', { name: 'Code' }).fill(owner.codes[0]!);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await page.waitForURL(/\/beheer\/overzicht$/);

      // An order placed in the shop: found in the list by the buyer's e-mail, opened, a note added.
      const shopper = await newPage();
      const buyer = `koper.${stamp}@example.com`;
      await addByRequest(shopper, 'skunk-1', '3 zaadjes');
      await open(shopper, '/checkout');
      await emailField(shopper).fill(buyer);
      await fillShipping(shopper);
      await shopper.getByLabel(/Bankoverschrijving/).check();
      await shopper.getByTestId('place-order').click();
      await shopper.waitForURL(/\/order-status\?bestelling=/);
      await page.getByRole('link', { name: 'Bestellingen' }).first().click();
      await page.waitForURL(/\/beheer\/bestellingen$/);
      await hydrated(page);
      await page.getByLabel('Zoeken').fill(buyer);
      await page.getByRole('button', { name: 'Toepassen' }).click();
      await page.waitForURL(/zoek=/);
      await expect.poll(() => page.getByTestId('orders-count').innerText()).toBe('1 bestelling');
      expect(await page.getByTestId('state-counts').innerText()).toMatch(/Open\s*1/);
      await expectAxeClean(page);
      await shot(page, 'orders-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'orders-375');
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('orders-table').getByRole('link').first().click();
      await page.waitForURL(/\/beheer\/bestellingen\/KK-/);
      await hydrated(page);
      const number = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('button', { name: 'Notitie opslaan' }).click();
      await expect.poll(() => page.getByTestId('error-body').innerText()).toBe('Schrijf een notitie.');
      ignoreErrors(/status of 400/);
      await page.getByLabel('Nieuwe notitie').fill('Klant vraagt om discrete verpakking.');
      await page.getByRole('button', { name: 'Notitie opslaan' }).click();
      await expect.poll(() => page.getByTestId('order-notes').innerText()).toContain('Klant vraagt om discrete verpakking.');
      expect(await page.getByTestId('order-notes').innerText()).toContain('Eva Eigenaar');
      await expectAxeClean(page);
      await shot(page, 'order-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'order-375');
      await page.setViewportSize(DESKTOP);

      await page.goto('/beheer/audit');
      await hydrated(page);
      const rows = page.getByTestId('audit-table').locator('tbody tr');
      const all = await rows.allInnerTexts();
      expect(all.some((r) => r.includes('staff.disable') && r.includes(ownerEmail))).toBe(true);
      expect(all.some((r) => r.includes('staff.add') && r.includes('api'))).toBe(true);
      expect(all.some((r) => r.includes('staff.login') && r.includes('"method":"recovery"'))).toBe(true);
      expect(all.some((r) => r.includes('order.note') && r.includes(number) && r.includes('discrete verpakking'))).toBe(true);
      await page.getByLabel('Actie').selectOption('staff.add');
      await page.getByRole('button', { name: 'Filteren' }).click();
      await page.waitForURL(/actie=staff.add/);
      await expect.poll(async () => (await rows.allInnerTexts()).every((r) => r.includes('staff.add'))).toBe(true);
      expect(await rows.count()).toBeGreaterThanOrEqual(2);
      await page.goto('/beheer/audit?van=gisteren&pagina=-3');
      await hydrated(page);
      expect(await page.getByText('Vul een geldige datum in.').count()).toBe(1);
      await page.goto('/beheer/audit');
      await hydrated(page);
      await expectAxeClean(page);
      await shot(page, 'audit-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'audit-375');
    },
    JOURNEY,
  );

  it('a cross-site POST to the back office is refused, even with the staff cookie; plain HTTP gets 4xx, never 5xx', async () => {
    const page = await newPage();
    await logIn(page, ownerEmail, owner.secret);
    const cross = await postForm(page, '/beheer/medewerkers', { intent: 'add', name: 'Indringer', email: `evil.${stamp}@example.com`, role: 'owner' }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(cross.status()).toBe(403);
    expect(await cross.text()).toBe('Verzoek geweigerd: het kwam niet van deze website.');
    const logout = await postForm(page, '/beheer/uitloggen', {}, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(logout.status()).toBe(403);
    // Nothing was added.
    await page.goto('/beheer/medewerkers');
    await hydrated(page);
    expect(await page.locator(`tr[data-staff="evil.${stamp}@example.com"]`).count()).toBe(0);
    // The pages are never stored by a cache.
    const res = await page.request.get('/beheer/audit');
    expect(res.headers()['cache-control']).toBe('private, no-store');
    const login = await fetch(new URL('/beheer/inloggen', baseURL()));
    expect(login.headers.get('cache-control')).toBe('private, no-store');
  });
});
