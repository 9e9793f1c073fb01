import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { getContentPage, getFaq } from '~/modules/content/content.server.ts';
import { saveFaq, savePage } from '~/modules/content/content-admin.server.ts';
import { addRedirect, getRedirectRules } from '~/modules/routing/redirects.server.ts';
import { saveCategories, saveFilterVisibility, saveLogoAlt } from '~/modules/settings/settings-admin.server.ts';
import { categoriesSchema, logoSchema } from '~/modules/settings/settings-admin.schemas.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { listPostCategories } from './blog.server.ts';
import { getPost } from '~/flows/show-post.server.ts';
import { deleteAuthorOrCategory, listPostsForStaff, postChoices, savePost } from './blog-admin.server.ts';

describeEachDatabase('content back office', (database) => {
  const db = () => database().db;
  const actor: Actor = { staffId: null, label: 'redacteur', clientAddress: '203.0.113.7' };
  const request = new Request('http://localhost/blog');
  const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

  async function draft(slug: string) {
    const { authors, categories } = await postChoices(db());
    const input = { slug, title: `Kiemtest ${slug}`, excerpt: 'Kort.', body: '## Kop\n\nTekst met **vet**.', authorId: authors[0]!.id, categoryId: categories[0]!.id };
    return { input, saved: await savePost(db(), actor, { ...input, status: 'draft' }) };
  }

  it('post lifecycle: a draft is not on the blog; scheduled stays hidden before its moment; published shows; every step audited', async () => {
    const slug = `levenscyclus-${unique()}`;
    const { input, saved } = await draft(slug);
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(await getPost(db(), request, slug)).toBeNull();

    // The same new post sent twice keeps one.
    expect(await savePost(db(), actor, { ...input, status: 'draft' })).toEqual({ ok: true, id: saved.id });
    expect((await db().select().from(s.posts).where(eq(s.posts.slug, slug))).length).toBe(1);

    // Scheduling needs a moment ahead.
    const [row] = await db().select().from(s.posts).where(eq(s.posts.id, saved.id));
    const past = await savePost(db(), actor, { ...input, id: saved.id, version: row!.updatedAt.toISOString(), status: 'scheduled', publishAt: new Date(Date.now() - 60_000) });
    expect(past).toMatchObject({ ok: false, field: 'publishAt', error: 'scheduledPast' });

    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await savePost(db(), actor, { ...input, id: saved.id, version: row!.updatedAt.toISOString(), status: 'scheduled', publishAt: later });
    expect(scheduled.ok).toBe(true);
    expect(await getPost(db(), request, slug)).toBeNull();
    expect((await listPostsForStaff(db())).find((p) => p.id === saved.id)?.state).toBe('scheduled');
    expect((await listPostCategories(db())).find((c) => c.id === input.categoryId)).toBeDefined();

    // An edit from a stale form is refused; the same moment passed makes it visible.
    const stale = await savePost(db(), actor, { ...input, title: 'Andere titel', id: saved.id, version: row!.updatedAt.toISOString(), status: 'published' });
    expect(stale).toMatchObject({ ok: false, error: 'stale' });
    const [scheduledRow] = await db().select().from(s.posts).where(eq(s.posts.id, saved.id));
    const published = await savePost(db(), actor, { ...input, id: saved.id, version: scheduledRow!.updatedAt.toISOString(), status: 'published', publishAt: new Date(Date.now() - 1000) });
    expect(published.ok).toBe(true);
    const post = await getPost(db(), request, slug);
    expect(post?.title).toBe(input.title);
    expect(post?.document.blocks[0]).toMatchObject({ type: 'heading', id: 'kop' });

    const { rows } = await listAudit(db(), { entity: 'post', entityId: String(saved.id) });
    expect(rows.map((r) => r.action).sort()).toEqual(['post.create', 'post.update', 'post.update']);
    expect(rows[0]!.actor).toBe('redacteur');

    // Slugs are unique; an author with posts cannot be removed.
    const other = await savePost(db(), actor, { ...input, title: 'Ander bericht', status: 'draft' });
    expect(other).toMatchObject({ ok: false, field: 'slug', error: 'slugTaken' });
    expect(await deleteAuthorOrCategory(db(), actor, 'author', input.authorId)).toMatchObject({ ok: false, error: 'inUse' });
  });

  it('Markdown stays text: raw HTML and javascript: links are not rendered as such', async () => {
    const slug = `veilig-${unique()}`;
    const { authors, categories } = await postChoices(db());
    const body = '<script>alert(1)</script>\n\n[klik](javascript:alert(1)) en <img src=x onerror=alert(1)>';
    const saved = await savePost(db(), actor, { slug, title: 'Veilig', excerpt: 'x', body, authorId: authors[0]!.id, categoryId: categories[0]!.id, status: 'published' });
    expect(saved.ok).toBe(true);
    const post = await getPost(db(), request, slug);
    expect(JSON.stringify(post?.document.blocks)).not.toContain('"type":"link"');
    expect(post?.document.blocks[0]).toEqual({ type: 'paragraph', children: [{ type: 'text', text: '<script>alert(1)</script>' }] });
  });

  it('redirect rules: self-redirects, loops (A→B→A), chains and reserved paths are refused; the same rule twice is one', async () => {
    const a = `/oud-a-${unique()}`;
    const b = `/oud-b-${unique()}`;
    expect(await addRedirect(db(), actor, 'content', { fromPath: a, target: a, status: 301 })).toMatchObject({ ok: false, problem: { problem: 'self' } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: a, target: b, status: 301 })).toEqual({ ok: true });
    expect(await addRedirect(db(), actor, 'content', { fromPath: a, target: b, status: 301 })).toEqual({ ok: true });
    expect(await addRedirect(db(), actor, 'content', { fromPath: a, target: '/blog', status: 301 })).toMatchObject({ ok: false, problem: { problem: 'exists' } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: b, target: `${a}?x=1`, status: 302 })).toMatchObject({ ok: false, problem: { field: 'target', problem: 'loop', via: a } });
    // b is the target of a: b→/blog would make a a chain.
    expect(await addRedirect(db(), actor, 'content', { fromPath: b, target: '/blog', status: 301 })).toMatchObject({ ok: false, problem: { field: 'fromPath', problem: 'pointedAt', via: a } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: `/nieuw-${unique()}`, target: a, status: 301 })).toMatchObject({ ok: false, problem: { problem: 'chain', via: a } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: '/beheer/inhoud', target: '/blog', status: 301 })).toMatchObject({ ok: false, problem: { problem: 'reserved' } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: '/', target: '/blog', status: 301 })).toMatchObject({ ok: false, problem: { problem: 'reserved' } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: `/x-${unique()}`, target: 'http://example.com/', status: 301 })).toMatchObject({ ok: false, problem: { problem: 'https' } });
    expect(await addRedirect(db(), actor, 'content', { fromPath: `/x-${unique()}`, target: 'javascript:alert(1)', status: 301 })).toMatchObject({ ok: false, problem: { problem: 'target' } });
    const ext = `/werk-${unique()}`;
    expect(await addRedirect(db(), actor, 'owner', { fromPath: ext, target: 'https://werken.example.com/vacatures', status: 302 })).toEqual({ ok: true });
    const rules = await getRedirectRules(db());
    expect(rules.get(a)).toEqual({ target: b, status: 301 });
    expect(rules.get(ext)).toEqual({ target: 'https://werken.example.com/vacatures', status: 302 });
    expect((await listAudit(db(), { entity: 'redirect', entityId: a })).rows).toHaveLength(1);

    // Two staff members adding C→D and D→C at the same moment: the table lock lets exactly one pass.
    const c = `/gelijk-c-${unique()}`;
    const d = `/gelijk-d-${unique()}`;
    const both = await Promise.all([addRedirect(db(), actor, 'content', { fromPath: c, target: d, status: 301 }), addRedirect(db(), actor, 'content', { fromPath: d, target: c, status: 301 })]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
  });

  it('settings: the logo alt, filter visibility and categories are validated, saved, audited and shown at once', async () => {
    expect(logoSchema.safeParse({ intent: 'logo', logoAlt: '   ' }).success).toBe(false);
    expect(categoriesSchema.safeParse({ intent: 'categories', category: { 'hoog-thc': { name: 'Hoog THC', icon: 'skull' } } }).success).toBe(false);

    await getShopData(db());
    await saveLogoAlt(db(), actor, 'Kiemkracht logo');
    expect((await getShopData(db())).logoAlt).toBe('Kiemkracht logo');

    expect(await saveFilterVisibility(db(), actor, ['type:bestaat-niet'])).toEqual({ ok: false, error: 'unknownFilter' });
    const before = (await getShopData(db())).productFilters;
    const shown = before.filterGroups.flatMap((g) => g.filters.filter((f) => f.public).map((f) => `${g.id}:${f.id}`)).filter((v) => v !== 'type:sativa');
    expect(await saveFilterVisibility(db(), actor, shown)).toEqual({ ok: true });
    const type = (await getShopData(db())).productFilters.filterGroups.find((g) => g.id === 'type')!;
    expect(type.filters.find((f) => f.id === 'sativa')?.public).toBe(false);

    const cats = (await db().select().from(s.collections)).map((c) => c.slug);
    const input = Object.fromEntries(cats.map((slug) => [slug, { name: slug === 'hoog-thc' ? 'Veel THC' : (slug === 'landrace' ? 'Landrace' : slug), icon: 'leaf' as const }]));
    expect(await saveCategories(db(), actor, { 'hoog-thc': { name: 'x', icon: 'leaf' } })).toEqual({ ok: false, error: 'unknownCategory' });
    expect(await saveCategories(db(), actor, input)).toEqual({ ok: true });
    expect((await getShopData(db())).categories.find((c) => c.url === '/collecties/hoog-thc')).toEqual({ name: 'Veel THC', url: '/collecties/hoog-thc', icon: 'leaf' });
    expect((await listAudit(db(), { entity: 'settings' })).rows.map((r) => r.action)).toEqual(expect.arrayContaining(['settings.logo_alt', 'settings.product_filters']));
  });

  it('FAQ and pages: a change shows at once (caches dropped); a page edit from a stale form is refused', async () => {
    await getFaq(db());
    const question = `Kan ik kiemtest ${unique()} vragen?`;
    const added = await saveFaq(db(), actor, { question, answer: 'Ja, dat kan.', category: 'Bestellen', position: 99, searchWords: '' });
    expect(added.ok).toBe(true);
    expect(await saveFaq(db(), actor, { question, answer: 'Ja, dat kan.', category: 'Bestellen', position: 99, searchWords: '' })).toEqual(added);
    expect((await getFaq(db())).flatMap((g) => g.items).filter((i) => i.question === question)).toHaveLength(1);

    const page = await getContentPage(db(), 'ons-verhaal');
    expect(page?.blocks.length).toBeGreaterThan(3);
    const [row] = await db().select().from(s.contentPages).where(eq(s.contentPages.slug, 'ons-verhaal'));
    const input = { version: row!.updatedAt.toISOString(), title: 'Ons verhaal', description: row!.description, body: '## Nieuw\n\nAnders **verteld**.' };
    expect(await savePage(db(), actor, 'ons-verhaal', input)).toEqual({ ok: true, id: 'ons-verhaal' });
    expect((await getContentPage(db(), 'ons-verhaal'))?.blocks[0]).toMatchObject({ type: 'heading', id: 'nieuw' });
    expect(await savePage(db(), actor, 'ons-verhaal', { ...input, body: 'Weer anders.' })).toEqual({ ok: false, error: 'stale' });
    expect((await listAudit(db(), { entity: 'content_page', entityId: 'ons-verhaal' })).rows).toHaveLength(1);
  });
});
