import { data } from 'react-router';
import { z } from 'zod';
import { staffOrderAction } from '~/modules/orders/staff.server.ts';
import { clientKey } from '~/modules/security/client-key.ts';
import { hitRateLimit } from '~/modules/security/rate-limit.server.ts';
import { isStaffToken } from '~/modules/security/secrets.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import type { Route } from './+types/api.staff-orders.ts';

const body = z.object({
  number: z.string().min(1).max(20),
  action: z.enum(['paid', 'ship', 'cancel']),
  tracking: z.string().max(40).optional(),
});

// POST /api/staff/orders: the order CLI's way in while the server holds the embedded database.
// Only with a token from STAFF_API_TOKENS; without any configured the API does not exist (404).
// Wrong tokens are rate-limited per client address, so a token cannot be guessed.
export async function action({ request, context }: Route.ActionArgs) {
  if (context.staffTokens.length === 0) throw data(null, { status: 404 });
  const given = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  if (!isStaffToken(given, context.staffTokens)) {
    const limit = await hitRateLimit(context.db, `staff-api:${clientKey(request.headers)}`, 10, 15 * 60_000);
    return Response.json({ error: limit.allowed ? 'forbidden' : 'too many attempts' }, { status: limit.allowed ? 403 : 429 });
  }
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const result = await staffOrderAction(context.db, parsed.data, paymentDepsFor(context, request).links);
  return Response.json(result, { status: result.ok ? 200 : 409 });
}
