import crypto from 'node:crypto';
import { readCookie, setCookie } from '~/lib/cookies.server.ts';
import { voterKey } from './reviews.ts';

/** Who votes: the logged-in customer, else the visitor cookie's id (null when the visitor has none yet). */
export function voterFor(request: Request, userId: number | null): string | null {
  return voterKey(userId, readCookie(request, 'voter'));
}

/** The voter for a vote: an anonymous visitor without a cookie gets a new random id and the cookie that keeps it. */
export function ensureVoter(request: Request, userId: number | null): { voter: string; cookie: string | null } {
  const known = voterFor(request, userId);
  if (known) return { voter: known, cookie: null };
  const id = crypto.randomBytes(16).toString('base64url');
  return { voter: voterKey(null, id)!, cookie: setCookie(request, 'voter', id) };
}
