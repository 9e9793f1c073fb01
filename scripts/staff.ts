// `npm run staff -- add <e-mail> <role> [name]`: a back-office account with a one-time set-up link (the
// first owner is made this way; later an owner can also add staff in /beheer/medewerkers).
// `reset <e-mail>` clears a lost password or authenticator and prints a new link; `list` shows everyone.
import { backoffice as t } from '../app/i18n/nl/backoffice.ts';
import { staffCommand, staffCommandSchema } from '../app/modules/staff/staff-command.server.ts';
import { origin, runStaffCommand } from './staff-cli.ts';

const [action, email, role, ...name] = process.argv.slice(2);
const parsed = staffCommandSchema.safeParse({ action, email, role, name: name.join(' ') || undefined });
if (!parsed.success) {
  console.error(action === 'add' || action === 'reset' ? `${t.cli.invalid}\n${t.cli.usage}` : t.cli.usage);
  process.exit(2);
}
await runStaffCommand((db) => staffCommand(db, parsed.data, { origin, actor: { staffId: null, label: 'cli', clientAddress: 'local' } }), {
  path: '/api/staff/accounts',
  body: parsed.data,
});
