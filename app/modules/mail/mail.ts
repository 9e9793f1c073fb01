// The mails the shop sends and the data each carries (a snapshot taken when the mail is queued).
import type { AddressSnapshot, PaymentMethod } from '~/db/schema/commerce.ts';
import type { PaymentInstructions } from '~/modules/payments/payments.ts';

/** payment_reminder: still unpaid shortly before the deadline; order_expired: cancelled because it stayed unpaid. */
export type OrderMailTemplate =
  | 'order_received'
  | 'payment_received'
  | 'payment_partial'
  | 'order_shipped'
  | 'payment_reminder'
  | 'order_expired'
  | 'order_cancelled'
  | 'order_refunded'
  | 'address_changed';

/** The order mails staff may send again from the back office. */
export const resendableOrderMails = ['order_received', 'payment_received', 'order_shipped'] as const satisfies readonly OrderMailTemplate[];
export type ResendableOrderMail = (typeof resendableOrderMails)[number];

export type OrderMailData = {
  orderNumber: string;
  /** Absolute signed link to /order-status for this order. */
  statusUrl: string;
  currency: string;
  lines: { name: string; seeds: number; quantity: number; unitPrice: number; isFree: boolean }[];
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
  /** Paid with store credit at checkout (ADR 073); `total` is what is left to pay in money. */
  credit?: number;
  couponCode: string | null;
  paymentMethod: PaymentMethod;
  /** For order_received and payment_reminder when payment is still open. */
  instructions: PaymentInstructions | null;
  shippingAddress: AddressSnapshot;
  carrier: 'tracked_parcel' | 'regular_post';
  deliveryMinDays: number;
  deliveryMaxDays: number;
  /** For order_shipped. */
  tracking: { code: string; url: string | null } | null;
  /** For order_shipped of one parcel of several: what is in it, and whether more follows. */
  parcel?: { lines: { name: string; seeds: number; quantity: number }[]; more: boolean };
  /** For order_shipped of the last parcel to an account: the Kiempunten the order earned (ADR 075), when any. */
  pointsEarned?: number;
  /** For payment_partial: what came in so far and what is still due (minor units, the order's currency). */
  received?: { amount: number; due: number };
  /**
   * For the mails about money (part payment, payment, refund, cancellation): each amount received and refunded
   * with its date, what is still due and the balance, as the order page shows them (label, value).
   */
  money?: { label: string; value: string }[];
  /** For order_refunded: the amount given back, and whether it is paid out by the provider or by hand. */
  refund?: { amount: number; currency: string; manual: boolean; credit?: boolean; reason: string | null };
};

export type OrderMail = { template: OrderMailTemplate; to: string; data: OrderMailData };

/** A single-use link to /wachtwoord-herstellen. */
export type PasswordResetMail = { template: 'password_reset'; to: string; data: { name: string; resetUrl: string; validMinutes: number } };

/** Someone tried to sign up with this address while it already has an account (no second account is made). */
export type SignupAttemptMail = { template: 'signup_attempt'; to: string; data: { name: string; loginUrl: string; forgotUrl: string } };

/** Confirms a new account's address; the account can log in once it is confirmed. */
export type EmailVerifyMail = { template: 'email_verify'; to: string; data: { name: string; verifyUrl: string; validHours: number } };

/** To the new address: a single-use link that makes it the account's log-in. */
export type EmailChangeMail = { template: 'email_change'; to: string; data: { name: string; confirmUrl: string; validHours: number } };

/** To the old address when a change is asked: what was asked, and how to stop it. */
export type EmailChangeNoticeMail = { template: 'email_change_notice'; to: string; data: { name: string; newEmail: string; forgotUrl: string } };

/** After a password change from the account page. */
export type PasswordChangedMail = { template: 'password_changed'; to: string; data: { name: string; forgotUrl: string } };

export type AccountMail = PasswordResetMail | SignupAttemptMail | EmailVerifyMail | EmailChangeMail | EmailChangeNoticeMail | PasswordChangedMail;

/** A message sent through /contact, as the customer typed it (the topic as its label). */
export type ContactMailData = {
  name: string;
  email: string;
  topic: string;
  orderNumber: string | null;
  message: string;
  /** ISO timestamps: when it came in, and the 24-hour answer promise (SPEC §9). */
  receivedAt: string;
  answerBy: string;
};

/** To the support inbox; Reply-To is the customer, so answering the mail answers them. */
export type ContactMessageMail = { template: 'contact_message'; to: string; replyTo: string; data: ContactMailData & { accountId: number | null } };

/** To the customer: their message quoted and the 24-hour promise; Reply-To is the support inbox. */
export type ContactConfirmationMail = { template: 'contact_confirmation'; to: string; replyTo: string; data: ContactMailData & { faqUrl: string; orderStatusUrl: string } };

/** Staff's answer from the back office inbox, their message quoted below it; Reply-To is the support inbox. */
export type ContactReplyMail = {
  template: 'contact_reply';
  to: string;
  replyTo: string;
  data: { name: string; orderNumber: string | null; reply: string; message: string; receivedAt: string; staffName: string };
};

export type SupportMail = ContactMessageMail | ContactConfirmationMail | ContactReplyMail;

/** Double opt-in: a single-use link; no advertising and no code in this one. */
export type NewsletterConfirmMail = { template: 'newsletter_confirm'; to: string; data: { confirmUrl: string; validHours: number } };

/** After the confirmation: the 10% code (only the first time an address confirms) and the one-click unsubscribe. */
export type NewsletterWelcomeMail = {
  template: 'newsletter_welcome';
  to: string;
  data: { couponCode: string | null; percent: number; shopUrl: string; unsubscribeUrl: string };
};

export type NewsletterMail = NewsletterConfirmMail | NewsletterWelcomeMail;

/** Double opt-in for a guest's "Mail me als het er weer is" (ADR 068): a single-use link. */
export type RestockConfirmMail = { template: 'restock_confirm'; to: string; data: { name: string; seeds: number; confirmUrl: string; validHours: number } };

/** The pack is back: written by the database trigger of migration 0026 (ADR 068), so only plain values. */
export type BackInStockMail = { template: 'back_in_stock'; to: string; data: { name: string; seeds: number; productUrl: string; unsubscribeUrl: string } };

export type RestockMail = RestockConfirmMail | BackInStockMail;

/**
 * The germination guarantee (ADR 074): the claim received, approved (a replacement order or store credit) or
 * rejected with the reason staff wrote. `statusUrl`: the order's signed page, where the claim's state shows.
 */
export type ClaimMailTemplate = 'claim_received' | 'claim_approved' | 'claim_rejected';
export type ClaimMail = {
  template: ClaimMailTemplate;
  to: string;
  data: {
    firstName: string;
    orderNumber: string;
    statusUrl: string;
    product: string;
    seedsSown: number;
    seedsFailed: number;
    replacement?: { number: string; url: string };
    credit?: { amount: number; currency: string };
    reason?: string;
  };
};

/** Every mail in the outbox, told apart by its template. */
export type Mail = OrderMail | AccountMail | SupportMail | NewsletterMail | RestockMail | ClaimMail;

/** The address a reply to this mail goes to, when it is not the sender's. */
export const replyToOf = (mail: Mail): string | undefined => ('replyTo' in mail ? mail.replyTo : undefined);

const stripQuery = (url: string) => url.replace(/[?#][\s\S]*$/, '');

/** The mail as kept after sending: links that carry a single-use token lose their query string. */
export function redactMail(mail: Mail): Mail {
  switch (mail.template) {
    case 'password_reset':
      return { ...mail, data: { ...mail.data, resetUrl: stripQuery(mail.data.resetUrl) } };
    case 'email_verify':
      return { ...mail, data: { ...mail.data, verifyUrl: stripQuery(mail.data.verifyUrl) } };
    case 'email_change':
      return { ...mail, data: { ...mail.data, confirmUrl: stripQuery(mail.data.confirmUrl) } };
    case 'newsletter_confirm':
      return { ...mail, data: { ...mail.data, confirmUrl: stripQuery(mail.data.confirmUrl) } };
    case 'restock_confirm':
      return { ...mail, data: { ...mail.data, confirmUrl: stripQuery(mail.data.confirmUrl) } };
    default:
      return mail;
  }
}
