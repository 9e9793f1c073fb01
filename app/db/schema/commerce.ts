import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { productPacks } from './catalog.ts';
import { staffUsers } from './staff.ts';
import { couponKinds } from '../../lib/db-enums.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// A cart is addressed by an unguessable id kept in an HttpOnly cookie (guests) or linked to a user (after log-in).
// Lines hold packs and quantities only: prices are always recomputed from the catalogue.
// A user has at most one cart: a guest cart is merged into it at log-in (ADR 010).
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    couponCode: text('coupon_code'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => productPacks.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: ts('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.packId] })],
);

// The kinds live with the pure cart arithmetic (pages may import it; this schema module stays on the server).
export { couponKinds };

// Codes are stored upper-case. Amounts that depend on the currency (fixed discount, minimum order)
// are maps currency -> minor units; a currency missing from the map means the code does not apply there.
export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  kind: text('kind', { enum: couponKinds }).notNull(),
  /** Percentage for 'percent' (10 = 10 %); unused otherwise. */
  percent: integer('percent').notNull().default(0),
  amounts: jsonb('amounts').$type<Record<string, number>>().notNull().default({}),
  minOrder: jsonb('min_order').$type<Record<string, number>>().notNull().default({}),
  validFrom: ts('valid_from'),
  validUntil: ts('valid_until'),
  /** Total redemptions allowed (null: unlimited); a single-use code has 1. */
  usageLimit: integer('usage_limit'),
  perCustomerLimit: integer('per_customer_limit'),
  usedCount: integer('used_count').notNull().default(0),
  excludedProductIds: integer('excluded_product_ids')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
  /** Listed on /kortingscodes. */
  isPublic: boolean('is_public').notNull().default(false),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  /** False: an order with this code gets no free-seed promotion (the stacking rule, ADR 035). */
  combinesWithPromotions: boolean('combines_with_promotions').notNull().default(true),
  /** The batch of single-use codes this code was made in (null: made on its own). */
  batchId: integer('batch_id').references(() => couponBatches.id),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Also the edit form's version: a save based on an older read is refused (nothing another saved is lost). */
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('coupons_batch_idx').on(t.batchId)]);

// A batch of N unique single-use codes made at once on /beheer/kortingscodes/reeks (ADR 035).
export const couponBatches = pgTable('coupon_batches', {
  id: serial('id').primaryKey(),
  prefix: text('prefix').notNull(),
  count: integer('count').notNull(),
  /** From the form: a double submit finds the batch it already made. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Free-seed promotions: when the order value reaches the threshold, `quantity` free packs are added.
export const freePackPromotions = pgTable('free_pack_promotions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  packId: integer('pack_id')
    .notNull()
    .references(() => productPacks.id, { onDelete: 'cascade' }),
  quantity: integer('quantity').notNull().default(1),
  thresholds: jsonb('thresholds').$type<Record<string, number>>().notNull(),
  active: boolean('active').notNull().default(true),
  validFrom: ts('valid_from'),
  validUntil: ts('valid_until'),
  /** The edit form's version (see coupons.updatedAt). */
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const orderStatuses = ['new', 'processing', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const paymentStates = ['pending', 'processing', 'complete', 'failed'] as const;
export type PaymentState = (typeof paymentStates)[number];
/** A payment attempt may also wait for staff: confirmed for another amount or currency than its order. */
export const paymentAttemptStates = [...paymentStates, 'needs_review'] as const;
export const paymentMethods = ['bank_transfer', 'online', 'cash_by_mail'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export type AddressSnapshot = {
  firstName: string;
  lastName: string;
  phone: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  countryIso: string;
  countryName: string;
  state: string;
};

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Human-friendly and not sequential, e.g. KK-7Q4M-9XHD. */
    number: text('number').notNull().unique(),
    /** From the checkout form: a repeated submit finds the order it already made. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    email: text('email').notNull(),
    // The account the order belongs to: the buyer's when logged in, else the account that has confirmed this
    // e-mail address (at placement, or later when it confirms it). Survives an e-mail change.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    regionCode: text('region_code').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('new'),
    paymentState: text('payment_state', { enum: paymentStates }).notNull().default('pending'),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    discountMinor: integer('discount_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    /** What is paid in money: subtotal − discount + shipping − creditMinor (ADR 073). */
    totalMinor: integer('total_minor').notNull(),
    /** Paid with the customer's store credit at checkout (ADR 073); given back to the credit on cancellation. */
    creditMinor: integer('credit_minor').notNull().default(0),
    /** Kiempunten spent on the order (ADR 075) and the money they paid, in the order's currency. */
    pointsUsed: integer('points_used').notNull().default(0),
    pointsMinor: integer('points_minor').notNull().default(0),
    couponCode: text('coupon_code'),
    carrier: text('carrier', { enum: ['tracked_parcel', 'regular_post'] }).notNull(),
    deliveryMinDays: integer('delivery_min_days').notNull(),
    deliveryMaxDays: integer('delivery_max_days').notNull(),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>().notNull(),
    billingAddress: jsonb('billing_address').$type<AddressSnapshot>().notNull(),
    /** True while the order holds stock; released on payment failure, expiry or cancellation. */
    stockReserved: boolean('stock_reserved').notNull().default(true),
    /** An unpaid order is cancelled after this moment and its stock released. */
    expiresAt: ts('expires_at'),
    /** When the one payment reminder of a bank-transfer or cash order was queued (migration 0016). */
    reminderSentAt: ts('reminder_sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [index('orders_email_idx').on(t.email), index('orders_user_idx').on(t.userId), index('orders_expiry_idx').on(t.expiresAt)],
);

// A price snapshot: the order keeps what was bought at which price even when the catalogue changes.
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packId: integer('pack_id').notNull(),
    productSlug: text('product_slug').notNull(),
    productName: text('product_name').notNull(),
    seeds: integer('seeds').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    isFree: boolean('is_free').notNull().default(false),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponCode: text('coupon_code')
      .notNull()
      .references(() => coupons.code, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponCode, t.orderId] }), index('coupon_redemptions_email_idx').on(t.couponCode, t.email)],
);

// One row per payment attempt; an order may be retried with another method after a failure.
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: paymentMethods }).notNull(),
    provider: text('provider').notNull(),
    /** The provider's id for this attempt (hosted-page session), unique per provider. */
    reference: text('reference').notNull(),
    state: text('state', { enum: paymentAttemptStates }).notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** What the provider reported as paid, when it differed from the order (state needs_review). */
    receivedAmountMinor: integer('received_amount_minor'),
    receivedCurrency: text('received_currency'),
    /** Set on a received amount (ADR 029): money that came in by bank or cash, one row per amount. */
    receivedAt: ts('received_at'),
    /** Who paid (the bank line's name) and staff's note, for a received amount. */
    payer: text('payer'),
    note: text('note'),
    /** When staff accepted or refunded a payment that needed review (it leaves the review list). */
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_provider_reference').on(t.provider, t.reference), index('payments_order_idx').on(t.orderId)],
);

// 'credit': given back as store credit instead of money (ADR 073).
export const refundStates = ['pending', 'refunded', 'failed', 'manual', 'credit'] as const;
export type RefundState = (typeof refundStates)[number];

// Money given back on a payment: through the provider (online) or by staff by hand (bank transfer, cash:
// state 'manual'). A pending row already counts, so two refunds at once can never exceed what was paid.
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The caller's key: the same refund asked twice is one refund. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: refundStates }).notNull(),
    /** The provider's refund id, once it accepted the refund. */
    providerReference: text('provider_reference'),
    reason: text('reason').notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId), check('refunds_amount_positive', sql`${t.amountMinor} > 0`)],
);

// Webhook events already handled: a redelivered event is acknowledged and ignored.
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: ['tracked_parcel', 'regular_post'] }).notNull(),
    status: text('status', { enum: ['new', 'processing', 'shipped'] })
      .notNull()
      .default('new'),
    trackingCode: text('tracking_code'),
    trackingUrl: text('tracking_url'),
    createdAt: ts('created_at').notNull().defaultNow(),
    processingAt: ts('processing_at'),
    sentAt: ts('sent_at'),
  },
  (t) => [index('shipments_order_idx').on(t.orderId)],
);

// Which lines (and how many of each) went in a parcel: an order may be shipped in parts (ADR 028).
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.orderLineId] }), index('shipment_lines_order_line_idx').on(t.orderLineId), check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

// The key of each back-office form submit that changed an order: a double submit does it once (ADR 028).
export const orderActionKeys = pgTable('order_action_keys', {
  key: text('key').primaryKey(),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Transactional outbox: mail is written in the same transaction as the change that causes it,
// and a worker delivers it, so a crash between the two loses nothing.
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: ts('available_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /** Set when the last attempt failed: the mail waits for staff (`npm run mail -- retry`), never silently dropped. */
    failedAt: ts('failed_at'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.availableAt)
      .where(sql`sent_at is null`),
  ],
);
