import { describe, expect, it } from 'vitest';
import { sitePages } from '~/site-pages.ts';
import { canonicalPath, isOwnerOnlyPath, isReservedPath, redirectProblem, type RedirectScope } from './redirect-rules.ts';

const OWNER: RedirectScope = { everything: true, allowedHosts: [] };
const CONTENT: RedirectScope = { everything: false, allowedHosts: ['werken.voorbeeld.nl'] };

describe('canonicalPath', () => {
  it.each([
    ['/inloggen', '/inloggen'],
    ['/Inloggen', '/inloggen'],
    ['/inloggen/', '/inloggen'],
    ['/%69nloggen', '/inloggen'],
    ['/%2569nloggen', '/inloggen'],
    ['/a/../inloggen', '/inloggen'],
    ['/%2e%2e/inloggen', '/inloggen'],
    ['//inloggen', '/inloggen'],
    ['/\\inloggen', '/inloggen'],
    ['/BEHEER/x/', '/beheer/x'],
    ['/', '/'],
    ['/100%', '/100%'],
  ])('%s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });
});

describe('reserved paths: no rule for anyone', () => {
  // The customer's pages of the issue, the payment return, webhooks, the back office, the API and metrics.
  const reserved = [
    '/inloggen',
    '/checkout',
    '/account',
    '/account/orders/KK-1',
    '/wachtwoord-herstellen',
    '/wachtwoord-vergeten',
    '/besteloverzicht',
    '/order-status',
    '/registreren',
    '/registreren/bevestigen',
    '/api/betalingen/mollie/webhook',
    '/api/search',
    '/betalen/sandbox/x',
    '/beheer',
    '/beheer/x',
    '/metric/referral',
    '/metrics',
    '/uitloggen',
    '/nieuwsbrief/afmelden',
    '/',
    '/faq.data',
  ];
  it.each(reserved)('%s', (path) => {
    expect(isReservedPath(path)).toBe(true);
    expect(redirectProblem([], { fromPath: path, target: '/blog' }, OWNER)?.field).toBe('fromPath');
  });

  it.each(['/Inloggen', '/%69nloggen', '/%2569nloggen', '/CHECKOUT', '/Beheer/x', '/%62eheer', '/a/../account', '/API/search', '/Metric/referral'])('also written as %s', (path) => {
    expect(isReservedPath(path)).toBe(true);
    // The form's own check refuses some spellings as paths; none passes.
    const problem = redirectProblem([], { fromPath: path, target: 'https://evil.example/phish' }, OWNER);
    expect(problem?.field).toBe('fromPath');
    expect(['reserved', 'path']).toContain(problem?.problem);
  });

  it('the list follows site-pages.ts: every page marked "nobody" is reserved with what is below it', () => {
    const marked = sitePages.filter((p) => p.redirectable === 'nobody');
    expect(marked.map((p) => p.path)).toEqual(expect.arrayContaining(['/inloggen', '/checkout', '/account', '/wachtwoord-herstellen', '/besteloverzicht', '/order-status', '/registreren']));
    for (const p of marked) {
      expect(isReservedPath(p.path)).toBe(true);
      expect(isReservedPath(`${p.path}/x`)).toBe(true);
    }
  });

  it('content paths, old slugs and unknown addresses are not reserved', () => {
    for (const path of ['/blog', '/blog/oud-bericht', '/ons-verhaal', '/product/oude-slug', '/collecties/oud', '/collections', '/test123', '/inloggen-tips', '/accounting']) {
      expect(isReservedPath(path), path).toBe(false);
    }
  });
});

describe('who may add which rule', () => {
  it('a content editor: content paths to pages of the shop', () => {
    for (const fromPath of ['/blog/oud', '/werk-carriere', '/product/oude-slug', '/collecties/oude-collectie', '/oude-pagina', '/faq']) {
      expect(redirectProblem([], { fromPath, target: '/blog' }, CONTENT), fromPath).toBeNull();
    }
  });

  it('a content editor: the shop’s working pages are the owner’s', () => {
    for (const fromPath of ['/product', '/collecties', '/seedfinder', '/contact', '/Seedfinder']) {
      expect(isOwnerOnlyPath(fromPath)).toBe(true);
      expect(redirectProblem([], { fromPath, target: '/blog' }, CONTENT), fromPath).toEqual({ field: 'fromPath', problem: 'ownerOnly' });
      expect(redirectProblem([], { fromPath, target: '/blog' }, OWNER), fromPath).toBeNull();
    }
  });

  it('another site: the owner anywhere (https), a content editor only to the exact hosts on the owner’s list', () => {
    const rule = (target: string) => ({ fromPath: '/werk', target });
    expect(redirectProblem([], rule('https://evil.example/phish'), CONTENT)).toEqual({ field: 'target', problem: 'external' });
    expect(redirectProblem([], rule('https://evil.example/phish'), OWNER)).toBeNull();
    expect(redirectProblem([], rule('https://werken.voorbeeld.nl/vacatures'), CONTENT)).toBeNull();
    expect(redirectProblem([], rule('https://WERKEN.voorbeeld.nl/x'), CONTENT)).toBeNull();
    for (const target of ['https://voorbeeld.nl/', 'https://x.werken.voorbeeld.nl/', 'https://werken.voorbeeld.nl.evil.example/', 'https://werken.voorbeeld.nl@evil.example/']) {
      expect(redirectProblem([], rule(target), CONTENT)?.field, target).toBe('target');
    }
    expect(redirectProblem([], rule('http://werken.voorbeeld.nl/'), CONTENT)).toEqual({ field: 'target', problem: 'https' });
  });
});
