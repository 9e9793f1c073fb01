import { describe, expect, it } from 'vitest';
import { consentValue, NO_CONSENT, parseConsent } from './consent.ts';
import { thirdPartyFromEnv, thirdPartyOrigins } from './consent.server.ts';

describe('consent cookie', () => {
  it('round-trips every choice', () => {
    for (const statistics of [true, false])
      for (const marketing of [true, false]) expect(parseConsent(consentValue({ statistics, marketing }))).toEqual({ decided: true, statistics, marketing });
  });
  it.each([undefined, '', 'v1.s1', 'v2.s1.m1', 'v1.s1.m1;x', 'yes'])('%s is no choice yet', (v) => {
    expect(parseConsent(v)).toEqual(NO_CONSENT);
  });
});

describe('third-party scripts from the environment', () => {
  it('none by default: no script, no origin for the CSP', () => {
    const none = thirdPartyFromEnv({});
    expect(none).toEqual({ tagManager: null, marketing: null });
    expect(thirdPartyOrigins(none)).toEqual([]);
  });
  it('a container id gives Google’s tag manager address; each script’s origin goes to the CSP', () => {
    const s = thirdPartyFromEnv({ TAG_MANAGER_ID: 'GTM-ABC123', MARKETING_SCRIPT_URL: 'https://mail.example/widget.js' });
    expect(s.tagManager).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
    expect(thirdPartyOrigins(s)).toEqual(['https://www.googletagmanager.com', 'https://mail.example']);
  });
  it.each([
    { TAG_MANAGER_ID: 'UA-123' },
    { TAG_MANAGER_ID: 'GTM-ABC123', TAG_MANAGER_URL: 'http://cdn.example/gtm.js' },
    { MARKETING_SCRIPT_URL: 'javascript:alert(1)' },
    { MARKETING_SCRIPT_URL: 'geen adres' },
  ])('refuses %o with a clear start-up error', (env) => {
    expect(() => thirdPartyFromEnv(env)).toThrow();
  });
});
