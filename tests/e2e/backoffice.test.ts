// The back office (ADR 026): the first owner made with `npm run staff`, set-up link, password, TOTP
// enrolment with a QR code and recovery codes, a second log-in, staff added by the owner, each role's
// 403s, disabling and revoking, the audit log, cross-site posts refused, axe and screenshots at 375/1280.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, baseURL, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { createAccount, freshEmail } from './accounts.ts';
import { routerIdle } from './pages.ts';
import { placeBankTransferOrder } from './shop.ts';
import { backofficeShots, logIn, PASSWORD, postForm, setupLinkFrom, setUpStaff, staffCli } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 120_000;
const stamp = Date.now();
/** Set by the test that adds them, per attempt: a retry adds its own staff member instead of failing on the first attempt's. */
let ownerEmail = '';

const shot = backofficeShots();

/** The shared set-up journey, with this file's screenshots and console filter. */
const setUp = (page: Page, link: string, opts: { checks?: boolean } = {}) => setUpStaff(page, link, { ...opts, shot, ignoreErrors });

describe('back office', () => {
  let owner: { secret: string; codes: string[] };
  let supportLink = '';
  let supportEmail = '';

  it(
    'the first owner: `npm run staff -- add`, the set-up link, password, TOTP enrolment with a QR code and recovery codes, the dashboard',
    async () => {
      ownerEmail = freshEmail('eigenaar', 'kiemkracht.nl');
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
      expect(await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link').allInnerTexts()).toEqual([
        'Overzicht',
        'Bestellingen',
        'Betalingen controleren',
        'Kiemgarantie',
        'Bankafschriften',
        'Klanten',
        'Catalogus',
        'Voorraad en prijzen',
        'Kortingscodes',
        'Acties',
        'Inhoud',
        'Beoordelingen',
        'Berichten',
        'Nieuwsbrief',
        'Affiliates',
        'Kiempunten',
        'Export',
        'Medewerkers',
        'Auditlog',
      ]);
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
      supportEmail = freshEmail('klantenservice', 'kiemkracht.nl');
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
      expect(await support.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link').allInnerTexts()).toEqual(['Overzicht', 'Bestellingen', 'Kiemgarantie', 'Klanten', 'Beoordelingen', 'Berichten']);
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
      await placeBankTransferOrder(shopper, buyer);
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
      // Plain Dutch: who by name, what as a sentence, changes as "veld: oud → nieuw"; no raw codes or null.
      expect(all.some((r) => /Eva Eigenaar heeft medewerker .* uitgezet/.test(r) && r.includes('actief: ja → nee'))).toBe(true);
      expect(all.some((r) => /De beheer-API heeft medewerker .* toegevoegd/.test(r))).toBe(true);
      expect(all.some((r) => r.includes('Eva Eigenaar is ingelogd') && r.includes('manier: herstelcode'))).toBe(true);
      expect(all.some((r) => r.includes(`Eva Eigenaar heeft een notitie geschreven bij bestelling ${number}`) && r.includes('discrete verpakking'))).toBe(true);
      expect(all.join('\n')).not.toMatch(/\bnull\b|staff\.disable|medewerker #\d/);
      // The raw values behind "Details", for the owner.
      await page.getByText('Details').first().click();
      await expect.poll(() => page.locator('details[open] pre').first().innerText()).toContain('"action"');
      // The filters offer Dutch names, not the stored codes.
      expect(await page.getByLabel('Actie').locator('option', { hasText: 'Medewerker toegevoegd' }).count()).toBe(1);
      expect(await page.getByLabel('Onderdeel').locator('option', { hasText: 'Bestellingen' }).count()).toBe(1);
      expect((await page.getByLabel('Actie').locator('option').allInnerTexts()).join('\n')).not.toMatch(/[a-z]\.[a-z]/);
      await page.getByLabel('Actie').selectOption('staff.add');
      await page.getByRole('button', { name: 'Filteren' }).click();
      await page.waitForURL(/actie=staff.add/);
      await expect.poll(async () => (await rows.allInnerTexts()).every((r) => /heeft medewerker .* toegevoegd/.test(r))).toBe(true);
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

  it(
    'support moderates reviews: the queue, hiding needs a reason (next to the field), hidden from the shop, published again with the shop’s public reply',
    async () => {
      // Its own title per try: a retry must not find the review an earlier try published.
      const title = `Slechte kieming ${stamp}-${Date.now()}`;
      const customer = await newPage();
      await createAccount(customer, freshEmail('recensent'), 'Kees Kritisch');
      const posted = await customer.request.post('/product/skunk-1/beoordelen', {
        form: { rating: '1', title, body: 'Van de vijf zaden kwam er maar één op, en die groeide scheef. Jammer.' },
        headers: { Origin: baseURL() },
        maxRedirects: 0,
      });
      expect(posted.status()).toBeLessThan(400);

      const email = freshEmail('moderator', 'kiemkracht.nl');
      const added = await staffCli('add', email, 'support', 'Mo', 'Moderator');
      const page = await newPage();
      await setUp(page, setupLinkFrom(added.stdout));
      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Beoordelingen' }).click();
      await page.waitForURL(/\/beheer\/beoordelingen$/);
      await hydrated(page);
      const item = page.getByTestId('moderation-review').filter({ hasText: title });
      await expect.poll(() => item.count()).toBe(1);
      expect(await item.innerText()).toContain('Kees K.');
      await expectAxeClean(page);
      await shot(page, 'reviews-1280');

      // Hiding without a reason: the message next to the field, nothing changed.
      await item.getByRole('button', { name: 'Verbergen' }).click();
      await expect.poll(() => item.getByTestId('error-reason').innerText()).toBe('Schrijf waarom je deze beoordeling verbergt.');
      ignoreErrors(/status of 400/);
      await item.getByLabel('Reden om te verbergen').fill('Gaat over kweken, niet over de zaden als souvenir');
      await item.getByRole('button', { name: 'Verbergen' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toBe('De beoordeling is verborgen.');
      await expect.poll(() => item.count()).toBe(0);
      const listing = async () => (await (await fetch(new URL('/beoordelingen?sorteer=nieuwste', baseURL()), { headers: { cookie: 'age_verified=1' } })).text()).includes(title);
      await expect.poll(listing).toBe(false);

      // Each link only once the action's revalidation is done: a navigation that interrupts it aborts its requests.
      await routerIdle(page);
      await page.getByRole('link', { name: /^Verborgen/ }).click();
      await page.waitForURL(/weergave=verborgen/);
      await hydrated(page);
      await expect.poll(() => item.innerText()).toContain('Gaat over kweken, niet over de zaden als souvenir');
      await item.getByRole('button', { name: 'Publiceren' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toBe('De beoordeling staat online.');
      await routerIdle(page);
      await page.getByRole('link', { name: /^Gepubliceerd/ }).click();
      await page.waitForURL(/weergave=gepubliceerd/);
      await hydrated(page);
      await item.getByLabel(/Reactie van Kiemkracht/).fill('Vervelend! Stuur ons een bericht met je bestelnummer, dan sturen we nieuwe zaden.');
      await item.getByRole('button', { name: 'Reactie opslaan' }).click();
      await expect.poll(() => page.getByTestId('form-success').innerText()).toBe('Je reactie is opgeslagen.');
      await page.setViewportSize(MOBILE);
      await shot(page, 'reviews-375');

      // In the shop: the review is back, with the shop's answer under it.
      const shopper = await newPage();
      await shopper.goto('/beoordelingen?sorteer=nieuwste');
      const card = shopper.getByTestId('review').filter({ hasText: title });
      await expect.poll(() => card.getByTestId('shop-reply').innerText()).toMatch(/^Reactie van Kiemkracht\s+Vervelend! Stuur ons een bericht met je bestelnummer, dan sturen we nieuwe zaden\.$/);
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
