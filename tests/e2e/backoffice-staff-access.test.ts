// The staff log-in without JavaScript (ADR 026, ADR 055): each step is a plain form posted as a document.
// The set-up link, the password, the authenticator's first code: the recovery codes are on that answer and
// its new session cookie with them; the back office opens. Later the password and a code log in again.
// Also the dashboard of roles without orders.view (no order data, the way to their own pages) and who may add
// which redirect rule: the owner's list of other sites, content staff refused /inloggen and other sites (ADR 055).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { addStaff, freshCode, PASSWORD, setupLinkFrom, staffMember } from './staff.ts';
import { freshEmail } from './accounts.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 90_000;
const staffCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'kk_staff');
const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();

describe('staff access: the log-in without JavaScript, page data and redirect rules by role', () => {
  it(
    'set-up link → password → first code: the ten recovery codes once and a session; the back office opens; a later log-in with password and code',
    async () => {
      const email = freshEmail('zonder-js', 'kiemkracht.nl');
      const added = await addStaff(email, 'catalogue', 'Zoë', 'Zonder');
      const page = await newPage({ javaScriptEnabled: false });

      await page.goto(setupLinkFrom(added.stdout));
      // No script runs: the page is never hydrated.
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      await page.getByLabel('Nieuw wachtwoord').fill(PASSWORD);
      await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await page.waitForURL(/\/beheer\/inloggen\/code$/);
      const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const firstStage = await staffCookie(page);
      expect(firstStage).toBeTruthy();

      // The first code: the answer is the page with the codes (not a redirect to the log-in), with the new cookie.
      await page.getByRole('textbox', { name: 'Code' }).fill(await freshCode(secret));
      const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/beheer/inloggen/code')), page.getByRole('button', { name: 'Koppelen en inloggen' }).click()]);
      expect(answer.status()).toBe(200);
      expect(await answer.headerValue('set-cookie')).toMatch(/^kk_staff=/);
      await page.getByTestId('recovery-codes').waitFor();
      const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map((c) => c.trim());
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      const full = await staffCookie(page);
      expect(full?.value).toBeTruthy();
      expect(full?.value).not.toBe(firstStage?.value);

      await page.getByRole('link', { name: /naar beheer/ }).click();
      await page.waitForURL(/\/beheer\/overzicht$/);
      expect(await heading(page)).toBe('Overzicht');
      // A catalogue member's dashboard: no orders, takings or customers, but the way to its own pages.
      expect(await page.getByRole('heading', { name: 'Laatste bestellingen' }).count()).toBe(0);
      expect(await page.getByTestId('dashboard-links').getByRole('link').allInnerTexts()).toEqual(['Catalogus', 'Voorraad en prijzen', 'Kortingscodes', 'Acties']);
      // Shown once: the code page now only says the visitor is logged in.
      await page.goto('/beheer/inloggen/code');
      expect(await page.getByTestId('recovery-codes').count()).toBe(0);
      expect(await page.getByRole('link', { name: /naar beheer/ }).count()).toBe(1);

      // A later log-in, still without JavaScript: password, then a code from the app.
      const again = await newPage({ javaScriptEnabled: false });
      await again.goto('/beheer/catalogus');
      await again.waitForURL(/\/beheer\/inloggen\?terug=%2Fbeheer%2Fcatalogus$/);
      await again.getByLabel('E-mailadres').fill(email);
      await again.getByLabel('Wachtwoord').fill(PASSWORD);
      await again.getByRole('button', { name: 'Verder' }).click();
      await again.waitForURL(/\/beheer\/inloggen\/code\?terug=%2Fbeheer%2Fcatalogus$/);
      expect(await again.getByTestId('totp-secret').count()).toBe(0);
      await again.getByRole('textbox', { name: 'Code' }).fill(await freshCode(secret));
      await again.getByRole('button', { name: 'Inloggen' }).click();
      // The catalogue's photos may keep the load event waiting; the document is what counts here.
      await again.waitForURL(/\/beheer\/catalogus$/, { waitUntil: 'domcontentloaded' });
      expect(await heading(again)).toBe('Catalogus');
    },
    JOURNEY,
  );

  it('the content role’s dashboard (with JavaScript): its own pages, no order data; accessible', async () => {
    const page = await newPage();
    await staffMember(page, 'inhoud-overzicht@kiemkracht.nl', 'content', 'Ilse Overzicht');
    await hydrated(page);
    expect(await page.getByRole('heading', { name: 'Laatste bestellingen' }).count()).toBe(0);
    expect(await page.getByRole('main').innerText()).not.toMatch(/@|KK-|€/);
    expect(await page.getByTestId('dashboard-links').getByRole('link').allInnerTexts()).toEqual(['Inhoud', 'Nieuwsbrief']);
    await expectAxeClean(page);
  });

  it('redirects: the owner keeps the list of other sites (errors next to the field); content staff cannot take over /inloggen nor send visitors to a site not on it', async () => {
    const owner = await newPage();
    await staffMember(owner, 'eigenaar-domeinen@kiemkracht.nl', 'owner', 'Olga Eigenaar');
    await owner.goto('/beheer/inhoud/instellingen');
    await hydrated(owner);
    const hosts = owner.getByLabel('Toegestane domeinen');
    await hosts.fill('https://werken.voorbeeld.nl/vacatures');
    await owner.getByRole('button', { name: 'Domeinen opslaan' }).click();
    await expect.poll(() => owner.getByTestId('error-hosts').innerText()).toContain('is geen domeinnaam');
    ignoreErrors(/status of 400/);
    await hosts.fill('werken.voorbeeld.nl');
    await owner.getByRole('button', { name: 'Domeinen opslaan' }).click();
    await expect.poll(() => owner.getByTestId('form-success').count()).toBe(1);
    await expectAxeClean(owner);

    const editor = await newPage();
    await staffMember(editor, 'inhoud-doorverwijzing@kiemkracht.nl', 'content', 'Ilse Doorverwijzing');
    await editor.goto('/beheer/inhoud/doorverwijzingen');
    await hydrated(editor);
    expect(await editor.getByText('werken.voorbeeld.nl', { exact: false }).count()).toBeGreaterThan(0);
    const add = async (from: string, to: string) => {
      await editor.getByLabel('Van (pad)').fill(from);
      await editor.getByLabel('Naar', { exact: true }).fill(to);
      await editor.getByRole('button', { name: 'Doorverwijzing toevoegen' }).click();
    };
    await add('/inloggen', 'https://evil.example/phish');
    await expect.poll(() => editor.getByTestId('error-fromPath').innerText()).toContain('kan niet worden doorverwezen');
    const from = `/werk-${Date.now()}`;
    await add(from, 'https://evil.example/phish');
    await expect.poll(() => editor.getByTestId('error-target').innerText()).toContain('alleen de eigenaar');
    ignoreErrors(/status of 400/);
    await add(from, 'https://werken.voorbeeld.nl/vacatures');
    await expect.poll(() => editor.getByTestId('redirect-row').filter({ hasText: from }).count()).toBe(1);
    await expectAxeClean(editor);

    // Put back what the test changed.
    await editor.getByRole('button', { name: `Verwijderen: ${from}` }).click();
    await expect.poll(() => editor.getByTestId('redirect-row').filter({ hasText: from }).count()).toBe(0);
    await hosts.fill('');
    await owner.getByRole('button', { name: 'Domeinen opslaan' }).click();
    await expect.poll(() => hosts.inputValue()).toBe('');
  }, JOURNEY);
});
