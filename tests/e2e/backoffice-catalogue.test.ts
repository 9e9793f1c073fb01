// The catalogue in the back office (/beheer/catalogus, role catalogue): a strain made without JavaScript is
// a draft no shop page shows; published, the shop has it (product page and search); a new slug leaves a 301
// from the old address; a photo upload refuses a text file called .png next to the field and then shows the
// photo in the shop. Axe (on pages that run scripts: axe is one) and screenshots at 1280 and 375 of the list
// and the edit page.
import crypto from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { backofficeShots, staffMember } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 180_000;
const shot = backofficeShots('catalogue-');

describe('catalogue in the back office', () => {
  it(
    'makes a strain without JavaScript, publishes it, renames it (301) and gives it a photo',
    async () => {
      const word = crypto.randomBytes(3).toString('hex');
      const name = `Kiemtest Haze ${word}`;
      const slug = `kiemtest-haze-${word}`;
      const page = await newPage();
      await staffMember(page, `catalogus.${word}@kiemkracht.nl`, 'catalogue', 'Cato Catalogus');

      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Catalogus' }).click();
      await page.waitForURL(/\/beheer\/catalogus$/);
      await hydrated(page);
      // A client-side navigation changes the address before React commits the page: poll.
      await expect.poll(() => page.getByTestId('strain-row').count()).toBeGreaterThan(10);
      await expectAxeClean(page);
      await shot(page, 'list-1280');
      await page.setViewportSize(MOBILE);
      // The list fits a phone: no sideways scrolling of the page.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await shot(page, 'list-375');
      await page.setViewportSize(DESKTOP);

      // Without JavaScript: the same staff session in a browser that runs no scripts.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto('/beheer/catalogus/nieuw');
      // A form with nothing filled in: Dutch messages next to the fields, from the server.
      await plain.getByRole('button', { name: 'Soort aanmaken' }).click();
      await plain.getByTestId('error-name').waitFor();
      expect(await plain.getByTestId('error-name').innerText()).toBe('Dit veld is verplicht.');
      expect(await plain.getByTestId('error-climates').innerText()).toBe('Kies minstens één klimaat.');
      expect(await plain.getByLabel('Naam', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      ignoreErrors(/status of 400/);
      await plain.setViewportSize(MOBILE);
      await shot(plain, 'new-errors-375');
      await plain.setViewportSize(DESKTOP);

      await plain.getByLabel('Naam', { exact: true }).fill(name);
      await plain.getByLabel('Kweker (veredelaar)').fill('Kiemkracht Genetics');
      await plain.getByLabel('Genetica').fill('Amnesia Haze × Skunk #1');
      await plain.getByLabel('Afstamming').fill('Amnesia Haze, Skunk #1');
      await plain.getByLabel('Type', { exact: true }).selectOption('mostly_sativa');
      await plain.getByLabel('Indica-aandeel (%)').fill('30');
      await plain.getByLabel('THC (%)').fill('22,5');
      await plain.getByLabel('CBD (%)').fill('0,5');
      await plain.getByLabel('CBG (%)').fill('0,3');
      await plain.getByLabel('Bloeitijd minimaal (dagen)').fill('63');
      await plain.getByLabel('Bloeitijd maximaal (dagen)').fill('70');
      await plain.getByLabel('Opbrengst binnen (g/m²)').fill('550');
      await plain.getByLabel('Opbrengst buiten (g/plant)').fill('700');
      await plain.getByLabel('Hoogte binnen (cm)').fill('120');
      await plain.getByLabel('Hoogte buiten (cm)').fill('250');
      await plain.getByLabel('Gematigd').check();
      await plain.getByLabel('Mediterraan').check();
      await plain.getByLabel('binnen', { exact: true }).check();
      await plain.getByLabel('Smaken').fill('citrus, kruidig');
      await plain.getByLabel('Terpenen').fill('limoneen, terpinoleen');
      await plain.getByLabel('Effecten').fill('energiek, creatief');
      await plain.getByLabel('Korte omschrijving').fill(`Een frisse sativa met citrus en veel energie (${word}).`);
      await plain.getByLabel('Beschrijving').fill('Een heldere haze met een kruidige afdronk, gemaakt voor de e2e-test van de catalogus.');
      await plain.getByLabel('Verwante soort 1').selectOption({ index: 1 });
      await plain.getByRole('button', { name: 'Soort aanmaken' }).click();
      await plain.waitForURL(/\/beheer\/catalogus\/\d+\?klaar=aangemaakt$/);
      await expect.poll(() => plain.getByText('De soort is aangemaakt.').count()).toBe(1);
      const editPath = new URL(plain.url()).pathname;
      // A draft by default: not in the shop.
      expect((await plain.request.get(`/product/${slug}`)).status()).toBe(404);

      // Published (with JavaScript): the product page and the search have it at once.
      await page.goto(editPath);
      await hydrated(page);
      await page.getByLabel('Gepubliceerd').check();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByText('De soort is opgeslagen.').count()).toBe(1);
      const shopper = await newPage();
      const product = await shopper.goto(`/product/${slug}`);
      expect(product?.status()).toBe(200);
      expect(await shopper.getByRole('heading', { level: 1 }).innerText()).toBe(name);
      await shopper.goto(`/product?q=${encodeURIComponent(name)}`);
      await expect.poll(() => shopper.getByTestId('product-card').filter({ hasText: name }).count()).toBe(1);

      // A new slug: the old address answers 301 to the new one.
      const renamed = `${slug}-nieuw`;
      await page.getByLabel('Slug (adres)').fill(renamed);
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByText('De soort is opgeslagen.').count()).toBe(1);
      await expect.poll(() => page.getByLabel('Slug (adres)').inputValue()).toBe(renamed);
      const old = await shopper.request.get(`/product/${slug}`, {
        maxRedirects: 0,
      });
      expect(old.status()).toBe(301);
      expect(old.headers().location).toBe(`/product/${renamed}`);
      await shopper.goto(`/product/${slug}`);
      expect(new URL(shopper.url()).pathname).toBe(`/product/${renamed}`);

      // A text file called foto.png is refused next to the field; a real photo is stored and shown.
      await page.getByLabel('Nieuwe foto').setInputFiles({
        name: 'foto.png',
        mimeType: 'image/png',
        buffer: Buffer.from('dit is geen afbeelding'),
      });
      await page.getByRole('button', { name: 'Foto uploaden' }).click();
      await expect.poll(() => page.getByTestId('error-file').innerText()).toBe('Dit bestand is geen JPEG-, PNG-, WebP- of AVIF-afbeelding.');
      ignoreErrors(/status of 400/);
      await expectAxeClean(page);
      const photo = await sharp({
        create: { width: 900, height: 900, channels: 3, background: '#2f855a' },
      })
        .composite([
          {
            input: Buffer.from('<svg width="900" height="900"><circle cx="450" cy="450" r="300" fill="#f6e05e"/></svg>'),
          },
        ])
        .png()
        .toBuffer();
      await page.getByLabel('Nieuwe foto').setInputFiles({
        name: 'haze.png',
        mimeType: 'image/png',
        buffer: photo,
      });
      await page.getByRole('button', { name: 'Foto uploaden' }).click();
      await expect.poll(() => page.getByText('De foto is opgeslagen.').count()).toBe(1);
      await page.getByTestId('strain-photo').waitFor();
      await expectAxeClean(page);
      await shot(page, 'edit-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'edit-375');
      await page.setViewportSize(DESKTOP);

      await shopper.goto(`/product/${renamed}`);
      const src = await shopper.getByRole('img', { name }).first().getAttribute('src');
      expect(src).toMatch(/[?&]i=[0-9a-f]{12}/);
      const image = await shopper.request.get(src!, {
        headers: { Accept: 'image/webp' },
      });
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/webp');
      expect(image.headers()['cache-control']).toContain('immutable');
      // The photo, not the artwork: the centre is the yellow circle.
      const served = sharp(await image.body());
      const { width = 0, height = 0 } = await served.metadata();
      const { data } = await served
        .extract({
          left: Math.floor(width / 2) - 5,
          top: Math.floor(height / 2) - 5,
          width: 10,
          height: 10,
        })
        .resize(1, 1)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(data[0]).toBeGreaterThan(200);
      expect(data[2]).toBeLessThan(150);

      // Back to draft: the other suites on this server count the seed's strains (and the shop drops it at once).
      await page.goto(editPath);
      await hydrated(page);
      await page.getByLabel('Concept').check();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect.poll(() => page.getByText('De soort is opgeslagen.').count()).toBe(1);
      expect((await shopper.request.get(`/product/${renamed}`)).status()).toBe(404);
    },
    JOURNEY,
  );
});
