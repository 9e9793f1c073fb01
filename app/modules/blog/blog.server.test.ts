import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { postSeeds } from '~/db/seed/blog.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { blogIndex, blogSitemap, getAuthor, listAuthors, listPostCategories } from './blog.server.ts';
import { getPost } from '~/flows/show-post.server.ts';
import { readingMinutes } from '~/lib/markdown.ts';

const request = () => new Request('http://localhost/blog/x', { headers: { cookie: 'locale=nl' } });
const newestFirst = [...postSeeds].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map((p) => p.slug);

describeEachDatabase('blog', (ctx) => {
  it('seeds eight well-formed posts of 400–800 words whose links and strains all exist', async () => {
    expect(postSeeds).toHaveLength(8);
    const slugs = new Set(postSeeds.map((p) => p.slug));
    const products = new Set((await ctx().db.select({ slug: s.products.slug }).from(s.products)).map((r) => r.slug));
    for (const p of postSeeds) {
      const words = p.body.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
      expect(words, p.slug).toBeGreaterThanOrEqual(400);
      expect(words, p.slug).toBeLessThanOrEqual(800);
      for (const strain of [p.coverStrain, ...p.relatedStrains]) expect(products.has(strain), `${p.slug}: ${strain}`).toBe(true);
      for (const [, href] of p.body.matchAll(/\]\((\/[^)]*)\)/g)) {
        const [, kind, slug] = /^\/(blog|product)\/([^/?#]+)$/.exec(href!) ?? [];
        if (kind === 'blog') expect(slugs.has(slug!), `${p.slug} → ${href}`).toBe(true);
        if (kind === 'product') expect(products.has(slug!), `${p.slug} → ${href}`).toBe(true);
      }
    }
  });

  it('lists the newest post as featured and six more on page 1, the rest on page 2', async () => {
    const first = await blogIndex(ctx().db, { category: null, page: 1 });
    expect(first?.featured?.slug).toBe(newestFirst[0]);
    expect(first?.posts.map((p) => p.slug)).toEqual(newestFirst.slice(1, 7));
    expect([first?.total, first?.page, first?.pageCount]).toEqual([8, 1, 2]);
    const second = await blogIndex(ctx().db, { category: null, page: 2 });
    expect(second?.featured).toBeNull();
    expect(second?.posts.map((p) => p.slug)).toEqual(newestFirst.slice(7));
    expect(await blogIndex(ctx().db, { category: null, page: 3 })).toBeNull();
  });

  it('fills a card: category, author, dates and reading minutes', async () => {
    const first = await blogIndex(ctx().db, { category: null, page: 1 });
    const seed = postSeeds.find((p) => p.slug === newestFirst[0])!;
    expect(first?.featured).toEqual({
      slug: seed.slug,
      title: seed.title,
      excerpt: seed.excerpt,
      category: { slug: 'soortenprofielen', name: 'Soortenprofielen' },
      author: { slug: 'joost-verbeek', name: 'Joost Verbeek' },
      publishedAt: new Date(seed.publishedAt).toISOString(),
      updatedAt: new Date(seed.updatedAt).toISOString(),
      readingMinutes: readingMinutes(seed.body),
      coverStrain: seed.coverStrain,
    });
    expect(first!.featured!.readingMinutes).toBeGreaterThanOrEqual(2);
  });

  it('filters by category, counts per category and refuses an unknown one', async () => {
    const categories = await listPostCategories(ctx().db);
    expect(Object.fromEntries(categories.map((c) => [c.slug, c.count]))).toEqual({
      soortenprofielen: 4,
      genetica: 2,
      bewaren: 1,
      'wet-en-regelgeving': 1,
      nieuws: 0,
    });
    const genetica = await blogIndex(ctx().db, { category: 'genetica', page: 1 });
    expect(genetica?.featured).toBeNull();
    expect(genetica?.posts.map((p) => p.slug)).toEqual(newestFirst.filter((slug) => postSeeds.find((p) => p.slug === slug)!.category === 'genetica'));
    expect(genetica?.category?.name).toBe('Genetica');
    const empty = await blogIndex(ctx().db, { category: 'nieuws', page: 1 });
    expect([empty?.posts, empty?.pageCount]).toEqual([[], 1]);
    expect(await blogIndex(ctx().db, { category: 'bestaat-niet', page: 1 })).toBeNull();
    expect(await blogIndex(ctx().db, { category: 'genetica', page: 2 })).toBeNull();
  });

  it('shows a post with its author, table of contents, related posts and strain cards', async () => {
    const post = await getPost(ctx().db, request(), 'skunk-1-geschiedenis');
    expect(post?.title).toBe('Skunk #1: de stamvader van de moderne hybride');
    expect(post?.author.slug).toBe('joost-verbeek');
    expect(post?.category.slug).toBe('soortenprofielen');
    expect(post?.document.toc.map((t) => t.id)).toContain('drie-werelddelen-in-een-plant');
    expect(post?.createdAt).toBe(new Date('2025-06-05T10:00:00Z').toISOString());
    // Related: the three newest others in the same category.
    expect(post?.related.map((p) => p.slug)).toEqual(['haze-sativa-legende', 'soortprofiel-lezen-thc-cbd-bloeitijd', 'northern-lights-geschiedenis']);
    expect(post?.strains.map((p) => p.slug)).toEqual(['skunk-1', 'cheese', 'super-silver-haze', 'big-bud']);
    expect(post?.strains[0]?.currency).toBe('EUR');
    // A category with one post is topped up with the newest posts.
    const law = await getPost(ctx().db, request(), 'cannabiszaden-nederlandse-wet');
    expect(law?.related.map((p) => p.slug)).toEqual(newestFirst.filter((slug) => slug !== 'cannabiszaden-nederlandse-wet').slice(0, 3));
    expect(law?.strains).toEqual([]);
    expect(await getPost(ctx().db, request(), 'bestaat-niet')).toBeNull();
  });

  it('hides drafts and scheduled posts everywhere', async () => {
    const db = ctx().db;
    const [author] = await db.select().from(s.authors).where(eq(s.authors.slug, 'lotte-janssen'));
    const [category] = await db.select().from(s.postCategories).where(eq(s.postCategories.slug, 'nieuws'));
    const base = { excerpt: 'x', body: 'Tekst.', categoryId: category!.id, authorId: author!.id };
    await db.insert(s.posts).values([
      { ...base, slug: 'test-concept', title: 'Concept', status: 'draft', publishedAt: new Date('2025-01-01T00:00:00Z') },
      { ...base, slug: 'test-gepland', title: 'Gepland', status: 'published', publishedAt: sql`now() + interval '1 day'` as unknown as Date },
    ]);
    try {
      expect(await getPost(db, request(), 'test-concept')).toBeNull();
      expect(await getPost(db, request(), 'test-gepland')).toBeNull();
      expect((await listPostCategories(db)).find((c) => c.slug === 'nieuws')?.count).toBe(0);
      expect((await blogIndex(db, { category: null, page: 1 }))?.total).toBe(8);
      expect((await listAuthors(db)).find((a) => a.slug === 'lotte-janssen')?.postCount).toBe(2);
      const sitemap = await blogSitemap(db);
      expect(sitemap.posts.map((p) => p.slug)).toEqual(newestFirst);
      // Once its moment has passed, the scheduled post shows.
      await db
        .update(s.posts)
        .set({ publishedAt: new Date(Date.now() - 1000) })
        .where(eq(s.posts.slug, 'test-gepland'));
      expect((await getPost(db, request(), 'test-gepland'))?.title).toBe('Gepland');
      expect((await blogIndex(db, { category: null, page: 1 }))?.featured?.slug).toBe('test-gepland');
    } finally {
      await db.delete(s.posts).where(sql`${s.posts.slug} like 'test-%'`);
    }
  });

  it('refuses a published post without a publication date', async () => {
    const db = ctx().db;
    const [author] = await db.select().from(s.authors).limit(1);
    const [category] = await db.select().from(s.postCategories).limit(1);
    await expect(
      db
        .insert(s.posts)
        .values({ slug: 'test-zonder-datum', title: 'x', excerpt: 'x', body: 'x', categoryId: category!.id, authorId: author!.id, status: 'published' }),
    ).rejects.toThrow();
  });

  it('lists the authors with their post counts and pages an author’s posts', async () => {
    const authors = await listAuthors(ctx().db);
    expect(authors.map((a) => [a.slug, a.postCount])).toEqual([
      ['joost-verbeek', 4],
      ['lotte-janssen', 2],
      ['sanne-de-vries', 2],
    ]);
    const joost = await getAuthor(ctx().db, 'joost-verbeek', 1);
    expect(joost?.author.role).toBe('Redacteur genetica en geschiedenis');
    expect(joost?.posts.map((p) => p.slug)).toEqual(newestFirst.filter((slug) => postSeeds.find((p) => p.slug === slug)!.author === 'joost-verbeek'));
    expect([joost?.total, joost?.pageCount]).toEqual([4, 1]);
    expect(await getAuthor(ctx().db, 'joost-verbeek', 2)).toBeNull();
    expect(await getAuthor(ctx().db, 'niemand', 1)).toBeNull();
  });

  it('lists authors with posts in the sitemap', async () => {
    const { authors } = await blogSitemap(ctx().db);
    expect(authors.map((a) => a.slug)).toEqual(['joost-verbeek', 'lotte-janssen', 'sanne-de-vries']);
  });
});
