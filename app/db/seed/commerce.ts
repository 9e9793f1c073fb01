import { eq } from 'drizzle-orm';
import { inEveryCurrency } from '../../modules/catalog/pack-pricing.ts';
import type { Db } from '../client.server.ts';
import * as s from '../schema/index.ts';

// Euro amount in every shop currency, rounded to whole units (the shop's rounded rates, see pack-pricing.ts).
const everyCurrency = (euros: number) => inEveryCurrency(euros * 100);

type CouponSeed = typeof s.coupons.$inferInsert;

// Demo codes: the public ones appear on /kortingscodes; the others show the rules (single use, expired).
const couponSeeds: CouponSeed[] = [
  { code: 'WELKOM10', kind: 'percent', percent: 10, perCustomerLimit: 1, isPublic: true, description: '10% korting op je eerste bestelling, ook als dank voor je aanmelding voor de nieuwsbrief.' },
  { code: 'ZOMER5', kind: 'fixed', amounts: everyCurrency(5), minOrder: everyCurrency(40), isPublic: true, validUntil: new Date('2027-09-30T21:59:59Z'), description: '5 euro korting vanaf 40 euro aan zaden.' },
  { code: 'GRATISVERZENDING', kind: 'free_shipping', minOrder: everyCurrency(25), isPublic: true, description: 'Gratis verzending vanaf 25 euro, met elke verzendmethode.' },
  { code: 'VIP-K7M2Q9', kind: 'fixed', amounts: everyCurrency(15), usageLimit: 1, description: 'Eenmalige code voor een trouwe klant.' },
  { code: 'VOORJAAR2025', kind: 'percent', percent: 15, validUntil: new Date('2025-05-31T21:59:59Z'), description: 'Verlopen voorjaarsactie.' },
];

/** Coupons and the free-seed promotion; existing rows keep their usage counters. */
export async function seedCommerce(tx: Db) {
  for (const c of couponSeeds) {
    const { code: _code, usedCount: _used, ...rules } = c;
    await tx.insert(s.coupons).values(c).onConflictDoUpdate({ target: s.coupons.code, set: rules });
  }
  // Gifts: the free single seeds of the catalogue (every 7th strain has one), from a first free seed to three.
  const freePacks = await tx
    .select({ id: s.productPacks.id, name: s.products.name })
    .from(s.productPacks)
    .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
    .where(eq(s.productPacks.isFree, true))
    .orderBy(s.productPacks.id);
  const tiers = [
    { euros: 50, quantity: 1 },
    { euros: 100, quantity: 1 },
  ];
  // Staff manage promotions on /beheer/acties from then on: a re-seed leaves theirs alone.
  const [existing] = await tx.select({ id: s.freePackPromotions.id }).from(s.freePackPromotions).limit(1);
  if (existing) return;
  for (const [i, t] of tiers.entries()) {
    const pack = freePacks[i];
    if (!pack) continue;
    await tx.insert(s.freePackPromotions).values({
      name: `Gratis ${pack.name}-zaadje vanaf €${t.euros}`,
      packId: pack.id,
      quantity: t.quantity,
      thresholds: everyCurrency(t.euros),
    });
  }
}
