import { describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER, clientKey, SHARED_CLIENT_KEY } from './client-key.ts';

describe('clientKey', () => {
  it('uses the address the server determined', () => {
    expect(clientKey(new Headers({ [CLIENT_IP_HEADER]: '203.0.113.7' }))).toBe('203.0.113.7');
  });

  it('never reads the headers a client can set', () => {
    expect(clientKey(new Headers({ 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '1.2.3.4, 198.51.100.9' }))).toBe(SHARED_CLIENT_KEY);
    expect(clientKey(new Headers({ [CLIENT_IP_HEADER]: ' ' }))).toBe(SHARED_CLIENT_KEY);
  });
});
