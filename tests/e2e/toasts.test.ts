// Toasts (Radix Toast): shown after a region change, announced, closable, reachable with F8.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAxeClean, useBrowser } from './browser.ts';
import { chooseRegion, open, openRegionModal, recordAnnouncements, settled, toastRegion, toastSaying, toasts } from './pages.ts';

// eslint-disable-next-line react-hooks/rules-of-hooks -- a Vitest lifecycle helper, not a React hook
const { newPage } = useBrowser();

const UK = 'Je regio is nu Verenigd Koninkrijk.';

async function changeRegionToUk(page: Page) {
  await openRegionModal(page);
  await chooseRegion(page, 'uk');
  return toastSaying(page, UK);
}

describe('toasts', () => {
  it('a region change shows one toast in the "Meldingen (F8)" region and announces it as status', async () => {
    const page = await newPage();
    const announced = await recordAnnouncements(page);
    await open(page, '/faq');
    expect(await toasts(page).count()).toBe(0);
    await changeRegionToUk(page);
    expect(await toastRegion(page).count()).toBe(1);
    expect(await toasts(page).count()).toBe(1);
    expect(await toasts(page).first().innerText()).toContain(UK);
    // Radix announces the toast through a role=status live region.
    await expect.poll(announced).toEqual(expect.arrayContaining([expect.stringContaining(UK)]));
  });

  it('the close button "Melding sluiten" removes the toast', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const toast = await changeRegionToUk(page);
    await toast.getByRole('button', { name: 'Melding sluiten' }).click();
    await expect.poll(() => toasts(page).count()).toBe(0);
  });

  it('the toast closes by itself after a few seconds', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await changeRegionToUk(page);
    // Move the pointer away from the toast so hovering does not pause its timer.
    await page.mouse.move(5, 5);
    await expect.poll(() => toasts(page).count(), { timeout: 15_000 }).toBe(0);
  });

  it('is shown once: a reload does not show it again', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await changeRegionToUk(page);
    await open(page, '/faq');
    // A (wrongly) repeated flash would load the toast's code first: shown by the time the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(await toasts(page).count()).toBe(0);
  });

  it('without a toast the region is not mounted, and F8 does nothing', async () => {
    const page = await newPage();
    await open(page, '/faq');
    // Radix Toast loads with the first toast; until then there is no "Meldingen (F8)" region.
    expect(await toastRegion(page).count()).toBe(0);
    const before = await page.evaluate(() => document.activeElement?.tagName);
    await page.keyboard.press('F8');
    // A region F8 (wrongly) mounted would load the toast's code first: there by the time the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(await toastRegion(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(before);
  });

  it('the region goes away again once the last toast has closed', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const toast = await changeRegionToUk(page);
    await toast.getByRole('button', { name: 'Melding sluiten' }).click();
    await expect.poll(() => toastRegion(page).count()).toBe(0);
  });

  it('F8 with a toast open focuses the viewport, and Tab reaches the toast', async () => {
    const page = await newPage();
    await open(page, '/faq');
    const toast = await changeRegionToUk(page);
    await page.keyboard.press('F8');
    await expect.poll(() => toastRegion(page).evaluate((region) => region.querySelector('ol') === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await toast.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  });

  it('is axe clean with a toast open', async () => {
    const page = await newPage();
    await open(page, '/faq');
    await changeRegionToUk(page);
    // Hovering the toast keeps it open while axe runs.
    await toasts(page).first().hover();
    await settled(page);
    await expectAxeClean(page);
  });
});
