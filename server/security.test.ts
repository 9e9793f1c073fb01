import { describe, expect, it } from 'vitest';
import { isCrossSiteRequest } from './security.ts';

describe('CSRF check', () => {
  const host = 'shop.example';
  it('lets safe methods through', () => {
    expect(isCrossSiteRequest('GET', { secFetchSite: 'cross-site', host })).toBe(false);
  });
  it('blocks a cross-site POST by Sec-Fetch-Site', () => {
    expect(isCrossSiteRequest('POST', { secFetchSite: 'cross-site', host })).toBe(true);
    expect(isCrossSiteRequest('POST', { secFetchSite: 'same-site', host })).toBe(true);
  });
  it('allows same-origin and user-initiated', () => {
    expect(isCrossSiteRequest('POST', { secFetchSite: 'same-origin', origin: 'https://shop.example', host })).toBe(false);
    expect(isCrossSiteRequest('POST', { secFetchSite: 'none', host })).toBe(false);
  });
  it('blocks a foreign or opaque Origin', () => {
    expect(isCrossSiteRequest('POST', { origin: 'https://evil.example', host })).toBe(true);
    expect(isCrossSiteRequest('DELETE', { origin: 'null', host })).toBe(true);
    expect(isCrossSiteRequest('POST', { origin: 'not a url', host })).toBe(true);
  });
  it('accepts the public host behind a proxy', () => {
    expect(isCrossSiteRequest('POST', { origin: 'https://kiemkracht.nl', host: '127.0.0.1:3000' }, 'kiemkracht.nl')).toBe(false);
  });
  it('lets requests without browser headers through', () => {
    expect(isCrossSiteRequest('POST', { host })).toBe(false);
  });
});
