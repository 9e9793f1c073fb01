// `npm run order -- <number> paid [amount]|ship <tracking>|cancel|refund [amount]`: the staff actions on an order
// from the command line, through the same module functions as the back office (audit actor 'cli'). `npm run order -- review`
// lists payments whose amount or currency did not match their order (never marked paid).
import { staff } from '../app/i18n/nl/checkout.ts';
import { staffOrderAction, staffReviewList, type StaffAction } from '~/flows/staff-orders.server.ts';
import { paymentConfigFromEnv } from '../app/modules/payments/payments.server.ts';
import { origin, runStaffCommand } from './staff-cli.ts';

const [number, action, tracking] = process.argv.slice(2);
if (number === 'review') await runStaffCommand(staffReviewList, { path: '/api/staff/orders', body: { action: 'review' } });
if (!number || !['paid', 'ship', 'cancel', 'refund'].includes(action ?? '') || (action === 'ship' && !tracking)) {
  console.error(staff.usage);
  process.exit(2);
}
const request: StaffAction = { number, action: action as StaffAction['action'], ...(action === 'refund' || action === 'paid' ? (tracking === undefined ? {} : { amount: tracking }) : { tracking }) };
// The mail about this change is queued in the outbox; a running shop sends it within seconds.
await runStaffCommand(
  (db, secrets) => staffOrderAction(db, request, { links: { origin, secret: secrets.app }, webhookSecret: secrets.webhook, config: paymentConfigFromEnv(process.env) }, { staffId: null, label: 'cli', clientAddress: 'local' }),
  { path: '/api/staff/orders', body: request },
);
