import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { exportFileName, exportStream, findExport } from '~/modules/orders/exports.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/export-file.ts';

// The file of an export made on /beheer/export (its audit entry's id): a CSV streamed from the database.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'exports.view');
  const filter = await findExport(context.db, staff.id, Number(params.id));
  if (!filter) throw new Response(t.exports.expired, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  return new Response(exportStream(context.db, filter), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(filter)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
