// `npm run staff` (and its staff-API twin, used while the shop holds the embedded database): the same
// functions the back office's staff page calls, with the command line as the audit log's actor.
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { staffRoles } from '~/lib/permissions.ts';
import { addStaff, listStaff, resetStaffAccess, setupLink } from './staff.server.ts';

export const staffCommandSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('add'), email: z.string().trim().toLowerCase().max(254).pipe(z.email()), role: z.enum(staffRoles), name: z.string().trim().max(100).optional() }),
  z.object({ action: z.literal('reset'), email: z.string().trim().toLowerCase().max(254).pipe(z.email()) }),
  z.object({ action: z.literal('list') }),
]);
export type StaffCommand = z.infer<typeof staffCommandSchema>;

export async function staffCommand(db: Db, command: StaffCommand, opts: { origin: string; actor: Actor }): Promise<{ ok: boolean; message: string }> {
  if (command.action === 'list') {
    const members = await listStaff(db);
    if (members.length === 0) return { ok: true, message: t.cli.none };
    const lines = members.map((m) => `${m.email}\t${m.role}\t${!m.active ? 'uitgezet' : m.setUp ? 'actief' : 'nog niet ingesteld'}\t${m.name}`);
    return { ok: true, message: lines.join('\n') };
  }
  if (command.action === 'add') {
    const name = command.name || command.email.split('@')[0]!;
    const added = await addStaff(db, opts.actor, { email: command.email, name, role: command.role });
    if (!added.ok) return { ok: false, message: t.cli.exists(command.email) };
    return { ok: true, message: t.cli.added(command.email, command.role, setupLink(opts.origin, added.token)) };
  }
  const [member] = await db.select({ id: s.staffUsers.id }).from(s.staffUsers).where(eq(s.staffUsers.email, command.email));
  const token = member ? await resetStaffAccess(db, opts.actor, member.id) : null;
  if (!token) return { ok: false, message: t.cli.unknown(command.email) };
  return { ok: true, message: t.cli.reset(command.email, setupLink(opts.origin, token)) };
}
