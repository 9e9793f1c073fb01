import { backups as t } from '~/i18n/nl/backups.ts';
import { backupDirFrom, pgliteOf, takeBackup } from '~/modules/backups/backups.server.ts';
import { staffApiRefusal } from '~/lib/staff-api.server.ts';
import type { Route } from './+types/staff-backup.ts';

// POST /api/staff/backup: `npm run backup` while this process holds the embedded database (only it can read it
// consistently). On PostgreSQL the command runs pg_dump itself.
export async function action({ request, context }: Route.ActionArgs) {
  const refused = await staffApiRefusal(request, context);
  if (refused) return refused;
  const pglite = pgliteOf(context.db);
  if (!pglite) return Response.json({ ok: false, message: t.notEmbedded }, { status: 409 });
  const { file, bytes } = await takeBackup({ pglite }, { dir: backupDirFrom(process.env) });
  return Response.json({ ok: true, message: t.written(file, bytes) });
}
