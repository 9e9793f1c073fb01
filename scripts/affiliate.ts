// `npm run affiliate -- list | approve <code> [percent] | reject <code> | suspend <code> | payout <code> <reference>`:
// the staff side of the affiliate programme alongside the back office, through the same module functions.
import { affiliates } from '../app/i18n/nl/affiliates.ts';
import { type StaffAffiliateAction, staffAffiliateAction } from '../app/modules/affiliates/staff.server.ts';
import { runStaffCommand } from './staff-cli.ts';

const [action, code, extra] = process.argv.slice(2);
let request: StaffAffiliateAction | null = null;
if (action === 'list') request = { action };
else if (action === 'approve' && code) request = { action, code, ...(extra === undefined ? {} : { percent: Number(extra) }) };
else if ((action === 'reject' || action === 'suspend') && code) request = { action, code };
else if (action === 'payout' && code && extra) request = { action, code, reference: extra };
if (!request) {
  console.error(affiliates.staff.usage);
  process.exit(2);
}
const r = request;
await runStaffCommand((db) => staffAffiliateAction(db, r), { path: '/api/staff/affiliates', body: r });
