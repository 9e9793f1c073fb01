// Small shared page objects and facts for the end-to-end tests.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { hydrated } from './browser.ts';

export const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Every live page of the shop, with the name its screenshots get. */
export const LIVE_PAGES = [
  { path: '/', name: 'home' },
  { path: '/faq', name: 'faq' },
  { path: '/sitemap', name: 'sitemap' },
  { path: '/ons-verhaal', name: 'ons-verhaal' },
  { path: '/werk-carriere', name: 'werk-carriere' },
  { path: '/affiliate-programma', name: 'affiliate-programma' },
  { path: '/verzending-bezorging', name: 'verzending-bezorging' },
  { path: '/betalingsverwerking', name: 'betalingsverwerking' },
  { path: '/retourbeleid', name: 'retourbeleid' },
  { path: '/restitutiebeleid', name: 'restitutiebeleid' },
  { path: '/algemene-voorwaarden', name: 'algemene-voorwaarden' },
  { path: '/privacybeleid', name: 'privacybeleid' },
] as const;

/** The eight collections the not-found page offers (name → address). */
export const COLLECTION_LINKS: Record<string, string> = {
  'Hoog THC': '/collecties/hoog-thc',
  Landrace: '/collecties/landrace',
};

export const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const DAY_SECONDS = 24 * 60 * 60;

/** Navigates and waits until React has hydrated; returns the document response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/** Waits until React has attached its handlers to the header, on any page (also error screens). */
export async function interactive(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="open-cart"]');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'));
  });
}

/** Navigates to a page that answers an error status and waits until it is interactive. */
export async function openErrorPage(page: Page, path: string) {
  const response = await page.goto(path);
  await interactive(page);
  return response;
}

/** Resolves when no CSS animation or transition is running (dialogs slide/fade in). */
export async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

export const footer = (page: Page) => page.locator('footer');

export const ageGate = (page: Page) => page.getByTestId('age-gate');

export const regionModal = (page: Page) => page.getByTestId('region-modal');

/** The Radix toast viewport region and the toasts (list items) inside it. */
export const toastRegion = (page: Page) => page.getByRole('region', { name: 'Meldingen (F8)' });
export const toasts = (page: Page) => toastRegion(page).locator('li');

/** Opens the region modal from the footer link (a client-side navigation to ?regio=1). */
export async function openRegionModal(page: Page): Promise<Locator> {
  await page.getByTestId('open-region').click();
  const modal = regionModal(page);
  await modal.waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('regio')).toBe('1');
  return modal;
}

/** Picks a region (and for Europa a country) in the open modal and saves. */
export async function chooseRegion(page: Page, region: string, country?: string) {
  const modal = regionModal(page);
  await modal.getByRole('combobox', { name: 'Regio', exact: true }).selectOption(region);
  if (country) await modal.getByRole('combobox', { name: 'Land', exact: true }).selectOption(country);
  await modal.getByRole('button', { name: 'Opslaan' }).click();
}

/** Records every text a role=status live region announces (Radix' announcer lives only ~1 s). */
export async function recordAnnouncements(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __announced: string[] }).__announced = seen;
    const collect = () => {
      for (const el of document.querySelectorAll('[role="status"]')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    new MutationObserver(collect).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __announced: string[] }).__announced);
}

export async function cookieNamed(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}
