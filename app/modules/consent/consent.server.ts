// Reading the third-party scripts from the environment, and the CSP origins they need (server only).
import type { ThirdPartyScripts } from './consent.ts';

/** The origins the CSP must allow for the configured scripts (nothing when none is configured). */
export function thirdPartyOrigins(scripts: ThirdPartyScripts): string[] {
  return [...new Set(Object.values(scripts).flatMap((src) => (src ? [new URL(src).origin] : [])))];
}

/**
 * Reads the scripts from the environment. A tag manager needs its container id (GTM-…); its script
 * address defaults to Google's. Addresses must be https (http only for a local address, as in tests).
 */
export function thirdPartyFromEnv(env: NodeJS.ProcessEnv): ThirdPartyScripts {
  const url = (name: string, value: string | undefined): string | null => {
    if (!value) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new Error(`${name} is geen geldig adres: ${value}`);
    }
    const local = parsed.hostname === '127.0.0.1' || parsed.hostname === 'localhost';
    if (parsed.protocol !== 'https:' && !(local && parsed.protocol === 'http:')) throw new Error(`${name} moet een https-adres zijn: ${value}`);
    return parsed.toString();
  };
  const id = env.TAG_MANAGER_ID?.trim();
  if (id && !/^GTM-[A-Z0-9]{4,12}$/.test(id)) throw new Error(`TAG_MANAGER_ID moet een containercode als GTM-ABC123 zijn: ${id}`);
  const gtm = url('TAG_MANAGER_URL', env.TAG_MANAGER_URL || 'https://www.googletagmanager.com/gtm.js')!;
  return {
    tagManager: id ? `${gtm}${gtm.includes('?') ? '&' : '?'}id=${encodeURIComponent(id)}` : null,
    marketing: url('MARKETING_SCRIPT_URL', env.MARKETING_SCRIPT_URL),
  };
}
