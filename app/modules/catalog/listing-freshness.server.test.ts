import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import * as s from '~/db/schema/index.ts';
import { describeEachDatabase } from '~/db/test-db.ts';
import { saveStrain } from '~/flows/save-strain.server.ts';
import type { Actor } from '~/lib/audit.server.ts';
import { loadCatalogue, productListing } from './catalog.server.ts';
import { changeStock, updatePackSettings } from './stock.server.ts';
import { strainSchema } from './strain-admin.schemas.ts';
import { strainForEdit } from './strain-admin.server.ts';

// The listing and the search answer from an in-memory catalogue and search index (ADR 071): a write in the back
// office through the module's own functions shows on the very next request, without waiting for an expiry.

const actor: Actor = { staffId: null, label: 'versheid-test', clientAddress: '203.0.113.9' };

function strainInput(name: string, slug: string, status: 'draft' | 'published') {
  const form = new FormData();
  const fields: Record<string, string | string[]> = {
    intent: 'save',
    name,
    slug,
    breeder: 'Kiemkracht Genetics',
    genetics: 'Skunk × Northern Lights',
    lineage: 'Skunk #1, Northern Lights',
    flowering: 'photoperiod',
    sex: 'feminized',
    type: 'mostly_indica',
    indicaPercent: '70',
    genotype: 'f1_hybrid',
    thc: '24,5',
    cbd: '0.4',
    cbg: '0',
    yieldIndoor: '500',
    yieldOutdoor: '650',
    heightIndoor: '90',
    heightOutdoor: '180',
    floweringDaysMin: '56',
    floweringDaysMax: '63',
    difficulty: 'beginner',
    climates: ['temperate'],
    growSettings: ['indoor'],
    flavours: 'aards, zoet',
    terpenes: 'myrceen',
    effects: 'ontspannen',
    summary: 'Een testsoort voor de versheid van de lijst.',
    description: 'Lange beschrijving van deze testsoort met alles wat een kweker wil weten.',
    collections: [],
    status,
  };
  for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  const submission = parseWithZod(form, { schema: strainSchema });
  if (submission.status !== 'success') throw new Error(`form refused: ${JSON.stringify(submission.reply().error)}`);
  return submission.value;
}

describeEachDatabase('the listing and search after a back-office write', (ctx) => {
  const db = () => ctx().db;
  const listing = async (query: string) => (await productListing(db(), new Request(`http://localhost/product?${query}`)))!;

  it('a published strain is listed and found at once; unpublished, it is gone at once', async () => {
    const word = `Zonnedauw${crypto.randomUUID().slice(0, 6)}`;
    const slug = word.toLowerCase();
    // Read first, so the catalogue, the search index and this search's answer are all in memory.
    expect((await listing(`q=${word}`)).items.map((c) => c.slug)).not.toContain(slug);
    const before = (await listing('sorteer=naam')).total;

    const made = await saveStrain(db(), actor, null, strainInput(word, slug, 'published'));
    if (!made.ok) throw new Error('not saved');
    expect((await listing(`q=${word}`)).items[0]?.slug).toBe(slug);
    expect((await listing(`q=${word.slice(0, 5)}${word.slice(6)}`)).items.map((c) => c.slug)).toContain(slug); // a typo
    expect((await listing('sorteer=naam')).total).toBe(before + 1);

    const stored = await strainForEdit(db(), made.id);
    const again = await saveStrain(db(), actor, made.id, { ...strainInput(word, slug, 'draft'), revision: stored!.revision });
    expect(again).toMatchObject({ ok: true });
    expect((await listing(`q=${word}`)).items.map((c) => c.slug)).not.toContain(slug);
    expect((await listing('sorteer=naam')).total).toBe(before);
  });

  it('a pack sold out or repriced shows on the next listing', async () => {
    const { products } = await loadCatalogue(db());
    const strain = products.find((p) => p.packs.filter((k) => !k.isFree && k.stock > 0).length >= 2)!;
    const card = async () => (await listing(`q=${encodeURIComponent(strain.name)}`)).items.find((c) => c.slug === strain.slug)!;
    const sold = strain.packs.filter((k) => !k.isFree);
    const cheapest = [...sold].sort((a, b) => a.prices.EUR! - b.prices.EUR!)[0]!;
    expect((await card()).fromPrice).toBe(cheapest.prices.EUR);

    await updatePackSettings(db(), actor, { packId: cheapest.id, threshold: cheapest.lowStock, prices: { EUR: cheapest.prices.EUR! - 100 } });
    expect((await card()).fromPrice).toBe(cheapest.prices.EUR! - 100);

    const { products: now } = await loadCatalogue(db());
    for (const pack of now.find((p) => p.id === strain.id)!.packs.filter((k) => !k.isFree && k.stock > 0)) {
      const [row] = await db().select().from(s.productPacks).where(eq(s.productPacks.id, pack.id));
      await changeStock(db(), actor, { key: crypto.randomUUID(), packId: pack.id, mode: 'count', amount: 0, basis: row!.stock, reason: 'correction', note: null });
    }
    expect((await card()).fromPrice).toBeNull();
  });
});
