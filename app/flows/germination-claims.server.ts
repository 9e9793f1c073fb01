// The germination guarantee (ADR 074) across modules: a customer's claim (its photos checked and re-encoded by the
// images module, the rules and the line by the claims module, the mail through the outbox), and staff's decision:
// a zero-price replacement order (stock taken like a sale, shipped like any order), or a rejection with a reason.
// Each runs in one transaction; the claim's row lock and its conditional update make a decision happen once.
import crypto from 'node:crypto';
import type { Db } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { claims as t } from '~/i18n/nl/claims.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { enqueueMail, kickMail } from '~/lib/mail-outbox.server.ts';
import { checkClaimNumbers, claimCreditMinor, MAX_CLAIM_PHOTOS, replacementQuantity } from '~/modules/claims/claims.ts';
import { canHoldCredit, grantCredit } from '~/modules/credit/credit.server.ts';
import type { ClaimInput } from '~/modules/claims/claims.schemas.ts';
import { claimLines, decideClaim, type Decision, insertClaim, type LockedClaim, lockClaim, readClaimRules } from '~/modules/claims/claims.server.ts';
import { stockChanged } from '~/modules/catalog/catalog.server.ts';
import { stockCap } from '~/modules/catalog/catalog.ts';
import { CLAIM_PHOTO_MIN_SIDE, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '~/modules/images/upload-limits.ts';
import { ImageUploadError, type PreparedImage, prepareClaimPhoto } from '~/modules/images/uploads.server.ts';
import type { ClaimMail, ClaimMailTemplate } from '~/modules/mail/mail.ts';
import { type OrderLinks, orderStatusPath, takeStock } from '~/modules/orders/orders.server.ts';
import { orderNumber } from '~/modules/orders/orders.ts';

type OrderRow = typeof s.orders.$inferSelect;
type FieldErrors = Record<string, string[]>;
export type SubmitClaimResult = { ok: true; claimId: number } | { ok: false; status: 400 | 409; fieldErrors: FieldErrors; formError?: string };

// ---- the customer's claim ----------------------------------------------------------------------

/** The files the form sent: an empty file input sends one nameless, empty file. */
const realFiles = (files: FormDataEntryValue[]) => files.filter((f): f is File => typeof f !== 'string' && f.size > 0);

/** One to three photos, each checked and re-encoded; the first refusal as the field's message. */
async function preparePhotos(files: File[]): Promise<{ photos: PreparedImage[] } | { error: string }> {
  if (files.length === 0) return { error: t.errors.photoMissing };
  if (files.length > MAX_CLAIM_PHOTOS) return { error: t.errors.tooManyPhotos(MAX_CLAIM_PHOTOS) };
  const photos: PreparedImage[] = [];
  for (const file of files) {
    // Refused before it is read into memory a second time.
    if (file.size > IMAGE_MAX_BYTES) return { error: t.errors.photo.tooLarge(IMAGE_MAX_BYTES / 1024 / 1024) };
    try {
      photos.push(await prepareClaimPhoto(new Uint8Array(await file.arrayBuffer())));
    } catch (e) {
      if (!(e instanceof ImageUploadError)) throw e;
      const m = t.errors.photo;
      return { error: { type: m.type, tooLarge: m.tooLarge(IMAGE_MAX_BYTES / 1024 / 1024), tooSmall: m.tooSmall(CLAIM_PHOTO_MIN_SIDE), tooManyPixels: m.tooManyPixels(IMAGE_MAX_PIXELS / 1e6), unreadable: m.unreadable }[e.code] };
    }
  }
  return { photos };
}

function claimMail(template: ClaimMailTemplate, order: OrderRow, line: { productName: string }, claim: { seedsSown: number; seedsFailed: number }, links: OrderLinks, extra: Partial<ClaimMail['data']> = {}): ClaimMail {
  return {
    template,
    to: order.email,
    data: {
      firstName: order.shippingAddress.firstName,
      orderNumber: order.number,
      statusUrl: links.origin + orderStatusPath(links, order.number, order.email),
      product: line.productName,
      seedsSown: claim.seedsSown,
      seedsFailed: claim.seedsFailed,
      ...extra,
    },
  };
}

/**
 * A customer's claim for one line of their order (the route has checked that the order is theirs): the line must be
 * claimable under the shop's rules now, the numbers must fit the line and the rules, and 1–3 photos must pass the
 * image checks. The unique line makes a second submit (a double click, another tab) a 409, not a second claim.
 */
export async function submitClaim(db: Db, order: OrderRow, input: ClaimInput, files: FormDataEntryValue[], links: OrderLinks, now = new Date()): Promise<SubmitClaimResult> {
  const rules = await readClaimRules(db);
  const line = (await claimLines(db, order, rules, now)).find((l) => l.id === input.lineId);
  if (!line) return { ok: false, status: 400, fieldErrors: {}, formError: t.errors.line };
  if (!line.eligibility.ok) return { ok: false, status: line.eligibility.why === 'claimed' ? 409 : 400, fieldErrors: {}, formError: t.ineligible[line.eligibility.why] };
  const fieldErrors: FieldErrors = {};
  for (const e of checkClaimNumbers(input, line, rules))
    fieldErrors[e.field] = [e.error === 'tooManySown' ? t.errors.tooManySown(line.seeds * line.quantity) : e.error === 'tooFewFailed' ? t.errors.tooFewFailed(rules.minFailedSeeds) : t.errors.moreFailedThanSown];
  if (Object.keys(fieldErrors).length) return { ok: false, status: 400, fieldErrors };
  const prepared = await preparePhotos(realFiles(files));
  if ('error' in prepared) return { ok: false, status: 400, fieldErrors: { photos: [prepared.error] } };

  const claimId = await db.transaction(async (tx) => {
    const id = await insertClaim(
      tx,
      { orderId: order.id, orderLineId: line.id, seedsSown: input.seedsSown, seedsFailed: input.seedsFailed, method: input.method, note: input.note, photos: prepared.photos },
      now,
    );
    if (id !== null) await enqueueMail(tx, claimMail('claim_received', order, { productName: line.name }, input, links));
    return id;
  });
  if (claimId === null) return { ok: false, status: 409, fieldErrors: {}, formError: t.errors.already };
  kickMail();
  return { ok: true, claimId };
}

// ---- staff's decision ----------------------------------------------------------------------------

export class ClaimDecisionError extends Error {
  constructor(
    readonly code: 'not_found' | 'decided' | 'out_of_stock' | 'no_account',
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
  }
}

/** The claim locked and still waiting for a decision, or the refusal. */
async function openClaim(tx: Db, claimId: number): Promise<LockedClaim> {
  const locked = await lockClaim(tx, claimId);
  if (!locked) throw new ClaimDecisionError('not_found');
  if (locked.claim.state !== 'submitted') throw new ClaimDecisionError('decided');
  return locked;
}

async function recordDecision(tx: Db, actor: Actor, locked: LockedClaim, decision: Decision, now: Date) {
  // Under the row lock the state was 'submitted'; the conditional update is the second guard.
  if (!(await decideClaim(tx, actor, locked, decision, now))) throw new ClaimDecisionError('decided');
}

/**
 * The replacement: as many of the same pack as cover the failed seeds, at zero price, to the order's shipping
 * address. It is paid (nothing to pay), holds its stock and has its parcel ready, so staff ship it from its
 * order page like any other; its idempotency key is the claim's, so one claim can never make two orders.
 */
async function writeReplacementOrder(tx: Db, locked: LockedClaim, now: Date) {
  const { claim, line, order } = locked;
  const quantity = replacementQuantity(line.seeds, claim.seedsFailed);
  const taken = await takeStock(tx, [{ packId: line.packId, quantity }]);
  if (taken.short.length) throw new ClaimDecisionError('out_of_stock', line.productName);
  let replacement: OrderRow | undefined;
  for (let i = 0; i < 5 && !replacement; i++)
    [replacement] = await tx
      .insert(s.orders)
      .values({
        number: orderNumber((n) => crypto.randomBytes(n)),
        idempotencyKey: `claim:${claim.id}`,
        email: order.email,
        userId: order.userId,
        regionCode: order.regionCode,
        currency: order.currency,
        status: 'new',
        paymentState: 'complete',
        paymentMethod: order.paymentMethod,
        subtotalMinor: 0,
        discountMinor: 0,
        shippingMinor: 0,
        totalMinor: 0,
        carrier: order.carrier,
        deliveryMinDays: order.deliveryMinDays,
        deliveryMaxDays: order.deliveryMaxDays,
        shippingAddress: order.shippingAddress,
        billingAddress: order.billingAddress,
        stockReserved: true,
        expiresAt: null,
        createdAt: now,
        paidAt: now,
      })
      .onConflictDoNothing({ target: s.orders.number })
      .returning();
  if (!replacement) throw new Error('no free order number after 5 tries');
  await tx.insert(s.orderLines).values({ orderId: replacement.id, packId: line.packId, productSlug: line.productSlug, productName: line.productName, seeds: line.seeds, quantity, unitPriceMinor: 0 });
  await tx.insert(s.shipments).values({ orderId: replacement.id, carrier: order.carrier, createdAt: now });
  return { replacement, lowStock: taken.left.some((k) => k.stock < stockCap(k.lowStock)) };
}

/** Approves a claim with a replacement order; its number. Two staff at once: one order, the other 'decided'. */
export async function approveWithReplacement(db: Db, actor: Actor, claimId: number, links: OrderLinks, now = new Date()): Promise<{ number: string }> {
  const done = await db.transaction(async (tx) => {
    const locked = await openClaim(tx, claimId);
    const { replacement, lowStock } = await writeReplacementOrder(tx, locked, now);
    await recordDecision(tx, actor, locked, { state: 'approved', outcome: 'replacement', replacementOrderId: replacement.id, replacementNumber: replacement.number }, now);
    const url = links.origin + orderStatusPath(links, replacement.number, replacement.email);
    await enqueueMail(tx, claimMail('claim_approved', locked.order, locked.line, locked.claim, links, { replacement: { number: replacement.number, url } }));
    return { number: replacement.number, lowStock };
  });
  if (done.lowStock) await stockChanged(db);
  kickMail();
  return { number: done.number };
}

/** Rejects a claim with the reason the customer reads (on the order and in the mail). */
export async function rejectClaim(db: Db, actor: Actor, claimId: number, reason: string, links: OrderLinks, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await openClaim(tx, claimId);
    await recordDecision(tx, actor, locked, { state: 'rejected', reason }, now);
    await enqueueMail(tx, claimMail('claim_rejected', locked.order, locked.line, locked.claim, links, { reason }));
  });
  kickMail();
}

/**
 * Approves a claim as store credit (ADR 073's ledger): the failed seeds at the price per seed paid, in the order's
 * currency, for the order's account; a guest order has no account to hold credit ('no_account'). The ledger's
 * source key is the claim's, so the credit is booked once whatever happens.
 */
export async function approveWithCredit(db: Db, actor: Actor, claimId: number, links: OrderLinks, now = new Date()): Promise<{ amountMinor: number; currency: string }> {
  const done = await db.transaction(async (tx) => {
    const locked = await openClaim(tx, claimId);
    const { claim, line, order } = locked;
    const amountMinor = claimCreditMinor(line, claim.seedsFailed);
    // A guest's order (or an account deleted since) has nowhere to hold credit; the page offers only the replacement.
    if (order.userId === null || !(await canHoldCredit(tx, order.userId)) || amountMinor <= 0) throw new ClaimDecisionError('no_account');
    await grantCredit(tx, { userId: order.userId, currency: order.currency, amountMinor, kind: 'claim', reason: t.staff.credit.reason(order.number), orderId: order.id, staffId: actor.staffId, sourceKey: `claim:${claim.id}`, now });
    await recordDecision(tx, actor, locked, { state: 'approved', outcome: 'credit', creditMinor: amountMinor }, now);
    await enqueueMail(tx, claimMail('claim_approved', order, line, claim, links, { credit: { amount: amountMinor, currency: order.currency } }));
    return { amountMinor, currency: order.currency };
  });
  kickMail();
  return done;
}
