// The newsletter (ADR 018): double opt-in sign-up with proof of consent, a signed single-use confirmation
// link (72 h), a 10% welcome code once per address ever, and one-click unsubscribe. Mails go through the
// outbox in the same transaction as the change they report.
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { newsletter as t } from '~/i18n/nl/newsletter.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
import { hitRateLimit } from '~/lib/rate-limit.server.ts';

const HOUR = 60 * 60_000;
export const CONFIRM_VALID_MS = 72 * HOUR;
const WELCOME_PERCENT = 10;
/** A second sign-up within this time sends no second confirmation mail (double clicks, several tabs). */
const RESEND_AFTER_MS = 10 * 60_000;
const NEWSLETTER_RATE_LIMITS = {
  client: { limit: 10, windowMs: HOUR },
  email: { limit: 3, windowMs: HOUR },
};

export type NewsletterSource = 'footer' | 'home' | 'page' | 'account';
export type NewsletterContext = { secret: string; origin: string; client: string; userAgent: string; now?: Date };

// ---- signed links ----

const mac = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`newsletter:${payload}`).digest('base64url').slice(0, 32);
const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `id.nonce.expires.mac`: the nonce makes it single-use (the row forgets it once used). */
export function confirmToken(secret: string, id: number, nonce: string, expiresAt: number): string {
  const payload = `confirm.${id}.${nonce}.${expiresAt}`;
  return `${id}.${nonce}.${expiresAt}.${mac(secret, payload)}`;
}

export function readConfirmToken(secret: string, token: string, now: number): { id: number; nonce: string } | 'invalid' | 'expired' {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{16,64})\.(\d{10,16})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return 'invalid';
  const [, id, nonce, expires, sig] = m;
  if (!same(sig!, mac(secret, `confirm.${id}.${nonce}.${expires}`))) return 'invalid';
  if (now > Number(expires)) return 'expired';
  return { id: Number(id), nonce: nonce! };
}

/** `id.mac`: an unsubscribe link never expires (it is in every newsletter). */
export const unsubscribeToken = (secret: string, id: number) => `${id}.${mac(secret, `unsubscribe.${id}`)}`;

function readUnsubscribeToken(secret: string, token: string): number | null {
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{32})$/.exec(token);
  return m && same(m[2]!, mac(secret, `unsubscribe.${m[1]}`)) ? Number(m[1]) : null;
}

// ---- sign-up ----

class RateLimited extends Error {}

/**
 * Stores the address as pending with the proof of consent and queues the confirmation mail. The same
 * answer whatever the address's state (no enumeration): a confirmed address changes nothing and gets no
 * mail; a pending one is not mailed again within ten minutes. The row is locked, so concurrent sign-ups
 * of one address make one row and one mail.
 */
export async function subscribe(db: Db, email: string, source: NewsletterSource, ctx: NewsletterContext): Promise<'ok' | 'rate_limited'> {
  const now = ctx.now ?? new Date();
  const address = email.trim().toLowerCase();
  try {
    await db.transaction(async (tx) => {
      for (const [key, { limit, windowMs }] of [
        [`newsletter:client:${ctx.client}`, NEWSLETTER_RATE_LIMITS.client],
        [`newsletter:email:${address}`, NEWSLETTER_RATE_LIMITS.email],
      ] as const) {
        if (!(await hitRateLimit(tx, key, limit, windowMs, now)).allowed) throw new RateLimited();
      }
      const proof = { consentAt: now, consentIp: ctx.client, consentUserAgent: ctx.userAgent.slice(0, 500), consentTextVersion: t.textVersion, consentSource: source };
      const row = await lockSubscriber(tx, address, proof);
      if (!row || row.status === 'confirmed') return;
      if (row.status === 'pending' && row.confirmSentAt && now.getTime() - row.confirmSentAt.getTime() < RESEND_AFTER_MS) return;
      const nonce = crypto.randomBytes(18).toString('base64url');
      await tx
        .update(s.newsletterSubscribers)
        .set({ status: 'pending', ...proof, confirmNonce: nonce, confirmSentAt: now })
        .where(eq(s.newsletterSubscribers.id, row.id));
      const token = confirmToken(ctx.secret, row.id, nonce, now.getTime() + CONFIRM_VALID_MS);
      await enqueueMail(tx, {
        template: 'newsletter_confirm',
        to: address,
        data: { confirmUrl: `${ctx.origin}/nieuwsbrief/bevestigen?t=${token}`, validHours: CONFIRM_VALID_MS / HOUR },
      });
    });
  } catch (e) {
    if (e instanceof RateLimited) return 'rate_limited';
    throw e;
  }
  kickMail();
  return 'ok';
}

/** The address's subscriber row, locked; a new address is first stored as pending with its consent proof. */
async function lockSubscriber(tx: Db, address: string, proof: Omit<typeof s.newsletterSubscribers.$inferInsert, 'email' | 'status'>) {
  await tx
    .insert(s.newsletterSubscribers)
    .values({ email: address, status: 'pending', ...proof })
    .onConflictDoNothing({ target: s.newsletterSubscribers.email });
  const [row] = await tx.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, address)).for('update');
  return row;
}

/**
 * A logged-in customer's own, already confirmed address: subscribed at once (their account proved the
 * address), with the welcome mail; the consent proof is kept as for any sign-up.
 */
export async function subscribeConfirmed(db: Db, email: string, ctx: NewsletterContext): Promise<void> {
  const now = ctx.now ?? new Date();
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    const proof = { consentAt: now, consentIp: ctx.client, consentUserAgent: ctx.userAgent.slice(0, 500), consentTextVersion: t.textVersion, consentSource: 'account' };
    const row = await lockSubscriber(tx, address, proof);
    if (!row || row.status === 'confirmed') return;
    await tx.update(s.newsletterSubscribers).set({ ...proof }).where(eq(s.newsletterSubscribers.id, row.id));
    await welcome(tx, row.id, address, ctx, now);
  });
  kickMail();
}

/** Marks the row confirmed, gives the welcome code if this address never had one, and queues the welcome mail. */
async function welcome(tx: Db, id: number, address: string, ctx: NewsletterContext, now: Date) {
  await tx.update(s.newsletterSubscribers).set({ status: 'confirmed', confirmNonce: null, confirmedAt: now, unsubscribedAt: null }).where(eq(s.newsletterSubscribers.id, id));
  const code = `WELKOM-${randomCode(8)}`;
  const [given] = await tx
    .update(s.newsletterSubscribers)
    .set({ welcomeCouponCode: code })
    .where(and(eq(s.newsletterSubscribers.id, id), isNull(s.newsletterSubscribers.welcomeCouponCode)))
    .returning({ code: s.newsletterSubscribers.welcomeCouponCode });
  if (given) {
    await tx.insert(s.coupons).values({
      code,
      kind: 'percent',
      percent: WELCOME_PERCENT,
      usageLimit: 1,
      perCustomerLimit: 1,
      isPublic: false,
      description: `${WELCOME_PERCENT}% welkomstkorting voor de nieuwsbrief`,
    });
  }
  await enqueueMail(tx, {
    template: 'newsletter_welcome',
    to: address,
    data: { couponCode: given ? code : null, percent: WELCOME_PERCENT, shopUrl: `${ctx.origin}/product`, unsubscribeUrl: `${ctx.origin}/nieuwsbrief/afmelden?t=${unsubscribeToken(ctx.secret, id)}` },
  });
  return !!given;
}

// No 0/O, 1/I/L: a code read from a phone screen must be typed right the first time.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
function randomCode(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

export type ConfirmOutcome = 'confirmed' | 'confirmed_again' | 'already' | 'invalid' | 'expired';

/**
 * Confirms a sign-up once: the update only matches while the row still holds the link's nonce, so of
 * several concurrent confirmations exactly one wins (one code, one welcome mail); the others see
 * 'already'. A used, replaced or forged link is 'invalid'.
 */
export async function confirm(db: Db, token: string, ctx: NewsletterContext): Promise<ConfirmOutcome> {
  const now = ctx.now ?? new Date();
  const read = readConfirmToken(ctx.secret, token, now.getTime());
  if (read === 'invalid' || read === 'expired') return read;
  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    const [row] = await tx
      .update(s.newsletterSubscribers)
      .set({ confirmNonce: null })
      .where(and(eq(s.newsletterSubscribers.id, read.id), eq(s.newsletterSubscribers.confirmNonce, read.nonce), eq(s.newsletterSubscribers.status, 'pending')))
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: s.newsletterSubscribers.status }).from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.id, read.id));
      return current?.status === 'confirmed' ? 'already' : 'invalid';
    }
    return (await welcome(tx, row.id, row.email, ctx, now)) ? 'confirmed' : 'confirmed_again';
  });
  kickMail();
  return outcome;
}

/** One-click unsubscribe: idempotent; null for a forged link. */
export async function unsubscribe(db: Db, token: string, secret: string, now = new Date()): Promise<{ email: string } | null> {
  const id = readUnsubscribeToken(secret, token);
  if (id === null) return null;
  const [row] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.id, id));
  if (!row) return null;
  if (row.status !== 'unsubscribed') {
    await db.update(s.newsletterSubscribers).set({ status: 'unsubscribed', confirmNonce: null, unsubscribedAt: now }).where(eq(s.newsletterSubscribers.id, id));
  }
  return { email: row.email };
}

/** Whose unsubscribe link this is, for the confirm page (null for a forged link). */
export async function subscriberFor(db: Db, token: string, secret: string): Promise<{ email: string; status: string } | null> {
  const id = readUnsubscribeToken(secret, token);
  if (id === null) return null;
  const [row] = await db.select({ email: s.newsletterSubscribers.email, status: s.newsletterSubscribers.status }).from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.id, id));
  return row ?? null;
}

/** The account page's toggle: the state of this address. */
export async function subscriptionOf(db: Db, email: string) {
  const [row] = await db.select().from(s.newsletterSubscribers).where(eq(s.newsletterSubscribers.email, email.trim().toLowerCase()));
  return row ?? null;
}

/** The account page's "Afmelden": by the logged-in customer's own address. */
export async function unsubscribeEmail(db: Db, email: string, now = new Date()) {
  await db
    .update(s.newsletterSubscribers)
    .set({ status: 'unsubscribed', confirmNonce: null, unsubscribedAt: now })
    .where(eq(s.newsletterSubscribers.email, email.trim().toLowerCase()));
}
