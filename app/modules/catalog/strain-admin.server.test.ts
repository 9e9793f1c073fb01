import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseWithZod } from '@conform-to/zod/v4';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { catalogueAdmin } from '~/i18n/nl/backoffice-catalogue.ts';
import { ImageUploadError, IMAGE_MAX_BYTES, deleteVariants, prepareStrainImage, removeStrainImage, setStrainImage, sniffImageFormat, watchImagePurges } from '~/modules/images/uploads.server.ts';
import { getRedirectRules } from '~/modules/routing/redirects.server.ts';
import { type Actor, listAudit } from '~/lib/audit.server.ts';
import { addToCart, CartError, cartContext, cartLines } from '~/modules/cart/cart.server.ts';
import { listCollections, loadCatalogue, productCards } from './catalog.server.ts';
import { searchProductIds } from './search.server.ts';
import { strainSchema, type StrainInput } from './strain-admin.schemas.ts';
import { saveStrain } from '~/flows/save-strain.server.ts';
import { listStrains, strainForEdit } from './strain-admin.server.ts';

const t = catalogueAdmin.errors;
const actor: Actor = {
  staffId: null,
  label: 'catalogus-test',
  clientAddress: '203.0.113.9',
};

/** What the form posts, as strings (lists repeated), so the tests go through the same parsing as the action. */
function formOf(over: Record<string, string | string[]> = {}) {
  const name = over.name ?? `Testsoort ${crypto.randomUUID().slice(0, 8)}`;
  const fields: Record<string, string | string[]> = {
    intent: 'save',
    name,
    breeder: 'Kiemkracht Genetics',
    genetics: 'Skunk × Northern Lights',
    lineage: 'Skunk #1, Northern Lights',
    flowering: 'photoperiod',
    sex: 'feminized',
    type: 'mostly_indica',
    indicaPercent: '70',
    genotype: 'f1_hybrid',
    thc: '21,5',
    cbd: '0.4',
    cbg: '0',
    yieldIndoor: '500',
    yieldOutdoor: '650',
    heightIndoor: '90',
    heightOutdoor: '180',
    floweringDaysMin: '56',
    floweringDaysMax: '63',
    difficulty: 'beginner',
    climates: ['temperate', 'mediterranean'],
    growSettings: ['indoor'],
    flavours: 'aards, zoet',
    terpenes: 'myrceen',
    effects: 'ontspannen, slaperig',
    summary: 'Een compacte, rustige indica voor beginners.',
    description: 'Lange beschrijving van deze testsoort met alles wat een kweker wil weten.',
    collections: [],
    status: 'draft',
    ...over,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  return form;
}
const parse = (form: FormData) => parseWithZod(form, { schema: strainSchema });
function input(over: Record<string, string | string[]> = {}): StrainInput {
  const submission = parse(formOf(over));
  if (submission.status !== 'success') throw new Error(`form refused: ${JSON.stringify(submission.reply().error)}`);
  return submission.value;
}

describeEachDatabase('catalogue editing in the back office', (database) => {
  const db = () => database().db;
  const published = async () => (await loadCatalogue(db())).bySlug;
  const collectionSlug = async () => (await db().select({ slug: s.collections.slug }).from(s.collections))[0]!.slug;
  const autoflower = async () => await db().select({ id: s.products.id, slug: s.products.slug }).from(s.products).where(eq(s.products.flowering, 'autoflower')).limit(2);

  it('creates a draft that no shop page, search or listing shows, and audits it', async () => {
    const collection = await collectionSlug();
    const slug = `concept-${crypto.randomUUID().slice(0, 8)}`;
    const countBefore = (await listCollections(db())).find((c) => c.slug === collection)!.count;
    const saved = await saveStrain(
      db(),
      actor,
      null,
      input({
        slug,
        name: `Zeldzaam Concept ${slug}`,
        collections: [collection],
      }),
    );
    expect(saved).toMatchObject({ ok: true, slug, created: true });
    if (!saved.ok) return;
    expect((await published()).has(slug)).toBe(false);
    expect((await listCollections(db())).find((c) => c.slug === collection)!.count).toBe(countBefore);
    // Search finds the row in SQL, but the shop's cards come from the published catalogue only.
    const request = new Request('http://localhost/product');
    expect(await productCards(db(), request, await searchProductIds(db(), `Zeldzaam Concept ${slug}`))).toEqual([]);
    const list = await listStrains(db(), { q: slug, status: 'draft', page: 1 });
    expect(list.rows.map((r) => r.slug)).toEqual([slug]);
    const edit = await strainForEdit(db(), saved.id);
    expect(edit).toMatchObject({
      slug,
      thc: 215,
      cbd: 4,
      status: 'draft',
      collections: [collection],
      lineage: ['Skunk #1', 'Northern Lights'],
      climates: ['temperate', 'mediterranean'],
    });
    const { rows } = await listAudit(db(), {
      entity: 'product',
      entityId: String(saved.id),
    });
    expect(rows.map((r) => r.action)).toEqual(['strain.create']);
  });

  it('a new-strain form sent twice makes one strain', async () => {
    const key = crypto.randomUUID();
    const form = input({ key });
    const first = await saveStrain(db(), actor, null, form);
    const second = await saveStrain(db(), actor, null, form);
    expect(first.ok && second.ok && first.id === second.id).toBe(true);
  });

  it('publishes and unpublishes: the shop shows the strain with its related strains and counterpart, then not', async () => {
    const [twin, other] = await autoflower();
    const created = await saveStrain(db(), actor, null, input());
    if (!created.ok) throw new Error('not created');
    const before = (await strainForEdit(db(), created.id))!;
    const pub = await saveStrain(
      db(),
      actor,
      created.id,
      input({
        slug: before.slug,
        name: before.name,
        status: 'published',
        revision: String(before.revision),
        related: [String(other!.id), ''],
        counterpart: String(twin!.id),
      }),
    );
    expect(pub.ok).toBe(true);
    const shown = (await published()).get(before.slug)!;
    expect(shown).toMatchObject({
      counterpartSlug: twin!.slug,
      relatedSlugs: [other!.slug],
    });
    // The counterpart link is kept on both strains.
    expect((await published()).get(twin!.slug)!.counterpartSlug).toBe(before.slug);

    const now = (await strainForEdit(db(), created.id))!;
    const unpub = await saveStrain(
      db(),
      actor,
      created.id,
      input({
        slug: now.slug,
        name: now.name,
        status: 'draft',
        revision: String(now.revision),
        counterpart: String(twin!.id),
      }),
    );
    expect(unpub.ok).toBe(true);
    expect((await published()).has(before.slug)).toBe(false);
    // A draft counterpart is not linked from the shop.
    expect((await published()).get(twin!.slug)!.counterpartSlug).toBeNull();
  });

  it('a strain taken back to draft leaves the carts that hold it, and its packs cannot be added', async () => {
    const [pack] = await db()
      .select({ id: s.productPacks.id, productId: s.productPacks.productId })
      .from(s.productPacks)
      .innerJoin(s.products, eq(s.products.id, s.productPacks.productId))
      .where(eq(s.productPacks.isFree, false))
      .orderBy(s.productPacks.id)
      .limit(1);
    const ctx = await cartContext(db(), new Request('http://shop.test/'));
    const { cartId } = await addToCart(db(), null, pack!.id, 1, ctx);
    const stored = (await strainForEdit(db(), pack!.productId))!;
    const toDraft = async (status: string) => {
      const now = (await strainForEdit(db(), pack!.productId))!;
      const form = { ...now, lineage: now.lineage.join(','), flavours: now.flavours.join(','), terpenes: now.terpenes.join(','), effects: now.effects.join(',') };
      const fields = Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => !['id', 'image', 'counterpart'].includes(k))
          .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : k === 'thc' || k === 'cbd' || k === 'cbg' ? String((v as number) / 10) : String(v)]),
      );
      const saved = await saveStrain(db(), actor, pack!.productId, input({ ...fields, status, ...(now.counterpart ? { counterpart: String(now.counterpart) } : {}) }));
      expect(saved.ok).toBe(true);
    };
    await toDraft('draft');
    expect(await cartLines(db(), cartId, ctx.currency)).toEqual([]);
    await expect(addToCart(db(), cartId, pack!.id, 1, ctx)).rejects.toBeInstanceOf(CartError);
    await toDraft('published');
    expect((await cartLines(db(), cartId, ctx.currency)).map((l) => l.packId)).toEqual([pack!.id]);
    expect((await strainForEdit(db(), pack!.productId))!.summary).toBe(stored.summary);
  });

  it('a form from an older revision is refused, unless it asks for exactly what is stored (sent twice)', async () => {
    const created = await saveStrain(db(), actor, null, input());
    if (!created.ok) throw new Error('not created');
    const r0 = (await strainForEdit(db(), created.id))!;
    const form = input({
      slug: r0.slug,
      name: r0.name,
      revision: String(r0.revision),
      summary: 'Eerste wijziging.',
    });
    expect((await saveStrain(db(), actor, created.id, form)).ok).toBe(true);
    expect((await saveStrain(db(), actor, created.id, form)).ok).toBe(true);
    const other = await saveStrain(
      db(),
      actor,
      created.id,
      input({
        slug: r0.slug,
        name: r0.name,
        revision: String(r0.revision),
        summary: 'Een andere wijziging.',
      }),
    );
    expect(other).toEqual({ ok: false, stale: true });
    expect((await strainForEdit(db(), created.id))!.summary).toBe('Eerste wijziging.');
  });

  it('a changed slug answers 301 from the old address, without chains or loops', async () => {
    const a = `naam-a-${crypto.randomUUID().slice(0, 6)}`;
    const b = `${a}-b`;
    const c = `${a}-c`;
    const created = await saveStrain(db(), actor, null, input({ slug: a, status: 'published' }));
    if (!created.ok) throw new Error('not created');
    const rename = async (slug: string) => {
      const now = (await strainForEdit(db(), created.id))!;
      const saved = await saveStrain(
        db(),
        actor,
        created.id,
        input({
          slug,
          name: now.name,
          status: 'published',
          revision: String(now.revision),
        }),
      );
      expect(saved.ok).toBe(true);
    };
    await rename(b);
    let rules = await getRedirectRules(db());
    expect(rules.get(`/product/${a}`)).toEqual({
      target: `/product/${b}`,
      status: 301,
    });
    expect((await published()).has(b)).toBe(true);
    await rename(c);
    rules = await getRedirectRules(db());
    // Both old addresses go straight to the newest one.
    expect(rules.get(`/product/${a}`)?.target).toBe(`/product/${c}`);
    expect(rules.get(`/product/${b}`)?.target).toBe(`/product/${c}`);
    await rename(a);
    rules = await getRedirectRules(db());
    // Back to the first name: its address is a live page again, nothing redirects from it or to itself.
    expect(rules.has(`/product/${a}`)).toBe(false);
    expect(rules.get(`/product/${b}`)?.target).toBe(`/product/${a}`);
    expect(rules.get(`/product/${c}`)?.target).toBe(`/product/${a}`);
    for (const [from, rule] of rules) expect(rule.target).not.toBe(from);
  });

  it('invalid input gets Dutch messages next to the fields', async () => {
    const bad = parse(
      formOf({
        name: '',
        slug: 'Niet Goed!',
        thc: '55',
        climates: [],
        flowering: 'zomer',
        indicaPercent: 'veel',
      }),
    );
    expect(bad.status).toBe('error');
    const errors = bad.reply().error!;
    expect(errors.name).toEqual([t.required]);
    expect(errors.slug).toEqual([t.slug]);
    expect(errors.thc).toEqual([t.percent(40)]);
    expect(errors.climates).toEqual([t.climates]);
    expect(errors.flowering).toEqual([t.choice]);
    expect(errors.indicaPercent).toEqual([t.number(0, 100)]);
    expect(parse(formOf({ floweringDaysMin: '70', floweringDaysMax: '60' })).reply().error).toEqual({ floweringDaysMax: [t.floweringRange] });

    // What only the database knows: a slug in use, a counterpart with the same flowering, an unknown collection.
    const [taken] = await db().select({ slug: s.products.slug }).from(s.products).limit(1);
    const [samePhoto] = await db().select({ id: s.products.id }).from(s.products).where(eq(s.products.flowering, 'photoperiod')).limit(1);
    const refused = await saveStrain(
      db(),
      actor,
      null,
      input({
        slug: taken!.slug,
        counterpart: String(samePhoto!.id),
        collections: ['bestaat-niet'],
      }),
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: {
        slug: [t.slugTaken],
        counterpart: [t.counterpartFlowering],
        collections: [t.unknownCollection],
      },
    });
  });

  it('stores an uploaded photo re-encoded, serves its version, and purges the old image files', async () => {
    const created = await saveStrain(db(), actor, null, input({ status: 'published' }));
    if (!created.ok) throw new Error('not created');
    const jpeg = await sharp({
      create: { width: 900, height: 700, channels: 3, background: '#3a7d44' },
    })
      .jpeg()
      .withExif({ IFD0: { Artist: 'geheim' } })
      .toBuffer();
    const prepared = await prepareStrainImage(new Uint8Array(jpeg));
    expect(prepared).toMatchObject({ format: 'webp', width: 900, height: 700 });
    expect((await sharp(prepared.data).metadata()).exif).toBeUndefined();

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kk-images-'));
    const other = `${created.slug}x`;
    await Promise.all([`${created.slug}.v2-abc-320x1.jpg`, `${created.slug}.u-old-640x2.webp`, `${other}.v2-abc-320x1.jpg`].map((n) => fs.writeFile(path.join(dir, n), 'x')));
    const stop = watchImagePurges(db(), dir);
    try {
      expect(await setStrainImage(db(), actor, created.id, prepared)).toBe(true);
      await expect.poll(async () => (await fs.readdir(dir)).sort()).toEqual([`${other}.v2-abc-320x1.jpg`]);
    } finally {
      stop();
    }
    expect((await published()).get(created.slug)!.image).toBe(prepared.version);
    expect(await removeStrainImage(db(), actor, created.id)).toBe(true);
    expect((await published()).get(created.slug)!.image).toBeNull();
    const { rows } = await listAudit(db(), {
      entity: 'product',
      entityId: String(created.id),
    });
    expect(rows.map((r) => r.action).sort()).toEqual(['strain.create', 'strain.image', 'strain.image_removed']);
    expect(await deleteVariants(dir, '../etc')).toBe(0);
  });
});

describe('strain photo checks', () => {
  /** A plain image of one colour, encoded as `format`. */
  const blank = (format: 'png' | 'webp' | 'avif' | 'jpeg' | 'gif', width = 8, height = 8, background = '#fff') =>
    sharp({ create: { width, height, channels: 3, background } })[format]().toBuffer();
  const refused = async (bytes: Uint8Array) => {
    try {
      await prepareStrainImage(bytes);
      return null;
    } catch (e) {
      return e instanceof ImageUploadError ? e.code : 'other';
    }
  };

  it('knows the formats by their bytes, not by their name or label', async () => {
    const formats = ['png', 'webp', 'avif', 'jpeg'] as const;
    const images = await Promise.all(formats.map((f) => blank(f)));
    expect(images.map((b) => sniffImageFormat(b))).toEqual(formats);
    expect(sniffImageFormat(await blank('gif'))).toBeNull();
  });

  it('refuses a text file called foto.png, a file too large, too few and too many pixels, and a broken image', async () => {
    // A "PNG" that is text: what a browser would label image/png from its name.
    const text = new File(['dit is geen afbeelding'], 'foto.png', {
      type: 'image/png',
    });
    expect(await refused(new Uint8Array(await text.arrayBuffer()))).toBe('type');
    expect(await refused(new Uint8Array(IMAGE_MAX_BYTES + 1))).toBe('tooLarge');
    const small = await blank('png', 300, 300, '#fff');
    expect(await refused(small)).toBe('tooSmall');
    // 8000 × 6000 = 48 million pixels in a few kilobytes (a decompression bomb in miniature).
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await refused(huge)).toBe('tooManyPixels');
    const photo = await blank('png', 800, 800, '#123');
    expect(await refused(photo.subarray(0, 200))).toMatch(/unreadable|type/);
    // PNG magic followed by a JPEG: the decoder disagrees with the first bytes.
    const jpeg = await blank('jpeg', 800, 800, '#123');
    const polyglot = new Uint8Array([...photo.subarray(0, 8), ...jpeg]);
    expect(await refused(polyglot)).toMatch(/unreadable|type/);
  });
});
