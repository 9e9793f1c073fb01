// Customer accounts in the back office (/beheer/klanten, ADR 037): search, one customer's page, and the
// staff actions on an account: block and unblock, a password-reset mail, the privacy export and deletion on
// request. Each write is one transaction with its audit entry; the privacy export and deletion on request
// are in app/flows/account-privacy.server.ts (they span the support and reviews modules).
import { and, count, desc, eq, exists, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
 
import { type AccountLinks, normaliseEmail, queuePasswordReset } from '~/modules/accounts/accounts.server.ts';
 
import { kickMail } from '~/lib/mail-outbox.server.ts';
 
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { BLOCK_REASON_MAX, CUSTOMER_PAGE_SIZE } from './customers.ts';

/** LIKE wildcards typed by staff are searched as themselves. */
const likeEscape = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export type CustomerRow = Awaited<ReturnType<typeof searchCustomers>>['rows'][number];

/**
 * Customers (deleted accounts left out) whose name or e-mail contains the query, or who placed the order
 * with that number; newest first, one page. An empty query lists everyone.
 */
export async function searchCustomers(db: Db, query: string, page: number) {
  const u = s.users;
  const q = query.trim().slice(0, 100);
  const like = `%${likeEscape(q)}%`;
  const matches = q
    ? or(
        ilike(u.name, like),
        ilike(u.email, like),
        exists(
          db
            .select({ one: sql`1` })
            .from(s.orders)
            .where(and(eq(s.orders.userId, u.id), eq(s.orders.number, q.toUpperCase()))),
        ),
      )
    : undefined;
  const where = and(isNull(u.deletedAt), matches);
  const orderCount = db.$with('order_count').as(db.select({ userId: s.orders.userId, n: count().as('n') }).from(s.orders).groupBy(s.orders.userId));
  const [rows, [total]] = await Promise.all([
    db
      .with(orderCount)
      .select({
        id: u.id,
        name: u.name,
        email: u.email,
        createdAt: u.createdAt,
        emailVerifiedAt: u.emailVerifiedAt,
        blockedAt: u.blockedAt,
        orders: sql<number>`coalesce(${orderCount.n}, 0)::int`,
      })
      .from(u)
      .leftJoin(orderCount, eq(orderCount.userId, u.id))
      .where(where)
      .orderBy(desc(u.createdAt), desc(u.id))
      .limit(CUSTOMER_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * CUSTOMER_PAGE_SIZE),
    db.select({ n: count() }).from(u).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Everything the customer page shows, or null for an unknown or deleted account. */
export async function customerDetail(db: Db, userId: number, now = new Date()) {
  const [user] = await db
    .select(columns(s.users, 'id', 'name', 'email', 'dateOfBirth', 'emailVerifiedAt', 'createdAt', 'blockedAt', 'blockedReason'))
    .from(s.users)
    .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)));
  if (!user) return null;
  const [orders, addresses, [newsletter], [sessions], [affiliate]] = await Promise.all([
    db
      .select(columns(s.orders, 'number', 'createdAt', 'status', 'paymentState', 'paymentMethod', 'totalMinor', 'currency'))
      .from(s.orders)
      .where(eq(s.orders.userId, userId))
      .orderBy(desc(s.orders.createdAt)),
    db
      .select({ address: s.addresses, countryName: s.countries.name })
      .from(s.addresses)
      .leftJoin(s.countries, eq(s.countries.iso, s.addresses.countryIso))
      .where(eq(s.addresses.userId, userId))
      .orderBy(s.addresses.id),
    db
      .select(columns(s.newsletterSubscribers, 'status', 'consentAt', 'consentIp', 'consentUserAgent', 'consentTextVersion', 'consentSource', 'confirmedAt', 'unsubscribedAt'))
      .from(s.newsletterSubscribers)
      .where(eq(s.newsletterSubscribers.email, normaliseEmail(user.email))),
    db
      .select({ n: count() })
      .from(s.sessions)
      .where(and(eq(s.sessions.userId, userId), sql`${s.sessions.expiresAt} > ${now.toISOString()}::timestamptz`)),
    db.select({ code: s.affiliates.code, status: s.affiliates.status }).from(s.affiliates).where(eq(s.affiliates.userId, userId)),
  ]);
  return {
    user,
    orders,
    addresses: addresses.map((a) => ({ ...a.address, countryName: a.countryName ?? a.address.countryIso })),
    newsletter: newsletter ?? null,
    activeSessions: sessions?.n ?? 0,
    affiliate: affiliate ?? null,
    openOrders: orders.filter((o) => o.status === 'new' || o.status === 'processing').length,
  };
}

/**
 * Blocks the account: it cannot log in (the log-in says so) and every session ends now. Blocking a blocked
 * account changes nothing and records nothing (a double submit). False for an unknown or deleted account.
 */
export async function blockCustomer(db: Db, actor: Actor, userId: number, reason: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ blockedAt: s.users.blockedAt })
      .from(s.users)
      .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)))
      .for('update');
    if (!user) return false;
    if (user.blockedAt) return true;
    const text = reason.trim().slice(0, BLOCK_REASON_MAX);
    await tx.update(s.users).set({ blockedAt: now, blockedReason: text, updatedAt: now }).where(eq(s.users.id, userId));
    const ended = await tx.delete(s.sessions).where(eq(s.sessions.userId, userId)).returning({ id: s.sessions.id });
    await recordAudit(tx, actor, { action: 'customer.block', entity: 'customer', entityId: userId, before: { blocked: false }, after: { blocked: true, reason: text, sessionsEnded: ended.length } }, now);
    return true;
  });
}

/** Lifts a block; an account that is not blocked changes nothing. False for an unknown or deleted account. */
export async function unblockCustomer(db: Db, actor: Actor, userId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ blockedAt: s.users.blockedAt, blockedReason: s.users.blockedReason })
      .from(s.users)
      .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)))
      .for('update');
    if (!user) return false;
    if (!user.blockedAt) return true;
    await tx.update(s.users).set({ blockedAt: null, blockedReason: null, updatedAt: now }).where(eq(s.users.id, userId));
    await recordAudit(tx, actor, { action: 'customer.unblock', entity: 'customer', entityId: userId, before: { blocked: true, reason: user.blockedReason }, after: { blocked: false } }, now);
    return true;
  });
}

/**
 * Sends the customer the shop's own password-reset mail (the link of /wachtwoord-vergeten, valid one hour).
 * Once per rendered form: the audit entry carries the form's key and a second submit finds it.
 * 'not_found' for an unknown or deleted account.
 */
export async function sendPasswordReset(db: Db, actor: Actor, userId: number, key: string, links: AccountLinks, now = new Date()): Promise<'sent' | 'not_found'> {
  const sent = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: s.users.id, name: s.users.name, email: s.users.email })
      .from(s.users)
      .where(and(eq(s.users.id, userId), isNull(s.users.deletedAt)))
      .for('update');
    if (!user) return null;
    // The user row is locked: a second submit of the same form waits here and then sees the first one's entry.
    const [already] = await tx
      .select({ id: s.auditLog.id })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'customer.password_reset'), eq(s.auditLog.entityId, String(userId)), sql`${s.auditLog.after}->>'key' = ${key}`));
    if (already) return false;
    await queuePasswordReset(tx, user, links, now);
    // The address stays out of the append-only log: it must go when the customer is deleted.
    await recordAudit(tx, actor, { action: 'customer.password_reset', entity: 'customer', entityId: userId, after: { key } }, now);
    return true;
  });
  if (sent === null) return 'not_found';
  if (sent) kickMail();
  return 'sent';
}
