import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { batchCsv } from '~/modules/coupons/coupons.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupon-batch-file.ts';

// The codes of a batch as a CSV download (audited: whoever has the file can spend the codes).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const id = Number(params.id);
  const file = Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? await batchCsv(context.db, actor, id) : null;
  if (!file) throw new Response(t.batch.notFound, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  return new Response(file.body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
