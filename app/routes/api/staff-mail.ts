import { z } from 'zod';
import { staffMailAction } from '~/modules/mail/staff-mail.server.ts';
import { staffApiRefusal } from '~/lib/staff-api.server.ts';
import type { Route } from './+types/staff-mail.ts';

const body = z.object({ action: z.enum(['failed', 'retry']), id: z.number().int().positive().optional() });

// POST /api/staff/mail: `npm run mail` while the server holds the embedded database.
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await staffApiRefusal(request, context);
  if (refused) return refused;
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  return Response.json(await staffMailAction(context.db, parsed.data));
}
