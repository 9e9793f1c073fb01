import { describe, expect, it } from 'vitest';
import { clientKey, SHARED_CLIENT_KEY } from './client-key.ts';

describe('clientKey', () => {
  it('uses the address the proxy set', () => {
    expect(clientKey(new Headers({ 'x-real-ip': '203.0.113.7' }))).toBe('203.0.113.7');
    expect(clientKey(new Headers({ 'x-real-ip': '203.0.113.7', 'x-forwarded-for': '10.0.0.1' }))).toBe('203.0.113.7');
  });

  it('takes the last X-Forwarded-For entry: earlier ones are whatever the client sent', () => {
    expect(clientKey(new Headers({ 'x-forwarded-for': '1.2.3.4, 198.51.100.9' }))).toBe('198.51.100.9');
    expect(clientKey(new Headers({ 'x-forwarded-for': '198.51.100.9' }))).toBe('198.51.100.9');
  });

  it('falls back to one shared bucket without a proxy header', () => {
    expect(clientKey(new Headers())).toBe(SHARED_CLIENT_KEY);
    expect(clientKey(new Headers({ 'x-forwarded-for': ' ' }))).toBe(SHARED_CLIENT_KEY);
  });
});
