import { data } from 'react-router';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { exportCustomerData } from '~/flows/account-privacy.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/customer-export.ts';

// POST /beheer/klanten/:id/export: the customer's privacy export (the same JSON as their own download at
// /account/gegevens) as a file, recorded in the audit log. A POST, so a link or prefetch never takes personal data.
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'customers.manage');
  const id = Number(params.id);
  const file = Number.isSafeInteger(id) && id > 0 && id <= 2 ** 31 - 1 ? await exportCustomerData(context.db, actor, id) : null;
  if (!file) throw data(backoffice.customer.notFound, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="kiemkracht-klant-${id}-${file.exportedAt.slice(0, 10)}.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
