import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import type { AddressSnapshot } from '~/db/schema/commerce.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { contactMessagesOf } from '~/modules/support/support.server.ts';
import { invalidateCatalogue } from '~/lib/catalogue-cache.server.ts';
import { deleteUserReviews, userReviews } from '~/modules/reviews/reviews.server.ts';
import { eraseRestockSubscriptions, restockSubscriptionsOf } from '~/modules/restock/restock.server.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { ACCOUNT_RATE_LIMITS, loginAccountRateKey } from '~/modules/accounts/accounts.server.ts';
import { verifyPassword } from '~/lib/passwords.server.ts';
import { claimsOfCustomer, eraseCustomerClaims, hasOpenClaim } from '~/modules/claims/claims.server.ts';
import { creditExport, forfeitCredit } from '~/modules/credit/credit.server.ts';
import { loyaltyExport } from '~/modules/loyalty/loyalty.server.ts';

// Privacy (GDPR art. 15/17/20), across the accounts, support and reviews modules: a customer (or staff on
// their request, /beheer/klanten) downloads everything we keep about them, or deletes the
// account. Orders are kept for the bookkeeping (amounts, lines, dates, country for VAT) but lose
// everything that identifies the person (ADR 010).

/** Every piece of personal data held for this account, as plain JSON. Never the password hash. */
export async function exportAccountData(db: Db, userId: number, now = new Date()) {
  const [user] = await db
    .select()
    .from(s.users)
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)));
  if (!user) return null;
  const [favourites, addresses, wishlist, sessions, orders, cart, contactMessages, reviews, newsletter, affiliate, restock, claims, credit, points] = await Promise.all([
    db
      .select({ slug: s.products.slug, name: s.products.name })
      .from(s.favouriteStrains)
      .innerJoin(s.products, eq(s.products.id, s.favouriteStrains.productId))
      .where(eq(s.favouriteStrains.userId, userId))
      .orderBy(asc(s.products.name)),
    db.select().from(s.addresses).where(eq(s.addresses.userId, userId)).orderBy(asc(s.addresses.id)),
    db
      .select({ slug: s.products.slug, name: s.products.name, addedAt: s.wishlistItems.addedAt })
      .from(s.wishlistItems)
      .innerJoin(s.products, eq(s.products.id, s.wishlistItems.productId))
      .where(eq(s.wishlistItems.userId, userId))
      .orderBy(asc(s.wishlistItems.addedAt)),
    db.select().from(s.sessions).where(eq(s.sessions.userId, userId)).orderBy(asc(s.sessions.createdAt)),
    exportOrders(db, userId),
    db
      .select({ slug: s.products.slug, name: s.products.name, seeds: s.productPacks.seeds, quantity: s.cartLines.quantity, couponCode: s.carts.couponCode })
      .from(s.carts)
      .innerJoin(s.cartLines, eq(s.cartLines.cartId, s.carts.id))
      .innerJoin(s.productPacks, eq(s.productPacks.id, s.cartLines.packId))
      .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
      .where(eq(s.carts.userId, userId)),
    contactMessagesOf(db, userId),
    userReviews(db, userId),
    newsletterConsentOf(db, user.email),
    affiliateRecordOf(db, userId),
    restockSubscriptionsOf(db, userId, user.email),
    // Germination claims (ADR 074) with their states and texts; the photos are counted, their bytes are not exported.
    claimsOfCustomer(db, userId),
    // Store credit (ADR 073): the balances and every ledger line.
    creditExport(db, userId),
    // Kiempunten (ADR 075): the balance and every ledger line.
    loyaltyExport(db, userId),
  ]);
  const address = ({ id: _id, userId: _user, ...a }: typeof s.addresses.$inferSelect) => a;
  return {
    exportedAt: now.toISOString(),
    shop: 'Kiemkracht',
    account: {
      name: user.name,
      email: user.email,
      dateOfBirth: user.dateOfBirth,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      createdAt: user.createdAt.toISOString(),
    },
    growerProfile: {
      growingSince: user.growingSince,
      cultivationMethod: user.cultivationMethod,
      floweringPreference: user.floweringPreference,
      favouriteType: user.favouriteType,
      favouriteStrains: favourites,
    },
    addresses: addresses.map(address),
    wishlist: wishlist.map((w) => ({ ...w, addedAt: w.addedAt.toISOString() })),
    reviews,
    cart: cart.map(({ couponCode: _code, ...line }) => line),
    cartCoupon: cart[0]?.couponCode ?? null,
    sessions: sessions.map((x) => ({
      createdAt: x.createdAt.toISOString(),
      lastSeenAt: x.lastSeenAt.toISOString(),
      expiresAt: x.expiresAt.toISOString(),
      userAgent: x.userAgent,
    })),
    orders,
    contactMessages: contactMessages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    newsletter: newsletter[0] ?? null,
    affiliate: affiliate[0] ?? null,
    restockMails: restock.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), confirmedAt: r.confirmedAt?.toISOString() ?? null, mailedAt: r.mailedAt?.toISOString() ?? null })),
    germinationClaims: claims,
    storeCredit: credit,
    kiempunten: points,
  };
}

/** The newsletter consent kept for this address: when, from where and to which text. */
function newsletterConsentOf(db: Db, email: string) {
  return db
    .select(columns(s.newsletterSubscribers, 'status', 'consentAt', 'consentIp', 'consentUserAgent', 'consentTextVersion', 'confirmedAt', 'unsubscribedAt'))
    .from(s.newsletterSubscribers)
    .where(eq(s.newsletterSubscribers.email, email.toLowerCase()));
}

function affiliateRecordOf(db: Db, userId: number) {
  return db
    .select(columns(s.affiliates, 'code', 'status', 'website', 'promotion', 'payoutName', 'payoutIban', 'commissionPercent', 'createdAt'))
    .from(s.affiliates)
    .where(eq(s.affiliates.userId, userId));
}

/** The account's orders with their lines, as the customer sees them. */
async function exportOrders(db: Db, userId: number) {
  const orders = await db.select().from(s.orders).where(eq(s.orders.userId, userId)).orderBy(asc(s.orders.createdAt));
  const lines = orders.length
    ? await db
        .select()
        .from(s.orderLines)
        .where(
          inArray(
            s.orderLines.orderId,
            orders.map((o) => o.id),
          ),
        )
        .orderBy(asc(s.orderLines.id))
    : [];
  return orders.map((o) => ({
    number: o.number,
    createdAt: o.createdAt.toISOString(),
    status: o.status,
    paymentState: o.paymentState,
    paymentMethod: o.paymentMethod,
    currency: o.currency,
    subtotalMinor: o.subtotalMinor,
    discountMinor: o.discountMinor,
    shippingMinor: o.shippingMinor,
    totalMinor: o.totalMinor,
    creditMinor: o.creditMinor,
    couponCode: o.couponCode,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({ product: l.productName, seeds: l.seeds, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor, free: l.isFree })),
  }));
}

export type DeleteAccountResult = { ok: true } | { ok: false; reason: 'wrong_password' | 'open_orders' | 'open_claims' | 'rate_limited' };

/** The ledger's last line when an account is deleted with credit left (the customer was told on the deletion page). */
export const FORFEIT_REASON = 'Vervallen: account verwijderd';

/** What an order keeps of an address once its customer is gone: the country (VAT destination). */
const anonymous = (a: AddressSnapshot): AddressSnapshot => ({
  firstName: '',
  lastName: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  countryIso: a.countryIso,
  countryName: a.countryName,
  state: '',
});

/**
 * Deletes the account after the password check: the user row becomes an empty tombstone (deleted_at,
 * an address that can sign up again), everything personal goes (sessions, links, addresses, wishlist,
 * profile, cart, reviews) and orders are anonymised. Refused while an order is still on its way. The
 * password is guessable here too: attempts count in the log-in's per-account bucket (ACCOUNT_RATE_LIMITS).
 */
export async function deleteAccount(db: Db, userId: number, password: string, now = new Date()): Promise<DeleteAccountResult> {
  const [user] = await db
    .select({ email: s.users.email, passwordHash: s.users.passwordHash })
    .from(s.users)
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)));
  if (user) {
    const { limit, windowMs } = ACCOUNT_RATE_LIMITS.loginAccount;
    if (!(await hitRateLimit(db, loginAccountRateKey(user.email), limit, windowMs, now)).allowed) return { ok: false, reason: 'rate_limited' };
  }
  if (!user || !(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: 'wrong_password' };
  const result = await db.transaction(async (tx) => {
    const erased = await eraseAccount(tx, userId, now);
    return erased.ok ? erased : ({ ok: false, reason: erased.reason === 'not_found' ? 'wrong_password' : erased.reason } as const);
  });
  if (!result.ok) return result;
  if (result.reviewsRemoved) invalidateCatalogue(db);
  return { ok: true };
}

export type EraseResult = { ok: true; reviewsRemoved: boolean; ordersAnonymised: number } | { ok: false; reason: 'not_found' | 'open_orders' | 'open_claims' };

/**
 * The deletion itself, inside the caller's transaction: the customer's own request (deleteAccount, after
 * the password) and staff acting on a request made by mail or phone (the back office, ADR 037) do the
 * same. The user row becomes an empty tombstone (deleted_at, an address that can sign up again),
 * everything personal goes (sessions, links, addresses, wishlist, profile, cart, reviews) and orders are
 * anonymised. Refused while an order is still on its way. The caller drops the catalogue cache when
 * reviews were removed (after the commit).
 */
export async function eraseAccount(tx: Db, userId: number, now = new Date()): Promise<EraseResult> {
  // Locked, so an order placed meanwhile with this address is either seen here or placed after the anonymisation.
  const [locked] = await tx
    .select({ email: s.users.email })
    .from(s.users)
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)))
    .for('update');
  if (!locked) return { ok: false, reason: 'not_found' };
  const orders = await tx
    .select({ id: s.orders.id, status: s.orders.status, shipping: s.orders.shippingAddress, billing: s.orders.billingAddress })
    .from(s.orders)
    .where(eq(s.orders.userId, userId))
    .for('update');
  if (orders.some((o) => o.status === 'new' || o.status === 'processing')) return { ok: false, reason: 'open_orders' };
  // A claim waiting for a decision would be approved onto an erased address or account: decided first (ADR 074).
  if (await hasOpenClaim(tx, userId)) return { ok: false, reason: 'open_claims' };
  const tombstone = `verwijderd-${userId}@kiemkracht.invalid`;
  for (const o of orders) {
    await tx
      .update(s.orders)
      .set({ email: tombstone, shippingAddress: anonymous(o.shipping), billingAddress: anonymous(o.billing) })
      .where(eq(s.orders.id, o.id));
  }
  await Promise.all([
    tx.delete(s.sessions).where(eq(s.sessions.userId, userId)),
    tx.delete(s.accountTokens).where(eq(s.accountTokens.userId, userId)),
    tx.delete(s.addresses).where(eq(s.addresses.userId, userId)),
    tx.delete(s.wishlistItems).where(eq(s.wishlistItems.userId, userId)),
    tx.delete(s.favouriteStrains).where(eq(s.favouriteStrains.userId, userId)),
    tx.delete(s.carts).where(eq(s.carts.userId, userId)),
    tx.delete(s.contactMessages).where(eq(s.contactMessages.userId, userId)),
    // The newsletter subscription of the account's address (and with it the proof of consent).
    tx.delete(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, locked.email.toLowerCase())),
    // "Mail me als het er weer is", made logged in or as a guest with the account's address (ADR 068).
    eraseRestockSubscriptions(tx, userId, locked.email),
    // An affiliate's links stop counting; the row and its ledger stay for the books (ADR 021), without
    // what described the person's site.
    tx.update(s.affiliates).set({ status: 'suspended', website: '', promotion: '' }).where(eq(s.affiliates.userId, userId)),
  ]);
  await tx
    .update(s.users)
    .set({
      email: tombstone,
      name: '',
      dateOfBirth: '1900-01-01',
      passwordHash: '!',
      emailVerifiedAt: null,
      growingSince: null,
      cultivationMethod: null,
      floweringPreference: null,
      favouriteType: null,
      deletedAt: now,
      updatedAt: now,
      blockedAt: null,
      blockedReason: null,
    })
    .where(eq(s.users.id, userId));
  // The mail log holds names and addresses too; mails not sent yet are not sent any more.
  // So does the support inbox's copy of a contact message (sent to the shop, Reply-To the customer).
  await tx.delete(s.outbox).where(sql`${s.outbox.payload}->>'to' = ${locked.email} or ${s.outbox.payload}->>'replyTo' = ${locked.email}`);
  // Claim photos and notes go; the decided claims stay with the anonymised orders (ADR 074).
  await eraseCustomerClaims(tx, userId);
  // Credit left is written off with a last ledger line: nobody can spend it any more (ADR 073).
  await forfeitCredit(tx, userId, FORFEIT_REASON, now);
  // Reviews carry the customer's name: they go too, and the strains' ratings follow (ADR 013).
  const reviewsRemoved = await deleteUserReviews(tx, userId);
  return { ok: true, reviewsRemoved, ordersAnonymised: orders.length };
}

/** The privacy export (the same file the customer downloads from their account), recorded in the audit log first. */
export async function exportCustomerData(db: Db, actor: Actor, userId: number, now = new Date()) {
  const data = await exportAccountData(db, userId, now);
  if (!data) return null;
  await db.transaction((tx) => recordAudit(tx, actor, { action: 'customer.export', entity: 'customer', entityId: userId }, now));
  return data;
}

export type DeleteOnRequestResult = { ok: true; ordersAnonymised: number } | { ok: false; reason: 'not_found' | 'open_orders' | 'open_claims' };

/**
 * Deletes the account on the customer's request (by mail or phone), as their own deletion does: personal
 * data goes, orders stay anonymised for the books (ADR 010). Refused while an order is on its way. The
 * audit entry keeps the account id and that it happened, not the personal data that was removed.
 */
export async function deleteCustomerOnRequest(db: Db, actor: Actor, userId: number, now = new Date()): Promise<DeleteOnRequestResult> {
  const result = await db.transaction(async (tx) => {
    const erased = await eraseAccount(tx, userId, now);
    if (erased.ok) {
      await recordAudit(tx, actor, { action: 'customer.delete', entity: 'customer', entityId: userId, after: { deleted: true, ordersAnonymised: erased.ordersAnonymised } }, now);
    }
    return erased;
  });
  if (!result.ok) return result;
  if (result.reviewsRemoved) invalidateCatalogue(db);
  return { ok: true, ordersAnonymised: result.ordersAnonymised };
}
