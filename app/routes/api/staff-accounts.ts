import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { staffApiRefusal } from '~/lib/staff-api.server.ts';
import { staffCommand, staffCommandSchema } from '~/modules/staff/staff-command.server.ts';
import type { Route } from './+types/staff-accounts.ts';

// POST /api/staff/accounts: `npm run staff` while the server holds the embedded database.
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await staffApiRefusal(request, context);
  if (refused) return refused;
  const parsed = staffCommandSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const result = await staffCommand(context.db, parsed.data, {
    origin: accountLinksFor(context, request).origin,
    actor: { staffId: null, label: 'api', clientAddress: clientKey(request.headers) },
  });
  return Response.json(result, { status: result.ok ? 200 : 409 });
}
