import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { queryRows } from '~/db/client.server.ts';
import * as s from '~/db/schema/index.ts';
import { seed } from '~/db/seed/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { insertTestOrder } from '~/test/test-order.server.ts';
import { insertTestUser } from '~/test/test-user.server.ts';
import { parseReviewQuery } from './reviews.ts';
import {
  allowHelpfulVote,
  allowReviewWrite,
  isVerifiedBuyer,
  listReviews,
  ownReview,
  productReviews,
  saveReview,
  setReviewStatus,
  VOTE_RATE_LIMIT,
  votedReviewIds,
  voteHelpful,
  WRITE_RATE_LIMITS,
} from './reviews.server.ts';

const query = (q: string) => parseReviewQuery(new URLSearchParams(q));

describeEachDatabase('reviews', (database) => {
  const user = () => insertTestUser(database().db, { emailPrefix: 'recensent', name: 'Sanne de Vries' });
  const product = async (slug: string) => (await database().db.select().from(s.products).where(eq(s.products.slug, slug)))[0]!;
  const derived = (slug: string) =>
    queryRows<{ avg: number; n: number }>(
      database().db,
      sql`select coalesce(round(avg(r.rating) * 10)::int, 0) as avg, count(r.id)::int as n from products p left join reviews r on r.product_id = p.id and r.status = 'published' where p.slug = ${slug}`,
    ).then((r) => r[0]!);
  const write = (userId: number, productId: number, rating = 4, title = 'Mooie zaden') =>
    saveReview(database().db, {
      userId,
      productId,
      authorName: 'Sanne V.',
      rating,
      title,
      body: 'Snel geleverd en netjes verpakt, de zaden zien er gaaf uit.',
    });

  beforeAll(async () => {
    expect((await queryRows<{ n: number }>(database().db, sql`select count(*)::int as n from reviews`))[0]!.n).toBeGreaterThan(200);
  });

  it('the seed derives every product’s rating and count from its published reviews', async () => {
    const bad = await queryRows(
      database().db,
      sql`select p.slug from products p
          where p.review_count <> (select count(*) from reviews r where r.product_id = p.id and r.status = 'published')
             or p.rating_avg <> coalesce((select round(avg(r.rating) * 10)::int from reviews r where r.product_id = p.id and r.status = 'published'), 0)`,
    );
    expect(bad).toEqual([]);
    const nl = await product('northern-lights');
    expect(nl.reviewCount).toBeGreaterThanOrEqual(10);
    expect(nl.ratingAvg).toBeGreaterThanOrEqual(35);
  });

  it('re-seeding keeps the reviews, their ids and live helpful votes', async () => {
    const { db } = database();
    const before = await queryRows<{ id: number; seed_key: string }>(db, sql`select id, seed_key from reviews where seed_key is not null order by id`);
    const target = before[0]!.id;
    expect(await voteHelpful(db, target, 'v:reseed-voter-aaaaaaaaaaaaaa')).toMatchObject({ ok: true, counted: true });
    const [{ helpful_count: votes }] = (await queryRows<{ helpful_count: number }>(db, sql`select helpful_count from reviews where id = ${target}`)) as [
      { helpful_count: number },
    ];
    await seed(db);
    expect(await queryRows(db, sql`select id, seed_key from reviews where seed_key is not null order by id`)).toEqual(before);
    expect((await queryRows<{ helpful_count: number }>(db, sql`select helpful_count from reviews where id = ${target}`))[0]!.helpful_count).toBe(votes);
  });

  it('lists newest first, ten per page, and knows the last page', async () => {
    const { db } = database();
    const all = (await listReviews(db, query('')))!;
    expect(all.items).toHaveLength(10);
    expect(all.total).toBe(all.summary.count);
    expect(all.pageCount).toBe(Math.ceil(all.total / 10));
    const dates = all.items.map((r) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = (await listReviews(db, query('pagina=2')))!;
    expect(page2.items.map((r) => r.id)).not.toContain(all.items[0]!.id);
    expect(await listReviews(db, query(`pagina=${all.pageCount + 1}`))).toBeNull();
    expect(await listReviews(db, query('product=bestaat-niet'))).toBeNull();
  });

  it('filters by strain, stars, verified and type; the distribution ignores the star filter', async () => {
    const { db } = database();
    const nl = await product('northern-lights');
    const forStrain = (await listReviews(db, query('product=northern-lights')))!;
    expect(forStrain.product).toMatchObject({ slug: 'northern-lights', name: 'Northern Lights' });
    expect(forStrain.total).toBe(nl.reviewCount);
    expect(forStrain.summary.avg10).toBe(nl.ratingAvg);
    expect(forStrain.items.every((r) => r.product.slug === 'northern-lights')).toBe(true);

    const fives = (await listReviews(db, query('product=northern-lights&sterren=5')))!;
    expect(fives.items.every((r) => r.rating === 5)).toBe(true);
    expect(fives.total).toBe(forStrain.summary.distribution.find((d) => d.stars === 5)!.count);
    expect(fives.summary).toEqual(forStrain.summary);

    const verified = (await listReviews(db, query('geverifieerd=1')))!;
    expect(verified.items.every((r) => r.verified)).toBe(true);
    expect(verified.total).toBeLessThan((await listReviews(db, query('')))!.total);

    const sativa = (await listReviews(db, query('type=sativa')))!;
    const sativaSlugs = new Set((await db.select({ slug: s.products.slug }).from(s.products).where(eq(s.products.type, 'sativa'))).map((p) => p.slug));
    expect(sativa.total).toBeGreaterThan(0);
    expect(sativa.items.every((r) => sativaSlugs.has(r.product.slug))).toBe(true);
  });

  it('sorts by most helpful, highest and lowest rating', async () => {
    const { db } = database();
    const helpful = (await listReviews(db, query('sorteer=nuttigst')))!.items.map((r) => r.helpfulCount);
    expect(helpful).toEqual([...helpful].sort((a, b) => b - a));
    expect((await listReviews(db, query('sorteer=hoogste')))!.items.every((r) => r.rating === 5)).toBe(true);
    const lowest = (await listReviews(db, query('sorteer=laagste')))!.items.map((r) => r.rating);
    expect(lowest[0]).toBe(1);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
  });

  it('the product tab shows the strain’s most helpful reviews and its distribution', async () => {
    const { db } = database();
    const nl = await product('northern-lights');
    const tab = await productReviews(db, nl.id);
    expect(tab.items).toHaveLength(3);
    expect(tab.summary.count).toBe(nl.reviewCount);
    expect(tab.items.map((r) => r.helpfulCount)).toEqual([...tab.items.map((r) => r.helpfulCount)].sort((a, b) => b - a));
    const translated = (await listReviews(db, query('product=northern-lights')))!.items.concat(
      (await listReviews(db, query('product=northern-lights&pagina=2')))!.items,
    );
    expect(translated.some((r) => r.language !== 'nl' && r.originalBody)).toBe(true);
  });

  it('20 concurrent “Nuttig” votes by one visitor count once', async () => {
    const { db } = database();
    const nl = await product('white-widow');
    const { items } = await productReviews(db, nl.id);
    const review = items[0]!;
    const voter = 'v:same-visitor-0000000000000';
    const results = await Promise.all(Array.from({ length: 20 }, () => voteHelpful(db, review.id, voter)));
    expect(results.filter((r) => r.ok && r.counted)).toHaveLength(1);
    expect(results.every((r) => r.ok)).toBe(true);
    const [row] = await db.select({ n: s.reviews.helpfulCount }).from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(row!.n).toBe(review.helpfulCount + 1);
    expect(
      await votedReviewIds(
        db,
        voter,
        items.map((r) => r.id),
      ),
    ).toEqual([review.id]);
    // Voting again later is no error and changes nothing.
    expect(await voteHelpful(db, review.id, voter)).toEqual({ ok: true, counted: false, helpfulCount: review.helpfulCount + 1 });
  });

  it('20 concurrent votes by 20 visitors count 20', async () => {
    const { db } = database();
    const { items } = await productReviews(db, (await product('amnesia-haze')).id);
    const review = items[1]!;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => voteHelpful(db, review.id, `v:visitor-${String(i).padStart(20, '0')}`)));
    expect(results.filter((r) => r.ok && r.counted)).toHaveLength(20);
    const [row] = await db.select({ n: s.reviews.helpfulCount }).from(s.reviews).where(eq(s.reviews.id, review.id));
    expect(row!.n).toBe(review.helpfulCount + 20);
  });

  it('refuses a vote on an unknown or hidden review, and on one’s own', async () => {
    const { db } = database();
    expect(await voteHelpful(db, 2_000_000_000, 'u:1')).toEqual({ ok: false, reason: 'unknown' });
    const u = await user();
    const p = await product('gelato');
    const saved = await write(u, p.id);
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.id : 0;
    expect(await voteHelpful(db, id, `u:${u}`, u)).toEqual({ ok: false, reason: 'own' });
    await setReviewStatus(db, id, 'hidden');
    expect(await voteHelpful(db, id, 'u:999999', 999999)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('rate limits: votes per client, writes per customer and per client', async () => {
    const { db } = database();
    const client = `ip:vote-${Date.now()}`;
    for (let i = 0; i < VOTE_RATE_LIMIT.limit; i++) expect(await allowHelpfulVote(db, client)).toBe(true);
    expect(await allowHelpfulVote(db, client)).toBe(false);
    expect(await allowHelpfulVote(db, `${client}-other`)).toBe(true);

    const [a, b] = [await user(), await user()];
    const writer = `ip:write-${Date.now()}`;
    for (let i = 0; i < WRITE_RATE_LIMITS.user.limit; i++) expect(await allowReviewWrite(db, a, writer)).toBe(true);
    expect(await allowReviewWrite(db, a, `${writer}-other`)).toBe(false);
    for (let i = WRITE_RATE_LIMITS.user.limit; i < WRITE_RATE_LIMITS.ip.limit; i++) expect(await allowReviewWrite(db, b + i, writer)).toBe(true);
    expect(await allowReviewWrite(db, b, writer)).toBe(false);
  });

  it('a customer writes one review per strain: a second submit replaces it; ratings and the catalogue follow', async () => {
    const { db } = database();
    const u = await user();
    const p = await product('skunk-1');
    await loadCatalogue(db); // cached before the write
    const first = await write(u, p.id, 1, 'Eerste indruk');
    expect(first).toMatchObject({ ok: true, created: true, verified: false, status: 'published' });
    expect(await derived('skunk-1')).toEqual({ avg: (await product('skunk-1')).ratingAvg, n: p.reviewCount + 1 });
    const second = await write(u, p.id, 5, 'Toch heel tevreden');
    expect(second).toMatchObject({ ok: true, created: false, status: 'published' });
    expect(first.ok && second.ok && first.id === second.id).toBe(true);
    expect(await ownReview(db, u, p.id)).toMatchObject({ rating: 5, title: 'Toch heel tevreden' });
    const after = await product('skunk-1');
    expect(after.reviewCount).toBe(p.reviewCount + 1);
    expect(await derived('skunk-1')).toEqual({ avg: after.ratingAvg, n: after.reviewCount });
    // The cached catalogue was dropped: it shows the new numbers.
    expect((await loadCatalogue(db)).bySlug.get('skunk-1')).toMatchObject({ ratingAvg: after.ratingAvg, reviewCount: after.reviewCount });
    const listed = (await listReviews(db, query('product=skunk-1&sorteer=nieuwste')))!;
    expect(listed.items.filter((r) => r.title === 'Toch heel tevreden')).toHaveLength(1);
  });

  it('concurrent submits: one customer twice at once → one review; ten customers at once → ten, and the count is exact', async () => {
    const { db } = database();
    const p = await product('blue-dream');
    const u = await user();
    await Promise.all([write(u, p.id, 3), write(u, p.id, 4)]);
    expect(await queryRows(db, sql`select id from reviews where user_id = ${u}`)).toHaveLength(1);
    const users = await Promise.all(Array.from({ length: 10 }, () => user()));
    const results = await Promise.all(users.map((id, i) => write(id, p.id, (i % 5) + 1)));
    expect(results.every((r) => r.ok && r.created)).toBe(true);
    const after = await product('blue-dream');
    expect(after.reviewCount).toBe(p.reviewCount + 11);
    expect(await derived('blue-dream')).toEqual({ avg: after.ratingAvg, n: after.reviewCount });
  });

  it('is verified when the customer bought the strain in a paid or shipped order, not in a new one', async () => {
    const { db } = database();
    const [{ product_id: productId }] = (await queryRows<{ product_id: number }>(
      db,
      sql`select product_id from product_packs where not is_free order by id limit 1`,
    )) as [{ product_id: number }];
    const buyer = await user();
    expect(await isVerifiedBuyer(db, buyer, productId)).toBe(false);
    await insertTestOrder(db, { email: 'koper@example.nl', userId: buyer, status: 'new' });
    expect(await isVerifiedBuyer(db, buyer, productId)).toBe(false);
    await insertTestOrder(db, { email: 'koper@example.nl', userId: buyer, status: 'shipped' });
    expect(await isVerifiedBuyer(db, buyer, productId)).toBe(true);
    expect(await write(buyer, productId)).toMatchObject({ ok: true, verified: true });
    expect(await saveReview(db, { userId: buyer, productId: 2_000_000_000, authorName: 'X', rating: 3, title: 'Titel', body: 'x'.repeat(40) })).toEqual({
      ok: false,
      reason: 'unknown_product',
    });
  });

  it('hiding a review takes it out of the listing and the numbers; showing it again puts it back', async () => {
    const { db } = database();
    const p = await product('northern-lights');
    const { items } = await productReviews(db, p.id);
    const target = items[0]!;
    expect(await setReviewStatus(db, target.id, 'hidden')).toBe(true);
    expect((await product('northern-lights')).reviewCount).toBe(p.reviewCount - 1);
    expect((await productReviews(db, p.id)).items.map((r) => r.id)).not.toContain(target.id);
    expect(await setReviewStatus(db, target.id, 'published')).toBe(true);
    expect(await product('northern-lights')).toMatchObject({ reviewCount: p.reviewCount, ratingAvg: p.ratingAvg });
    expect(await setReviewStatus(db, 2_000_000_000, 'hidden')).toBe(false);
  });
});
