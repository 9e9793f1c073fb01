// Content in the back office (/beheer/inhoud, role content): a blog post written with the live preview (the
// server's renderer), saved as a draft (not on /blog), published (on /blog at once); an FAQ entry that /faq and
// the chat bot answer with; a redirect that is followed and a loop that is refused next to its field; the logo's
// alt text changed in the shop's header; a static page edited. Without JavaScript the Voorbeeld button shows the
// preview. Axe and screenshots at 1280 and 375 of every page type. What it changed is put back at the end.
import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { open } from './pages.ts';
import { addStaff, backofficeShots, setupLinkFrom, setUpStaff } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 240_000;
const shot = backofficeShots('content-');

/** Axe at 1280, then screenshots at 1280 and 375. */
async function checkPage(page: Page, name: string) {
  await expectAxeClean(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  await expectAxeClean(page);
  await shot(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
}

describe('content back office', () => {
  it(
    'writes a post with preview and publishes it, adds an FAQ entry and a redirect, changes a setting and a page',
    async () => {
      // Per attempt, so a retry adds its own staff member and post instead of failing on the first attempt's.
      const stamp = `${Date.now()}${crypto.randomBytes(2).toString('hex')}`;
      const word = `kiemtekst${crypto.randomBytes(3).toString('hex')}`;
      const slug = `kiemtest-${stamp}`;
      const added = await addStaff(`inhoud.${stamp}@kiemkracht.nl`, 'content', 'Ilse', 'Inhoud');
      const page = await newPage();
      await setUpStaff(page, setupLinkFrom(added.stdout), { ignoreErrors, shot });
      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Inhoud' }).click();
      await page.waitForURL(/\/beheer\/inhoud$/);
      await hydrated(page);
      // waitForURL resolves when a client-side navigation changes the address, which may be before React commits the page.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Blog');
      await expect.poll(() => page.getByTestId('post-row').count()).toBeGreaterThan(0);
      await checkPage(page, 'posts');

      // A new post: the preview follows the typing, drawn from the server's parse.
      await page.getByRole('link', { name: 'Nieuw bericht' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/blog\/nieuw$/);
      await hydrated(page);
      await page.getByLabel('Titel', { exact: true }).fill(`Zaden bewaren ${word}`);
      await page.getByLabel('Slug (adres)').fill(slug);
      await page.getByLabel('Samenvatting').fill('Zo blijven je zaden jaren goed.');
      await page.getByLabel('Auteur').selectOption({ index: 1 });
      await page.getByLabel('Categorie').selectOption({ index: 1 });
      const body = page.getByLabel('Tekst (Markdown)');
      await body.fill(`## Koel en donker ${word}\n\nBewaar ze **droog**.\n\n- in de koelkast\n- in een blikje\n\n<script>alert(1)</script>`);
      const preview = page.getByTestId('markdown-preview');
      await expect.poll(() => preview.getByRole('heading', { level: 2 }).innerText()).toBe(`Koel en donker ${word}`);
      expect(await preview.locator('strong').innerText()).toBe('droog');
      expect(await preview.getByRole('listitem').count()).toBe(2);
      // Raw HTML stays text.
      expect(await preview.innerText()).toContain('<script>alert(1)</script>');
      await checkPage(page, 'post-editor');

      // Saved as a draft: not on the blog.
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/blog\/\d+\?opgeslagen=1$/);
      await hydrated(page);
      await expect.poll(() => page.getByTestId('form-success').innerText()).toContain('Opgeslagen');
      const editUrl = new URL(page.url()).pathname;
      const shopper = await newPage();
      expect((await shopper.goto(`/blog/${slug}`))?.status()).toBe(404);
      ignoreErrors(/status of 404/);

      // An empty title is refused next to the field; what was typed stays.
      await page.getByLabel('Titel', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByTestId('error-title').innerText()).toBe('Vul een titel in.');
      ignoreErrors(/status of 400/);
      expect(await page.getByLabel('Slug (adres)').inputValue()).toBe(slug);
      await page.getByLabel('Titel', { exact: true }).fill(`Zaden bewaren ${word}`);
      await page.getByLabel('Status').selectOption({ label: 'Gepubliceerd' });
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByTestId('form-success').count()).toBe(1);
      await expect.poll(() => page.getByText('Bekijken in de winkel').count()).toBe(1);

      // On the blog at once (the page cache was dropped).
      await open(shopper, `/blog/${slug}`);
      expect(await shopper.getByRole('heading', { level: 1 }).innerText()).toBe(`Zaden bewaren ${word}`);
      expect(await shopper.getByTestId('post-body').innerText()).toContain('<script>alert(1)</script>');
      await open(shopper, '/blog');
      expect(await shopper.getByRole('main').innerText()).toContain(`Zaden bewaren ${word}`);

      // Without JavaScript the Voorbeeld button shows the preview from the server and saves nothing.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto(editUrl);
      await plain.getByLabel('Tekst (Markdown)').fill(`### Alleen voorbeeld ${word}`);
      await plain.getByRole('button', { name: 'Voorbeeld' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByTestId('markdown-preview').getByRole('heading', { level: 3 }).innerText()).toBe(`Alleen voorbeeld ${word}`);
      expect(await plain.getByLabel('Tekst (Markdown)').inputValue()).toBe(`### Alleen voorbeeld ${word}`);
      await open(shopper, `/blog/${slug}`);
      expect(await shopper.getByTestId('post-body').innerText()).toContain(`Koel en donker ${word}`);

      // Authors and categories.
      await page.getByRole('link', { name: 'Auteurs & categorieën' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/auteurs$/);
      await hydrated(page);
      await expect.poll(() => page.getByTestId('people-row').count()).toBeGreaterThan(2);
      await checkPage(page, 'people');

      // An FAQ entry: on /faq and answered by the chat bot at once.
      await page.getByRole('link', { name: 'FAQ' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/faq$/);
      await hydrated(page);
      const faqForm = page.locator('#faq-new');
      const question = `Verkopen jullie ook ${word}?`;
      await faqForm.getByLabel('Vraag').fill(question);
      await faqForm.getByLabel('Antwoord').fill(`Nee, ${word} verkopen we niet; wel zaden.`);
      await faqForm.getByLabel('Groep').fill('Assortiment');
      // Search words: only the chat bot reads them, so the bot finds the entry by a word its text never uses.
      const searchWord = `snuisterij${word.slice(-6)}`;
      await faqForm.getByLabel('Zoekwoorden').fill(`${searchWord}, cadeautje`);
      await faqForm.getByRole('button', { name: 'Vraag toevoegen' }).click();
      await expect.poll(() => page.getByTestId('faq-item').filter({ hasText: question }).count()).toBe(1);
      const faqItem = page.getByTestId('faq-item').filter({ hasText: question });
      await faqItem.getByText('Bewerken').click();
      expect(await faqItem.getByLabel('Zoekwoorden').inputValue()).toBe(`${searchWord}, cadeautje`);
      await checkPage(page, 'faq');
      await open(shopper, '/faq');
      expect(await shopper.getByRole('main').innerText()).toContain(question);
      expect(await shopper.content()).not.toContain(searchWord);
      const ask = async (message: string) => {
        const chat = await shopper.request.post('/api/chat', { data: { message }, headers: { Origin: new URL(shopper.url()).origin } });
        return ((await chat.json()) as { text: string[] }).text.join(' ');
      };
      expect(await ask(`verkopen jullie ${word}`)).toContain(`Nee, ${word} verkopen we niet`);
      expect(await ask(`hebben jullie ${searchWord}`)).toContain(`Nee, ${word} verkopen we niet`);

      // Without JavaScript: a term over 60 characters is refused next to the field, a good list is saved.
      await plain.goto('/beheer/inhoud/faq');
      const plainItem = plain.getByTestId('faq-item').filter({ hasText: question });
      await plainItem.getByText('Bewerken').click();
      await plainItem.getByLabel('Zoekwoorden').fill(`${searchWord}, ${'x'.repeat(61)}`);
      await plainItem.getByRole('button', { name: 'Opslaan' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByTestId('faq-item').filter({ hasText: question }).innerText()).toContain('hoogstens 60 tekens');
      await plain.getByTestId('faq-item').filter({ hasText: question }).getByLabel('Zoekwoorden').fill(`${searchWord}, prulletje`);
      await plain.getByTestId('faq-item').filter({ hasText: question }).getByRole('button', { name: 'Opslaan' }).click();
      await plain.waitForLoadState();
      await plain.getByTestId('faq-item').filter({ hasText: question }).getByText('Bewerken').click();
      expect(await plain.getByTestId('faq-item').filter({ hasText: question }).getByLabel('Zoekwoorden').inputValue()).toBe(`${searchWord}, prulletje`);

      // A redirect: a loop (A→B, then B→A) is refused next to its field; the rule is followed at once.
      await page.getByRole('link', { name: 'Doorverwijzingen' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/doorverwijzingen$/);
      await hydrated(page);
      const from = `/oud-${slug}`;
      await page.getByLabel('Van (pad)').fill(from);
      await page.getByLabel('Naar', { exact: true }).fill(`/blog/${slug}`);
      await page.getByRole('button', { name: 'Doorverwijzing toevoegen' }).click();
      await expect.poll(() => page.getByTestId('redirect-row').filter({ hasText: from }).count()).toBe(1);
      await page.getByLabel('Van (pad)').fill(`/blog/${slug}`);
      await page.getByLabel('Naar', { exact: true }).fill(from);
      await page.getByRole('button', { name: 'Doorverwijzing toevoegen' }).click();
      await expect.poll(() => page.getByTestId('error-target').innerText()).toContain('verwijst al terug naar dit adres: dat wordt een lus.');
      ignoreErrors(/status of 400/);
      await checkPage(page, 'redirects');
      await shopper.goto(from);
      await hydrated(shopper);
      expect(new URL(shopper.url()).pathname).toBe(`/blog/${slug}`);

      // A setting: the logo's alt text, in the shop's header at once.
      await page.getByRole('link', { name: 'Instellingen' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/instellingen$/);
      await hydrated(page);
      const alt = page.getByLabel('Alt-tekst van het logo');
      const oldAlt = await alt.inputValue();
      await alt.fill('');
      await page.getByRole('button', { name: 'Alt-tekst opslaan' }).click();
      await expect.poll(() => page.getByTestId('error-logoAlt').innerText()).toBe('Vul een alt-tekst in.');
      ignoreErrors(/status of 400/);
      await alt.fill(`Kiemkracht ${word}`);
      await page.getByRole('button', { name: 'Alt-tekst opslaan' }).click();
      await expect.poll(() => page.getByTestId('form-success').count()).toBe(1);
      await checkPage(page, 'settings');
      await open(shopper, '/');
      expect(await shopper.locator('header').getByRole('link', { name: `Kiemkracht ${word}` }).count()).toBe(1);

      // A static page: edited with its preview, shown at once.
      await page.getByRole('link', { name: "Pagina's" }).click();
      await page.waitForURL(/\/beheer\/inhoud\/paginas$/);
      await hydrated(page);
      await checkPage(page, 'pages');
      await page.getByRole('link', { name: 'Werken bij Kiemkracht' }).click();
      await page.waitForURL(/\/beheer\/inhoud\/paginas\/werk-carriere$/);
      await hydrated(page);
      const pageBody = page.getByLabel('Tekst (Markdown)');
      const oldBody = await pageBody.inputValue();
      await pageBody.fill(`${oldBody}\n\n## Open sollicitatie ${word}\n\nStuur ons een mail.`);
      await expect.poll(() => page.getByTestId('markdown-preview').getByRole('heading', { name: `Open sollicitatie ${word}` }).count()).toBe(1);
      await checkPage(page, 'page-editor');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.waitForURL(/opgeslagen=1$/);
      await hydrated(page);
      await open(shopper, '/werk-carriere');
      await expect.poll(() => shopper.getByRole('heading', { name: `Open sollicitatie ${word}` }).count()).toBe(1);

      // Put back what the journey changed, so the other suites see the seeded shop.
      await page.getByLabel('Tekst (Markdown)').fill(oldBody);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.waitForURL(/opgeslagen=1$/);
      await open(page, '/beheer/inhoud/instellingen');
      await page.getByLabel('Alt-tekst van het logo').fill(oldAlt);
      await page.getByRole('button', { name: 'Alt-tekst opslaan' }).click();
      await expect.poll(() => page.getByTestId('form-success').count()).toBe(1);
      await open(page, '/beheer/inhoud/doorverwijzingen');
      await page.getByRole('button', { name: `Verwijderen: ${from}` }).click();
      await expect.poll(() => page.getByTestId('redirect-row').filter({ hasText: from }).count()).toBe(0);
      await open(page, '/beheer/inhoud/faq');
      const item = page.getByTestId('faq-item').filter({ hasText: question });
      await item.getByText('Bewerken').click();
      await item.getByRole('button', { name: 'Verwijderen' }).click();
      await expect.poll(() => page.getByTestId('faq-item').filter({ hasText: question }).count()).toBe(0);
      await open(page, editUrl);
      await page.getByLabel('Status').selectOption({ label: 'Concept' });
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByTestId('form-success').count()).toBe(1);
      expect((await shopper.goto(`/blog/${slug}`))?.status()).toBe(404);
      ignoreErrors(/status of 404/);
    },
    JOURNEY,
  );
});
