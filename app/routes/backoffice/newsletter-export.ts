import { exportSubscribers, subscribersFileName } from '~/modules/newsletter/subscribers.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/newsletter-export.ts';

// POST /beheer/nieuwsbrief/export: the confirmed subscribers as CSV for the mail tool, recorded in the audit log.
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'newsletter.manage');
  const now = new Date();
  const csv = await exportSubscribers(context.db, actor, now);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${subscribersFileName(now)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
