// Cookie consent and the third-party scripts it gates (SPEC §4, §9; ADR 020).

/** `?cookies=1` opens the choice again (the footer's "Cookie-instellingen"). */
export const COOKIE_PARAM = 'cookies';

export type Consent = { decided: boolean; statistics: boolean; marketing: boolean };
export const NO_CONSENT: Consent = { decided: false, statistics: false, marketing: false };

/** The third-party scripts this shop is configured with (environment, read at start-up); null: none. */
export type ThirdPartyScripts = { tagManager: string | null; marketing: string | null };
export const NO_THIRD_PARTY: ThirdPartyScripts = { tagManager: null, marketing: null };

/** SPEC §9: the tag manager loads 3000 ms after the page. */
export const TAG_MANAGER_DELAY_MS = 3000;
/** SPEC §4: the marketing-email script loads on the second route change. */
export const MARKETING_ROUTE_CHANGE = 2;

// Cookie value "v1.s1.m0": a version, then statistics and marketing. Anything else is no choice yet.
const VALUE = /^v1\.s([01])\.m([01])$/;

export function parseConsent(value: string | undefined): Consent {
  const m = value ? VALUE.exec(value) : null;
  return m ? { decided: true, statistics: m[1] === '1', marketing: m[2] === '1' } : NO_CONSENT;
}

export function consentValue(c: Pick<Consent, 'statistics' | 'marketing'>): string {
  return `v1.s${c.statistics ? 1 : 0}.m${c.marketing ? 1 : 0}`;
}
