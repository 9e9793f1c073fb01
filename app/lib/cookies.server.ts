import { createHmac, timingSafeEqual } from 'node:crypto';
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
  // The cookie choice (necessary / statistics / marketing); asked again after about six months (ADR 020).
  consent: { name: 'consent', maxAge: 182 * 24 * 60 * 60 },
  // An anonymous visitor id, set by the first "Nuttig" vote of a guest so it counts once (ADR 013).
  voter: { name: 'voter', maxAge: YEAR },
  // The referral visitor id for affiliate attribution, only with marketing consent; SPEC §9: 90 days (ADR 021).
  referral: { name: 'kk_ref', maxAge: 90 * 24 * 60 * 60 },
  // The strains a visitor compares (ADR 066); sent only to /vergelijken, so other pages keep the page cache.
  compare: { name: 'vergelijk', maxAge: 30 * 24 * 60 * 60 },
} as const;
type CookieKey = keyof typeof COOKIES;

// A page view reads some ten cookies (the root loader, the cart's context, the page's loader), each call parsing the
// header again: the last header's parse is kept. Keyed by the header's text, so it is the same answer whoever asks.
let last: { header: string; cookies: Readonly<Record<string, string | undefined>> } = { header: '', cookies: {} };

function readCookies(request: Request): Readonly<Record<string, string | undefined>> {
  const header = request.headers.get('cookie') ?? '';
  if (header !== last.header) last = { header, cookies: Object.freeze(parse(header)) };
  return last.cookies;
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

// The back-office session (ADR 026): sent only to /beheer, never on a request started by another site,
// gone when the browser closes; the database ends it after 2 hours idle or 12 hours in all.
export const STAFF_COOKIE = 'kk_staff';

export function readStaffCookie(request: Request): string | undefined {
  return readCookies(request)[STAFF_COOKIE];
}

/** Sets the staff session token, or clears it with null. */
export function staffCookie(request: Request, token: string | null): string {
  const opts: SerializeOptions = { ...baseOptions(request), path: '/beheer', sameSite: 'strict' };
  return token === null ? serialize(STAFF_COOKIE, '', { ...opts, maxAge: 0, expires: new Date(0) }) : serialize(STAFF_COOKIE, token, opts);
}

export function clearCookie(request: Request, name: string): string {
  return serialize(name, '', { ...baseOptions(request), maxAge: 0, expires: new Date(0) });
}

// The flash cookie is signed (HMAC with the shop's app secret, set once at start-up by createApp) so a
// crafted link or a cookie set by another site cannot put words in the shop's mouth. The key lives on
// globalThis: the server and the React Router build each load their own copy of this module.
const KEY = Symbol.for('kiemkracht.cookie-key');
const g = globalThis as unknown as Record<symbol, string | undefined>;
export function configureCookieSigning(secret: string) {
  g[KEY] = secret;
}
const signingKey = () => (g[KEY] ??= crypto.randomUUID());
const sign = (value: string) => createHmac('sha256', signingKey()).update(`flash:${value}`).digest('base64url');

/** A one-time message for the next page (e.g. after a no-JS form post). */
export function flashCookie(request: Request, toast: { title: string; description?: string }): string {
  const value = JSON.stringify({ id: crypto.randomUUID(), ...toast });
  return setCookie(request, 'flash', `${value}.${sign(value)}`);
}

export function readFlash(request: Request): { id: string; title: string; description?: string } | null {
  const cookie = readCookie(request, 'flash');
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  const raw = cookie.slice(0, dot);
  const mac = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(sign(raw));
  if (dot < 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) return null;
  try {
    const v = JSON.parse(raw);
    return typeof v?.id === 'string' && typeof v?.title === 'string' ? v : null;
  } catch {
    return null;
  }
}
