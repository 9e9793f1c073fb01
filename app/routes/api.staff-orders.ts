import crypto from 'node:crypto';
import { z } from 'zod';
import { staffOrderAction, staffToken } from '~/modules/orders/staff.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import type { Route } from './+types/api.staff-orders.ts';

const body = z.object({
  number: z.string().min(1).max(20),
  action: z.enum(['paid', 'ship', 'cancel']),
  tracking: z.string().max(40).optional(),
});

// POST /api/staff/orders: the order CLI's way in while the server holds the embedded database.
// Bearer token derived from the app secret (kept in the data folder), compared in constant time.
export async function action({ request, context }: Route.ActionArgs) {
  const given = Buffer.from((request.headers.get('authorization') ?? '').replace(/^Bearer /, ''));
  const expected = Buffer.from(staffToken(context.secrets.app));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return Response.json({ error: 'forbidden' }, { status: 403 });
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const result = await staffOrderAction(context.db, parsed.data, paymentDepsFor(context, request).links);
  return Response.json(result, { status: result.ok ? 200 : 409 });
}
