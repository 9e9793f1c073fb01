import { z } from 'zod';
import { staffAffiliateAction } from '~/modules/affiliates/staff.server.ts';
import { staffApiRefusal } from '~/lib/staff-api.server.ts';
import type { Route } from './+types/staff-affiliates.ts';

const code = z.string().min(4).max(32);
const body = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  z.object({ action: z.literal('approve'), code, percent: z.number().int().min(0).max(50).optional() }),
  z.object({ action: z.enum(['reject', 'suspend']), code }),
  z.object({ action: z.literal('payout'), code, reference: z.string().min(1).max(140) }),
]);

// POST /api/staff/affiliates: `npm run affiliate` while the server holds the embedded database.
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await staffApiRefusal(request, context);
  if (refused) return refused;
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const result = await staffAffiliateAction(context.db, parsed.data);
  return Response.json(result, { status: result.ok ? 200 : 409 });
}
