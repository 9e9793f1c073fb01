// An account takes the guest orders placed with its address when the address is proven: a confirmed sign-up,
// a password reset by mailed link, a confirmed e-mail change. The accounts module runs the step in its own
// transaction; the orders module links the orders.
import type { Db } from '~/db/client.server.ts';
import { resetPasswordWith, verifyEmailWith } from '~/modules/accounts/accounts.server.ts';
import { confirmEmailChangeWith } from '~/modules/accounts/details.server.ts';
import { linkGuestOrders } from '~/modules/orders/orders.server.ts';

export function verifyEmail(db: Db, token: string, now = new Date()) {
  return verifyEmailWith(db, token, linkGuestOrders, now);
}

export function resetPassword(db: Db, token: string, newPassword: string, now = new Date()) {
  return resetPasswordWith(db, token, newPassword, linkGuestOrders, now);
}

export function confirmEmailChange(db: Db, token: string, opts: { keepSessionToken?: string | null } = {}, now = new Date()) {
  return confirmEmailChangeWith(db, token, linkGuestOrders, opts, now);
}
