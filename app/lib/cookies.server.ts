import { parse, serialize, type SerializeOptions } from 'cookie';

// Cookie names and lifetimes. SPEC §9: the locale cookie lasts 365 days, SameSite=Lax, path /.
const YEAR = 365 * 24 * 60 * 60;
export const COOKIES = {
  region: { name: 'locale', maxAge: YEAR },
  country: { name: 'country', maxAge: YEAR },
  age: { name: 'age_verified', maxAge: YEAR },
  ageDenied: { name: 'age_denied', maxAge: undefined },
  flash: { name: 'flash', maxAge: 60 },
  // An unguessable cart id; 30 days, renewed on every change.
  cart: { name: 'cart', maxAge: 30 * 24 * 60 * 60 },
  // The log-in session token (only its hash is stored); the database ends it sooner when idle (ADR 008).
  session: { name: 'session', maxAge: 90 * 24 * 60 * 60 },
  // An anonymous visitor id, set by the first "Nuttig" vote of a guest so it counts once (ADR 013).
  voter: { name: 'voter', maxAge: YEAR },
} as const;
type CookieKey = keyof typeof COOKIES;

export function readCookies(request: Request): Record<string, string | undefined> {
  return parse(request.headers.get('cookie') ?? '');
}

export function readCookie(request: Request, key: CookieKey): string | undefined {
  return readCookies(request)[COOKIES[key].name];
}

function baseOptions(request: Request): SerializeOptions {
  const secure = new URL(request.url).protocol === 'https:';
  return { path: '/', sameSite: 'lax', httpOnly: true, secure };
}

export function setCookie(request: Request, key: CookieKey, value: string, opts: SerializeOptions = {}): string {
  const { name, maxAge } = COOKIES[key];
  return serialize(name, value, { ...baseOptions(request), ...(maxAge ? { maxAge } : {}), ...opts });
}

export function clearCookie(request: Request, name: string): string {
  return serialize(name, '', { ...baseOptions(request), maxAge: 0, expires: new Date(0) });
}

/** A one-time message for the next page (e.g. after a no-JS form post). */
export function flashCookie(request: Request, toast: { title: string; description?: string }): string {
  return setCookie(request, 'flash', JSON.stringify({ id: crypto.randomUUID(), ...toast }));
}

export function readFlash(request: Request): { id: string; title: string; description?: string } | null {
  const raw = readCookie(request, 'flash');
  if (!raw) return null;
  try {
    const v = JSON.parse(raw);
    return typeof v?.id === 'string' && typeof v?.title === 'string' ? v : null;
  } catch {
    return null;
  }
}
