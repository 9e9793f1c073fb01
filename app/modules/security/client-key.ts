// Who is asking, for rate limits (order lookup; later login, contact, newsletter).
//
// Express trusts only a proxy on loopback ('trust proxy' in server/app.ts) and does not hand the
// socket address to loaders. So: behind our reverse proxy, the client address it sets — X-Real-IP,
// else the LAST X-Forwarded-For entry (the one the proxy appended; earlier entries come from the
// client and can be made up to dodge the limit). Without such a header every request shares one
// bucket: the limit then caps the shop's total lookups, which errs on the safe side.
export const SHARED_CLIENT_KEY = 'direct';

export function clientKey(headers: Headers): string {
  const real = headers.get('x-real-ip')?.trim();
  if (real) return real.slice(0, 64);
  const forwarded = headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  if (forwarded) return forwarded.slice(0, 64);
  return SHARED_CLIENT_KEY;
}
