// The mails the shop sends and the data each carries (a snapshot taken when the mail is queued).
import type { AddressSnapshot, PaymentMethod } from '~/db/schema/commerce.ts';
import type { PaymentInstructions } from '~/modules/payments/payments.ts';

export const mailTemplates = ['order_received', 'payment_received', 'order_shipped'] as const;
export type MailTemplate = (typeof mailTemplates)[number];

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
  couponCode: string | null;
  paymentMethod: PaymentMethod;
  /** For order_received when payment is still open. */
  instructions: PaymentInstructions | null;
  shippingAddress: AddressSnapshot;
  carrier: 'tracked_parcel' | 'regular_post';
  deliveryMinDays: number;
  deliveryMaxDays: number;
  /** For order_shipped. */
  tracking: { code: string; url: string | null } | null;
};

export type OrderMail = { template: MailTemplate; to: string; data: OrderMailData };
