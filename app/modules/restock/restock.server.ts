// "Mail me als het er weer is" (ADR 068): a guest confirms their address first (double opt-in), a logged-in
// customer is on the list at once. The mail itself is written by the database trigger of migration 0026 when
// the pack's stock goes from 0 to above 0; after that mail the subscription is fulfilled.
// Lock order everywhere, as the trigger's: the pack row first, then the subscription rows.
import { and, count, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { hashToken, newToken } from '~/lib/account-tokens.server.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';

const HOUR = 60 * 60_000;
export const CONFIRM_VALID_MS = 72 * HOUR;
/** A second request within this time sends no second confirmation mail (double clicks, several tabs). */
const RESEND_AFTER_MS = 10 * 60_000;
// As the newsletter form's (ADR 018): the guest form sends mail to an address anyone can type.
const RATE_LIMITS = { client: { limit: 10, windowMs: HOUR }, email: { limit: 3, windowMs: HOUR } };

export type RestockContext = { origin: string; client: string; now?: Date };
export type RestockRequest = { packId: number; email: string; userId: number | null };
/** waiting/already: a customer's one click; check_mail: a guest's answer whatever the address's state. */
export type RestockOutcome = 'waiting' | 'already' | 'check_mail' | 'in_stock' | 'not_found' | 'rate_limited';

class Refused extends Error {
  constructor(readonly outcome: RestockOutcome) {
    super(outcome);
  }
}

/** The pack, locked against a stock change until the caller's transaction ends; refused unless sold out. */
async function lockSoldOutPack(tx: Db, packId: number) {
  const [pack] = await tx
    .select({ stock: s.productPacks.stock, isFree: s.productPacks.isFree, seeds: s.productPacks.seeds, name: s.products.name, slug: s.products.slug })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(eq(s.productPacks.id, packId))
    .for('share', { of: s.productPacks });
  if (!pack || pack.isFree) throw new Refused('not_found');
  return pack;
}

/** The address's row for this pack, locked; a new one is first stored as pending. */
async function lockRow(tx: Db, packId: number, email: string, origin: string) {
  await tx
    .insert(s.restockSubscriptions)
    .values({ packId, email, status: 'pending', unsubscribeToken: newToken(), origin })
    .onConflictDoNothing({ target: [s.restockSubscriptions.packId, s.restockSubscriptions.email] });
  const [row] = await tx
    .select()
    .from(s.restockSubscriptions)
    .where(and(eq(s.restockSubscriptions.packId, packId), eq(s.restockSubscriptions.email, email)))
    .for('update');
  return row!;
}

/**
 * Puts the address on the pack's list. Under the pack's row lock: a restock that commits first makes this
 * 'in_stock'; one that comes after sees the row. A guest gets a confirmation mail (not twice in ten minutes).
 */
export async function requestRestockMail(db: Db, req: RestockRequest, ctx: RestockContext): Promise<RestockOutcome> {
  const now = ctx.now ?? new Date();
  const email = req.email.trim().toLowerCase();
  let mailed = false;
  try {
    const outcome = await db.transaction(async (tx): Promise<RestockOutcome> => {
      if (req.userId === null) {
        for (const [key, { limit, windowMs }] of [
          [`restock:client:${ctx.client}`, RATE_LIMITS.client],
          [`restock:email:${email}`, RATE_LIMITS.email],
        ] as const) {
          if (!(await hitRateLimit(tx, key, limit, windowMs, now)).allowed) throw new Refused('rate_limited');
        }
      }
      const pack = await lockSoldOutPack(tx, req.packId);
      if (pack.stock > 0) return 'in_stock';
      const row = await lockRow(tx, req.packId, email, ctx.origin);
      const where = eq(s.restockSubscriptions.id, row.id);
      if (req.userId !== null) {
        if (row.status === 'waiting') return 'already';
        await tx.update(s.restockSubscriptions).set({ status: 'waiting', userId: req.userId, origin: ctx.origin, confirmNonce: null, confirmedAt: now, mailedAt: null }).where(where);
        return 'waiting';
      }
      if (row.status === 'waiting') return 'check_mail';
      if (row.status === 'pending' && row.confirmSentAt && now.getTime() - row.confirmSentAt.getTime() < RESEND_AFTER_MS) return 'check_mail';
      const token = newToken();
      await tx.update(s.restockSubscriptions).set({ status: 'pending', origin: ctx.origin, confirmNonce: hashToken(token), confirmSentAt: now, mailedAt: null }).where(where);
      await enqueueMail(tx, {
        template: 'restock_confirm',
        to: email,
        data: { name: pack.name, seeds: pack.seeds, confirmUrl: `${ctx.origin}/weer-op-voorraad/bevestigen?t=${token}`, validHours: CONFIRM_VALID_MS / HOUR },
      });
      mailed = true;
      return 'check_mail';
    });
    if (mailed) kickMail();
    return outcome;
  } catch (e) {
    if (e instanceof Refused) return e.outcome;
    throw e;
  }
}

export type ConfirmOutcome = 'confirmed' | 'in_stock' | 'already' | 'invalid' | 'expired';

/**
 * A guest's confirmation link: once (the nonce goes with the first use). When the pack came back in the
 * meantime the page says so and the subscription is fulfilled: no mail about what they can see.
 */
export async function confirmRestockMail(db: Db, token: string, now = new Date()): Promise<{ outcome: ConfirmOutcome; slug?: string }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { outcome: 'invalid' };
  const hash = hashToken(token);
  const [found] = await db.select({ packId: s.restockSubscriptions.packId }).from(s.restockSubscriptions).where(eq(s.restockSubscriptions.confirmNonce, hash));
  if (!found) return { outcome: 'invalid' };
  try {
    return await db.transaction(async (tx) => {
      const pack = await lockSoldOutPack(tx, found.packId);
      const [row] = await tx.select().from(s.restockSubscriptions).where(eq(s.restockSubscriptions.confirmNonce, hash)).for('update');
      if (!row) return { outcome: 'already' as const, slug: pack.slug };
      if (!row.confirmSentAt || now.getTime() - row.confirmSentAt.getTime() > CONFIRM_VALID_MS) return { outcome: 'expired' as const };
      const inStock = pack.stock > 0;
      await tx
        .update(s.restockSubscriptions)
        .set({ status: inStock ? 'mailed' : 'waiting', confirmNonce: null, confirmedAt: now, mailedAt: inStock ? now : null })
        .where(eq(s.restockSubscriptions.id, row.id));
      return { outcome: inStock ? ('in_stock' as const) : ('confirmed' as const), slug: pack.slug };
    });
  } catch (e) {
    if (e instanceof Refused) return { outcome: 'invalid' };
    throw e;
  }
}

/** Whose unsubscribe link this is (null when it is unknown or already used). */
export async function restockSubscriberFor(db: Db, token: string): Promise<{ email: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.select({ email: s.restockSubscriptions.email }).from(s.restockSubscriptions).where(eq(s.restockSubscriptions.unsubscribeToken, token));
  return row ?? null;
}

/** The mail's one-click unsubscribe: every subscription of that address goes, whichever pack. */
export async function unsubscribeRestock(db: Db, token: string): Promise<{ email: string } | null> {
  const who = await restockSubscriberFor(db, token);
  if (!who) return null;
  await db.delete(s.restockSubscriptions).where(eq(s.restockSubscriptions.email, who.email));
  return who;
}

/** How many confirmed addresses wait for each of these packs (packs nobody waits for are absent). */
export async function waitingByPack(db: Db, packIds: number[]): Promise<Map<number, number>> {
  if (packIds.length === 0) return new Map();
  const rows = await db
    .select({ packId: s.restockSubscriptions.packId, n: count() })
    .from(s.restockSubscriptions)
    .where(and(inArray(s.restockSubscriptions.packId, packIds), eq(s.restockSubscriptions.status, 'waiting')))
    .groupBy(s.restockSubscriptions.packId);
  return new Map(rows.map((r) => [r.packId, Number(r.n)]));
}

const ofPerson = (userId: number, email: string) => or(eq(s.restockSubscriptions.userId, userId), eq(s.restockSubscriptions.email, email.toLowerCase()));

/** A customer's subscriptions for the data export: the ones made logged in and the ones for their address. */
export async function restockSubscriptionsOf(db: Db, userId: number, email: string) {
  return db
    .select({
      strain: s.products.name,
      seeds: s.productPacks.seeds,
      ...columns(s.restockSubscriptions, 'email', 'status', 'createdAt', 'confirmedAt', 'mailedAt'),
    })
    .from(s.restockSubscriptions)
    .innerJoin(s.productPacks, eq(s.productPacks.id, s.restockSubscriptions.packId))
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(ofPerson(userId, email))
    .orderBy(s.restockSubscriptions.id);
}

/** Erasure: every subscription of the account or its address; inside the caller's transaction. */
export async function eraseRestockSubscriptions(tx: Db, userId: number, email: string): Promise<number> {
  const gone = await tx.delete(s.restockSubscriptions).where(ofPerson(userId, email)).returning({ id: s.restockSubscriptions.id });
  return gone.length;
}

/** A pack as the form's page names it, for the answer without JavaScript (null when there is no such pack). */
export async function restockPack(db: Db, packId: number): Promise<{ id: number; seeds: number; name: string; slug: string } | null> {
  const [pack] = await db
    .select({ id: s.productPacks.id, seeds: s.productPacks.seeds, name: s.products.name, slug: s.products.slug })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(and(eq(s.productPacks.id, packId), eq(s.productPacks.isFree, false)));
  return pack ?? null;
}
