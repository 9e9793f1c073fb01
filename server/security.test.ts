import { once } from 'node:events';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCrossSiteRequest, isDirectLocal, metricsAccess } from './security.ts';

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

describe('/metrics access', () => {
  const TOKEN = 'metrics-token-0123456789abcdef-0123456789';
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    // As behind PUBLIC_URL: a step before drops X-Forwarded-Host (server/app.ts).
    app.use((req, _res, next) => {
      delete req.headers['x-forwarded-host'];
      next();
    });
    app.get('/metrics', metricsAccess(TOKEN), (_req, res) => void res.send('metrics'));
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const status = async (headers: Record<string, string> = {}) => (await fetch(url, { headers })).status;

  it('answers a request from this machine that no proxy passed on', async () => {
    expect(await status()).toBe(200);
  });

  it.each([
    ['Forwarded', 'for=203.0.113.5'],
    ['X-Forwarded-For', '203.0.113.5'],
    ['X-Forwarded-Host', 'kiemkracht.nl'],
    ['X-Forwarded-Proto', 'https'],
    ['X-Real-IP', '203.0.113.5'],
    ['Via', '1.1 proxy'],
  ])('through a proxy on this machine that sends only %s: not found, unless with the token', async (name, value) => {
    expect(await status({ [name]: value })).toBe(404);
    expect(await status({ [name]: value, Authorization: 'Bearer wrong-token-wrong-token-wrong-token' })).toBe(404);
    expect(await status({ [name]: value, Authorization: `Bearer ${TOKEN}` })).toBe(200);
  });

  it('another machine needs the token', () => {
    expect(isDirectLocal('203.0.113.5', [])).toBe(false);
    expect(isDirectLocal('::ffff:127.0.0.1', ['Host', 'x'])).toBe(true);
    expect(isDirectLocal('::1', ['x-forwarded-port', '443'])).toBe(false);
  });
});
