import type { AppLoadContext } from 'react-router';
import { data } from 'react-router';
import { clientKey } from './client-key.ts';
import { hitRateLimit } from './rate-limit.server.ts';
import { isStaffToken } from './secrets.server.ts';

/**
 * The gate of every staff HTTP API route (the CLI's way in while the shop holds the embedded database).
 * Only a token from STAFF_API_TOKENS passes; without any configured the API does not exist (404).
 * Wrong tokens are rate-limited per client address, so a token cannot be guessed. Returns the refusal, or null.
 */
export async function staffApiRefusal(request: Request, context: AppLoadContext): Promise<Response | null> {
  if (context.staffTokens.length === 0) throw data(null, { status: 404 });
  const given = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  if (isStaffToken(given, context.staffTokens)) return null;
  const limit = await hitRateLimit(context.db, `staff-api:${clientKey(request.headers)}`, 10, 15 * 60_000);
  return Response.json({ error: limit.allowed ? 'forbidden' : 'too many attempts' }, { status: limit.allowed ? 403 : 429 });
}
