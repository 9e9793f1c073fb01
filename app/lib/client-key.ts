// Who is asking, for rate limits (log-in, sign-up, password reset, order lookup).
//
// The server (server/app.ts) replaces this header on every request with Express's `req.ip`: the
// socket address, or — only when the socket is a trusted proxy ('trust proxy', loopback by default)
// — the X-Forwarded-For entry that proxy appended. Whatever a client puts in X-Forwarded-For,
// X-Real-IP or this header itself is never read, so made-up addresses cannot dodge a limit.
export const CLIENT_IP_HEADER = 'x-kk-client-ip';

/** A request without the header (a loader called outside the server, e.g. in tests) shares one bucket. */
export const SHARED_CLIENT_KEY = 'unknown';

export function clientKey(headers: Headers): string {
  return headers.get(CLIENT_IP_HEADER)?.trim().slice(0, 64) || SHARED_CLIENT_KEY;
}
