import { z } from 'zod';
import { staffOrderAction, staffReviewList } from '~/flows/staff-orders.server.ts';
import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { staffApiRefusal } from '~/lib/staff-api.server.ts';
import type { Route } from './+types/staff-orders.ts';

const body = z.union([
  z.object({
    number: z.string().min(1).max(20),
    action: z.enum(['paid', 'ship', 'cancel', 'refund']),
    tracking: z.string().max(40).optional(),
    amount: z.string().max(12).optional(),
  }),
  z.object({ action: z.literal('review') }),
]);

// POST /api/staff/orders: `npm run order` while the server holds the embedded database.
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await staffApiRefusal(request, context);
  if (refused) return refused;
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const a = parsed.data;
  const result =
    'number' in a
      ? await staffOrderAction(context.db, a, paymentDepsFor(context, request), { staffId: null, label: 'api', clientAddress: clientKey(request.headers) })
      : await staffReviewList(context.db);
  return Response.json(result, { status: result.ok ? 200 : 409 });
}
