// `npm run mail -- failed | retry [id]`: mail that used every delivery attempt waits in the outbox;
// staff list it and send it again (later also from the back office).
import { staffMail } from '../app/i18n/nl/mail.ts';
import { type StaffMailAction, staffMailAction } from '../app/modules/mail/staff-mail.server.ts';
import { runStaffCommand } from './staff-cli.ts';

const [action, id] = process.argv.slice(2);
if ((action !== 'failed' && action !== 'retry') || (id !== undefined && !/^\d+$/.test(id))) {
  console.error(staffMail.usage);
  process.exit(2);
}
const request: StaffMailAction = { action, id: id === undefined ? undefined : Number(id) };
await runStaffCommand((db) => staffMailAction(db, request), { path: '/api/staff/mail', body: request });
