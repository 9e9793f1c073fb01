import { requireSession } from '~/modules/accounts/auth.server.ts';
import { exportAccountData } from '~/flows/account-privacy.server.ts';
import type { Route } from './+types/data.ts';

// GET /account/gegevens: everything we keep about the customer, as a JSON download (GDPR art. 15/20).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSession(context.db, request);
  const data = await exportAccountData(context.db, user.id);
  if (!data) throw new Response('Not Found', { status: 404 });
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Disposition', `attachment; filename="kiemkracht-gegevens-${data.exportedAt.slice(0, 10)}.json"`);
  return new Response(JSON.stringify(data, null, 2), { headers });
}
