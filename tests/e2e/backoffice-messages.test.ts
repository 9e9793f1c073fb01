// The contact messages inbox (/beheer/berichten, role support): a message sent through /contact about a
// real order shows in the inbox with the order linked; an empty answer gets its message next to the field;
// an answer goes out by mail (order number in the subject, their message quoted, Reply-To support) and
// the message moves to Beantwoord; closed and reopened. Axe and screenshots at 1280 and 375.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mailTo } from './accounts.ts';
import { DESKTOP, MOBILE, expectAxeClean, hydrated, useBrowser } from './browser.ts';
import { emailField, open } from './pages.ts';
import { placeBankTransferOrder } from './shop.ts';
import { addStaff, backofficeShots, setupLinkFrom, setUpStaff } from './staff.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage, ignoreErrors } = useBrowser();

const JOURNEY = 150_000;
const SUPPORT = 'klantenservice@kiemkracht.nl';

const shot = backofficeShots('messages-');

describe('contact messages inbox', () => {
  it(
    'support answers a contact message by mail, it moves to Beantwoord, is closed and reopened',
    async () => {
      // Per attempt, so a retry adds its own staff member instead of failing on the first attempt's.
      const stamp = `${Date.now()}${crypto.randomBytes(2).toString('hex')}`;
      const word = `kiemvraag${crypto.randomBytes(4).toString('hex')}`;
      const customer = `bericht.klant.${stamp}@example.com`;

      // A customer orders, then asks about the order through the contact form.
      const shopper = await newPage();
      const number = await placeBankTransferOrder(shopper, customer);
      await open(shopper, '/contact');
      await shopper.getByLabel('Naam', { exact: true }).fill('Sanne de Vries');
      await emailField(shopper).fill(customer);
      await shopper.getByLabel('Onderwerp').selectOption({ label: 'Bestelling & levering' });
      await shopper.getByLabel(/^Bestelnummer/).fill(number);
      await shopper.getByLabel('Je bericht').fill(`Wanneer wordt mijn bestelling verstuurd? ${word}\nGroetjes, Sanne`);
      await shopper.getByRole('button', { name: 'Bericht versturen' }).click();
      await shopper.waitForURL((url) => url.searchParams.get('verzonden') === '1');

      const added = await addStaff(`berichten.support.${stamp}@kiemkracht.nl`, 'support', 'Sam', 'Support');
      const page = await newPage();
      await setUpStaff(page, setupLinkFrom(added.stdout), { ignoreErrors, shot });
      await page.getByRole('navigation', { name: 'Beheermenu' }).first().getByRole('link', { name: 'Berichten' }).click();
      await page.waitForURL(/\/beheer\/berichten$/);
      await hydrated(page);
      const item = page.getByTestId('inbox-message').filter({ hasText: word });
      await item.waitFor();
      const text = await item.innerText();
      expect(text).toContain('Sanne de Vries');
      expect(text).toContain(customer);
      expect(await item.getByRole('link', { name: number }).getAttribute('href')).toBe(`/beheer/bestellingen/${number}`);
      expect(await page.getByRole('link', { name: /^Nieuw/ }).getAttribute('aria-current')).toBe('page');
      await expectAxeClean(page);
      await shot(page, 'inbox-1280');

      // An empty answer: the message next to the field, nothing sent (the refused submit answers 400).
      await item.getByRole('button', { name: 'Antwoord versturen' }).click();
      await expect.poll(() => item.getByTestId('error-body').innerText()).toBe('Schrijf een antwoord.');
      ignoreErrors(/status of 400/);
      expect(await item.getByLabel('Antwoord aan de klant').getAttribute('aria-invalid')).toBe('true');
      await expectAxeClean(page);
      await page.setViewportSize(MOBILE);
      await shot(page, 'inbox-error-375');
      await page.setViewportSize(DESKTOP);

      await item.getByLabel('Antwoord aan de klant').fill(`Hoi Sanne, je bestelling gaat morgen op de post. ${word}-antwoord`);
      await item.getByRole('button', { name: 'Antwoord versturen' }).click();
      await expect.poll(() => page.getByText('Je antwoord is verstuurd').count()).toBe(1);
      await shot(page, 'sent-1280');
      // It left the Nieuw view.
      await expect.poll(() => page.getByTestId('inbox-message').filter({ hasText: word }).count()).toBe(0);

      const mail = await mailTo(customer, `${word}-antwoord`);
      expect(mail).toMatch(new RegExp(`^Subject: Re: je bericht over bestelling ${number}$`, 'm'));
      expect(mail).toMatch(new RegExp(`^Reply-To: ${SUPPORT}$`, 'm'));
      expect(mail).toContain(`> Wanneer wordt mijn bestelling verstuurd? ${word}`);
      expect(mail).toContain('Sam Support, klantenservice Kiemkracht');

      await page.getByRole('link', { name: /^Beantwoord/ }).click();
      await page.waitForURL(/weergave=beantwoord/);
      const answered = page.getByTestId('inbox-message').filter({ hasText: word });
      await answered.waitFor();
      expect(await answered.innerText()).toContain('je bestelling gaat morgen op de post');
      await expectAxeClean(page);
      await shot(page, 'answered-1280');
      await page.setViewportSize(MOBILE);
      await shot(page, 'answered-375');
      await page.setViewportSize(DESKTOP);

      await answered.getByRole('button', { name: 'Sluiten' }).click();
      await expect.poll(() => page.getByText('Het bericht is gesloten.').count()).toBe(1);
      await page.getByRole('link', { name: /^Gesloten/ }).click();
      await page.waitForURL(/weergave=gesloten/);
      const closed = page.getByTestId('inbox-message').filter({ hasText: word });
      await closed.getByRole('button', { name: 'Weer openen' }).click();
      await expect.poll(() => page.getByText('Het bericht staat weer open.').count()).toBe(1);
      await page.goto('/beheer/berichten?weergave=beantwoord');
      await page.getByTestId('inbox-message').filter({ hasText: word }).waitFor();

      // Without JavaScript the forms work as plain posts: an empty answer is refused next to the field, closing works.
      const plain = await newPage({ javaScriptEnabled: false });
      await plain.context().addCookies(await page.context().cookies());
      await plain.goto('/beheer/berichten?weergave=beantwoord');
      const noJs = plain.getByTestId('inbox-message').filter({ hasText: word });
      await noJs.getByRole('button', { name: 'Antwoord versturen' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByTestId('inbox-message').filter({ hasText: word }).getByTestId('error-body').innerText()).toBe('Schrijf een antwoord.');
      ignoreErrors(/status of 400/);
      await plain.getByTestId('inbox-message').filter({ hasText: word }).getByRole('button', { name: 'Sluiten' }).click();
      await plain.waitForLoadState();
      expect(await plain.getByText('Het bericht is gesloten.').count()).toBe(1);
    },
    JOURNEY,
  );
});
