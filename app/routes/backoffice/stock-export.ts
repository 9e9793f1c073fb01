import { shopDay } from '~/lib/format.ts';
import { stockCsv } from '~/modules/catalog/stock.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-export.ts';

// Every pack's stock, low-stock threshold and prices as a CSV (ADR 034); the download is audited.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const csv = await stockCsv(context.db, actor);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="kiemkracht-voorraad-${shopDay(new Date())}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
