// The region modal: open from the footer, change region with and without JavaScript, Europa + country.
import { describe, expect, it } from 'vitest';
import { MOBILE, baseURL, expectAxeClean, screenshot, useBrowser } from './browser.ts';
import { DAY_SECONDS, YEAR_SECONDS, chooseRegion, cookieNamed, open, openRegionModal, regionModal, settled, toastSaying } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const path = (url: string) => new URL(url).pathname + new URL(url).search;

describe('region modal with JavaScript', () => {
  it('opens from the footer link as a dialog with the region choices', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const modal = await openRegionModal(page);
    expect(await modal.getAttribute('role')).toBe('dialog');
    expect(await page.getByRole('dialog', { name: 'Kies je regio' }).count()).toBe(1);
    const select = modal.getByRole('combobox', { name: 'Regio', exact: true });
    expect(await select.inputValue()).toBe('nl');
    const options = await select.locator('option').allInnerTexts();
    for (const o of ['Verenigd Koninkrijk (£)', 'Europa (€)', 'Zwitserland (CHF)']) expect(options).toContain(o);
    expect(await modal.getByRole('combobox', { name: 'Land', exact: true }).count()).toBe(0);
  });

  it('changes the region: cookie, back without ?regio, toast, footer and shipping prices follow', async () => {
    const page = await newPage();
    await open(page, '/verzending-bezorging?x=1');
    await openRegionModal(page);
    await chooseRegion(page, 'uk');

    await expect.poll(() => path(page.url())).toBe('/verzending-bezorging?x=1');
    await expect.poll(() => regionModal(page).count()).toBe(0);
    await toastSaying(page, 'Je regio is nu Verenigd Koninkrijk.');
    expect((await page.getByTestId('open-region').innerText()).trim()).toBe('Verenigd Koninkrijk · GBP');

    const cookie = await cookieNamed(page, 'locale');
    expect(cookie?.value).toBe('uk');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_SECONDS))).toBeLessThan(DAY_SECONDS);
    expect(await cookieNamed(page, 'country')).toBeUndefined();

    // The shipping page (revalidated on the way back) shows the new region's rates.
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /Verenigd Koninkrijk/ }).count()).toBe(1);
    const rows = await page.getByRole('table').locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Verenigd Koninkrijk');
    expect(rows[0]).toContain('£');
    expect(rows[0]).not.toContain('€');

    // And it sticks: a fresh load of another page.
    await open(page, '/');
    expect((await page.getByTestId('open-region').innerText()).trim()).toBe('Verenigd Koninkrijk · GBP');
  });

  it('Europa asks for a country and remembers it', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const modal = await openRegionModal(page);
    await modal.getByRole('combobox', { name: 'Regio', exact: true }).selectOption('en');
    const country = modal.getByRole('combobox', { name: 'Land', exact: true });
    await country.waitFor();
    expect(await country.locator('option').allInnerTexts()).toContain('Spanje');
    await chooseRegion(page, 'en', 'ES');

    await expect.poll(() => path(page.url())).toBe('/faq');
    await toastSaying(page, 'Je regio is nu Europa (Spanje).');
    expect((await cookieNamed(page, 'locale'))?.value).toBe('en');
    expect((await cookieNamed(page, 'country'))?.value).toBe('ES');
    expect((await page.getByTestId('open-region').innerText()).trim()).toBe('Europa · EUR');

    // Reopening shows the saved choice.
    const again = await openRegionModal(page);
    expect(await again.getByRole('combobox', { name: 'Regio', exact: true }).inputValue()).toBe('en');
    expect(await again.getByRole('combobox', { name: 'Land', exact: true }).inputValue()).toBe('ES');
  });

  it('switching away from Europa hides the country select', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const modal = await openRegionModal(page);
    await modal.getByRole('combobox', { name: 'Regio', exact: true }).selectOption('en');
    await modal.getByRole('combobox', { name: 'Land', exact: true }).waitFor();
    await modal.getByRole('combobox', { name: 'Regio', exact: true }).selectOption('ch');
    await expect.poll(() => modal.getByRole('combobox', { name: 'Land', exact: true }).count()).toBe(0);
  });

  it('Escape closes the modal without changing anything and drops ?regio from the address', async () => {
    const page = await newPage();
    await open(page, '/faq?x=1');
    await openRegionModal(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => regionModal(page).count()).toBe(0);
    expect(path(page.url())).toBe('/faq?x=1');
    expect(await cookieNamed(page, 'locale')).toBeUndefined();
  });

  it('the close button closes the modal', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const modal = await openRegionModal(page);
    await modal.getByRole('link', { name: 'Sluiten' }).click();
    await expect.poll(() => regionModal(page).count()).toBe(0);
    expect(path(page.url())).toBe('/faq');
  });

  it('is axe clean while open (mobile), screenshot region-modal-375', async () => {
    const page = await newPage({ viewport: MOBILE });
    await open(page, '/');
    await openRegionModal(page);
    await settled(page);
    await expectAxeClean(page);
    // The footer link keeps the scroll position; show the page from the top with the modal over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'region-modal-375');
  });
});

describe('region modal without JavaScript', () => {
  it('renders on ?regio=1 and a plain form post changes the region', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/verzending-bezorging');
    await page.getByTestId('open-region').click();
    await page.waitForURL((u) => u.searchParams.get('regio') === '1');
    const modal = regionModal(page);
    expect(await modal.isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: 'Kies je regio' }).count()).toBe(1);
    await chooseRegion(page, 'uk');
    await page.waitForURL((u) => u.pathname === '/verzending-bezorging' && !u.searchParams.has('regio'));
    expect((await page.getByTestId('open-region').innerText()).trim()).toBe('Verenigd Koninkrijk · GBP');
    expect(await page.getByRole('table').innerText()).toContain('£');
    expect((await cookieNamed(page, 'locale'))?.value).toBe('uk');
    expect(await regionModal(page).count()).toBe(0);
  });

  it('shows the country select when the current region is Europa, and saves a new country', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.context().addCookies([
      { name: 'locale', value: 'en', url: baseURL() },
      { name: 'country', value: 'ES', url: baseURL() },
    ]);
    await page.goto('/faq?regio=1');
    const country = regionModal(page).getByRole('combobox', { name: 'Land', exact: true });
    expect(await country.isVisible()).toBe(true);
    expect(await country.inputValue()).toBe('ES');
    await chooseRegion(page, 'en', 'PT');
    await page.waitForURL((u) => u.pathname === '/faq' && !u.searchParams.has('regio'));
    expect((await cookieNamed(page, 'country'))?.value).toBe('PT');
    expect((await page.getByTestId('open-region').innerText()).trim()).toBe('Europa · EUR');
  });

  it('does not show the country select for another region', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto('/faq?regio=1');
    await regionModal(page).getByRole('combobox', { name: 'Regio', exact: true }).waitFor();
    expect(await regionModal(page).getByRole('combobox', { name: 'Land', exact: true }).count()).toBe(0);
  });
});
