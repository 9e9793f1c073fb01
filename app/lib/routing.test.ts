import { describe, expect, it } from 'vitest';
import { isSafeRedirectTarget, safeRedirect, stripTrailingSlash, withoutRenewFlag } from './routing.ts';

describe('safeRedirect', () => {
  it('keeps same-site relative paths', () => {
    expect(safeRedirect('/account/orders?page=2#top')).toBe('/account/orders?page=2#top');
  });
  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '/\t/evil.example', '', undefined, 42])(
    'refuses %s',
    (to) => {
      expect(safeRedirect(to, '/home')).toBe('/home');
    },
  );
});

describe('stripTrailingSlash', () => {
  it('removes it and keeps the query', () => {
    expect(stripTrailingSlash('/faq/', '?a=1')).toBe('/faq?a=1');
    expect(stripTrailingSlash('/a/b//', '')).toBe('/a/b');
  });
  it('leaves the root and clean paths alone', () => {
    expect(stripTrailingSlash('/', '')).toBeNull();
    expect(stripTrailingSlash('/faq', '')).toBeNull();
  });
});

describe('withoutRenewFlag', () => {
  it('drops only the flag', () => {
    expect(withoutRenewFlag('/faq', '?renew=true&x=1')).toBe('/faq?x=1');
    expect(withoutRenewFlag('/', '?renew=true')).toBe('/');
  });
});

describe('isSafeRedirectTarget', () => {
  it.each(['/', '/collections/all', '/faq?a=1', 'https://example.org/x', 'http://example.org'])('follows %s', (target) => {
    expect(isSafeRedirectTarget(target)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', '//evil.example', '/\\evil.example', 'https://user:pw@evil.example', ' https://example.org', 'faq', ''])(
    'refuses %s',
    (target) => {
      expect(isSafeRedirectTarget(target)).toBe(false);
    },
  );
});
