// The catalogue in the back office (role catalogue, ADR 033): the list of strains with drafts, and saving a
// strain with its collections, related strains and counterpart. Every save is one transaction, audited,
// and drops the catalogue cache (and the page cache) on every process; a changed slug leaves a 301.
import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/db/client.server.ts';
import { columns } from '~/db/columns.ts';
import * as s from '~/db/schema/index.ts';
import { catalogueAdmin } from '~/i18n/nl/backoffice-catalogue.ts';
import { type Actor, recordAudit } from '~/lib/audit.server.ts';
import { strainSearchDocument } from './catalog.ts';
import type * as F from './strain-fields.ts';
import { invalidateCatalogue } from './catalog.server.ts';
import { slugify, STRAIN_LIST_PAGE_SIZE, type StrainInput, type StrainListQuery } from './strain-admin.schemas.ts';

const t = catalogueAdmin.errors;

// The form's lists (strain-fields.ts) are the schema's: a change to one that misses the other fails the typecheck.
type Same<A extends readonly string[], B extends readonly string[]> = A[number] extends B[number] ? (B[number] extends A[number] ? true : false) : false;
const sameLists: [
  Same<typeof F.STRAIN_TYPES, typeof s.strainTypes>,
  Same<typeof F.DIFFICULTIES, typeof s.difficulties>,
  Same<typeof F.GENOTYPES, typeof s.genotypes>,
  Same<typeof F.GROW_SETTINGS, typeof s.growSettings>,
  Same<typeof F.PRODUCT_STATUSES, typeof s.productStatuses>,
] = [true, true, true, true, true];
void sameLists;
export const productPath = (slug: string) => `/product/${slug}`;

/** What a save does to the shop's addresses; app/flows/save-strain.server.ts gives the routing and images modules' steps. */
export type StrainAddressSteps = {
  /** In the save's transaction: a 301 from the old address to the new one. */
  moved(tx: Db, from: string, to: string): Promise<void>;
  /** In the save's transaction: a new strain's address is no longer a redirect. */
  freed(tx: Db, address: string): Promise<void>;
  /** After the commit: the redirect caches, and the image files named after the old slug. */
  saved(db: Db, oldSlug: string | undefined): void;
};

/** One page of the back office's list: drafts included, filtered by words, status and type, by name. */
export async function listStrains(db: Db, q: StrainListQuery) {
  const where: SQL[] = [];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(s.products.name, like), ilike(s.products.slug, like), ilike(s.products.breeder, like))!);
  }
  if (q.status) where.push(eq(s.products.status, q.status));
  if (q.type) where.push(eq(s.products.type, q.type));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...columns(s.products, 'id', 'slug', 'name', 'breeder', 'type', 'flowering', 'sex', 'status'),
        image: s.productImages.version,
      })
      .from(s.products)
      .leftJoin(s.productImages, eq(s.productImages.productId, s.products.id))
      .where(filter)
      .orderBy(asc(s.products.name), asc(s.products.id))
      .limit(STRAIN_LIST_PAGE_SIZE)
      .offset((q.page - 1) * STRAIN_LIST_PAGE_SIZE),
    db.select({ n: count() }).from(s.products).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** What the form's lists offer: every strain (drafts too) and every collection. */
export async function strainFormChoices(db: Db) {
  const [strains, collections] = await Promise.all([
    db
      .select(columns(s.products, 'id', 'name', 'flowering', 'status'))
      .from(s.products)
      .orderBy(asc(s.products.name)),
    db.select({ slug: s.collections.slug, name: s.collections.name }).from(s.collections).orderBy(asc(s.collections.position)),
  ]);
  return { strains, collections };
}

/** The values staff edit, as stored: what the audit records before and after, and what a repeated submit is compared with. */
type Snapshot = Omit<StrainInput, 'slug' | 'revision' | 'key' | 'counterpart'> & { slug: string; counterpart: number | null };

async function snapshotOf(tx: Db, productId: number): Promise<(Snapshot & { revision: number }) | null> {
  const [row] = await tx.select().from(s.products).where(eq(s.products.id, productId));
  if (!row) return null;
  const [collections, related] = await Promise.all([
    tx
      .select({ slug: s.collections.slug })
      .from(s.productCollections)
      .innerJoin(s.collections, eq(s.collections.id, s.productCollections.collectionId))
      .where(eq(s.productCollections.productId, productId))
      .orderBy(asc(s.collections.position)),
    tx.select({ id: s.relatedProducts.relatedId }).from(s.relatedProducts).where(eq(s.relatedProducts.productId, productId)).orderBy(asc(s.relatedProducts.position)),
  ]);
  return {
    revision: row.revision,
    name: row.name,
    slug: row.slug,
    breeder: row.breeder,
    genetics: row.genetics,
    lineage: row.lineage,
    flowering: row.flowering,
    sex: row.sex,
    type: row.type,
    indicaPercent: row.indicaPercent,
    genotype: row.genotype,
    thc: row.thc,
    cbd: row.cbd,
    cbg: row.cbg,
    yieldIndoor: row.yieldIndoor,
    yieldOutdoor: row.yieldOutdoor,
    heightIndoor: row.heightIndoor,
    heightOutdoor: row.heightOutdoor,
    floweringDaysMin: row.floweringDaysMin,
    floweringDaysMax: row.floweringDaysMax,
    difficulty: row.difficulty,
    climates: row.climates as Snapshot['climates'],
    growSettings: row.growSettings,
    flavours: row.flavours,
    terpenes: row.terpenes,
    effects: row.effects,
    summary: row.summary,
    description: row.description,
    collections: collections.map((c) => c.slug),
    related: related.map((r) => r.id),
    counterpart: row.counterpartId,
    status: row.status,
  };
}

// Key order and list order as the snapshot has them, so two snapshots compare as text.
const canonical = (v: Snapshot) =>
  JSON.stringify(
    Object.keys(v)
      .filter((k) => k !== 'revision')
      .sort()
      .map((k) => [k, k === 'collections' ? [...v.collections].sort() : v[k as keyof Snapshot]]),
  );

/** The strain as the edit form shows it, with its photo; null when there is no such strain. */
export async function strainForEdit(db: Db, productId: number) {
  const [strain, [image]] = await Promise.all([
    snapshotOf(db, productId),
    db
      .select(columns(s.productImages, 'version', 'width', 'height'))
      .from(s.productImages)
      .where(eq(s.productImages.productId, productId)),
  ]);
  return strain ? { id: productId, ...strain, image: image ?? null } : null;
}

export type SaveResult = { ok: true; id: number; slug: string; created: boolean } | { ok: false; fieldErrors: Record<string, string[]> } | { ok: false; stale: true } | { ok: false; notFound: true };

class Refused extends Error {
  constructor(readonly fieldErrors: Record<string, string[]>) {
    super('refused');
  }
}

/**
 * Creates (productId null) or updates a strain from the parsed form. One transaction with the strain's row
 * locked: the references are checked (collections, related strains, the counterpart with the other
 * flowering), the slug must be free, the counterpart link is kept on both strains, a changed slug records a
 * 301 from the old address, and the audit gets the values before and after. A form made from an older
 * revision is refused unless it asks for exactly what is stored (the same form sent twice); a new-strain form
 * sent twice finds the strain its first submit made.
 */
export async function saveStrainWith(
  db: Db,
  actor: Actor,
  productId: number | null,
  input: StrainInput,
  addresses: StrainAddressSteps,
  now = new Date(),
): Promise<SaveResult> {
  let result: SaveResult & { oldSlug?: string };
  try {
    result = await db.transaction(async (tx): Promise<SaveResult & { oldSlug?: string }> => {
      const made = productId === null && input.key ? await madeBy(tx, input.key) : null;
      if (made) return made;
      let before: (Snapshot & { revision: number }) | null = null;
      if (productId !== null) {
        const [locked] = await tx.select({ id: s.products.id }).from(s.products).where(eq(s.products.id, productId)).for('update');
        if (!locked) return { ok: false, notFound: true };
        before = await snapshotOf(tx, productId);
      }

      const slug = input.slug || (productId === null ? slugify(input.name) : '');
      if (!slug) throw new Refused({ slug: [productId === null ? t.slug : t.required] });
      const after: Snapshot = { ...input, slug, counterpart: input.counterpart ?? null };
      delete (after as Partial<StrainInput>).revision;
      delete (after as Partial<StrainInput>).key;

      if (before && input.revision !== before.revision) {
        const { revision: _r, ...stored } = before;
        if (canonical(stored) === canonical(after)) return { ok: true, id: productId!, slug, created: false };
        return { ok: false, stale: true };
      }

      await checkReferences(tx, productId, after);

      const id = await writeStrainRow(tx, productId === null ? null : { id: productId, before: before! }, strainRow(after, slug), input.key ?? null, now);

      await writeStrainLinks(tx, id, before?.counterpart ?? null, after);

      const address = productPath(slug);
      if (before && before.slug !== slug) await addresses.moved(tx, productPath(before.slug), address);
      else if (!before) await addresses.freed(tx, address);

      const { revision: _r, ...stored } = before ?? { revision: 0 };
      await recordAudit(
        tx,
        actor,
        {
          action: before ? 'strain.update' : 'strain.create',
          entity: 'product',
          entityId: id,
          before: before ? stored : null,
          after,
        },
        now,
      );
      return {
        ok: true,
        id,
        slug,
        created: !before,
        oldSlug: before && before.slug !== slug ? before.slug : undefined,
      };
    });
  } catch (e) {
    if (e instanceof Refused) return { ok: false, fieldErrors: e.fieldErrors };
    // Two saves taking the same slug at once: the unique index decides, the loser gets the field message.
    if (isUniqueViolation(e, 'products_slug_unique')) return { ok: false, fieldErrors: { slug: [t.slugTaken] } };
    // The same new-strain form sent twice at the very same moment: the second finds what the first made.
    const made = isUniqueViolation(e, 'products_create_key_unique') && input.key ? await madeBy(db, input.key) : null;
    if (made) return made;
    throw e;
  }
  if (result.ok) {
    invalidateCatalogue(db);
    addresses.saved(db, result.oldSlug);
    const { oldSlug: _o, ...rest } = result;
    return rest;
  }
  return result;
}

/** The strain a new-strain form with this key already made, if any. */
async function madeBy(q: Db, key: string): Promise<SaveResult | null> {
  const [made] = await q.select({ id: s.products.id, slug: s.products.slug }).from(s.products).where(eq(s.products.createKey, key));
  return made ? { ok: true, id: made.id, slug: made.slug, created: true } : null;
}

/** The products row's columns for a strain as the form gives it. */
function strainRow(after: Snapshot, slug: string) {
  return {
    slug,
    name: after.name,
    breeder: after.breeder,
    genetics: after.genetics,
    lineage: after.lineage,
    flowering: after.flowering,
    sex: after.sex,
    type: after.type,
    indicaPercent: after.indicaPercent,
    genotype: after.genotype,
    thc: after.thc,
    cbd: after.cbd,
    cbg: after.cbg,
    yieldIndoor: after.yieldIndoor,
    yieldOutdoor: after.yieldOutdoor,
    heightIndoor: after.heightIndoor,
    heightOutdoor: after.heightOutdoor,
    floweringDaysMin: after.floweringDaysMin,
    floweringDaysMax: after.floweringDaysMax,
    difficulty: after.difficulty,
    climates: after.climates,
    growSettings: after.growSettings,
    flavours: after.flavours,
    terpenes: after.terpenes,
    effects: after.effects,
    summary: after.summary,
    description: after.description,
    status: after.status,
    searchDocument: strainSearchDocument(after),
  };
}

/** Inserts a new strain or updates the locked one; a draft published now counts as new from now on. */
async function writeStrainRow(
  tx: Db,
  existing: { id: number; before: Snapshot } | null,
  values: ReturnType<typeof strainRow>,
  key: string | null,
  now: Date,
): Promise<number> {
  if (existing === null) {
    const [row] = await tx
      .insert(s.products)
      .values({ ...values, publishedAt: now, createKey: key })
      .returning({ id: s.products.id });
    return row!.id;
  }
  // Published now for the first time since it was a draft: it counts as new in the shop from now on.
  const publishing = existing.before.status === 'draft' && values.status === 'published';
  await tx
    .update(s.products)
    .set({
      ...values,
      revision: sql`${s.products.revision} + 1`,
      ...(publishing ? { publishedAt: now } : {}),
    })
    .where(eq(s.products.id, existing.id));
  return existing.id;
}

/** The strain's collections and related strains, replaced as a whole, and the counterpart kept on both strains. */
async function writeStrainLinks(tx: Db, id: number, oldCounterpart: number | null, after: Snapshot) {
  await tx.delete(s.productCollections).where(eq(s.productCollections.productId, id));
  if (after.collections.length) {
    const ids = await tx.select({ id: s.collections.id }).from(s.collections).where(inArray(s.collections.slug, after.collections));
    await tx.insert(s.productCollections).values(ids.map((c) => ({ productId: id, collectionId: c.id })));
  }
  await tx.delete(s.relatedProducts).where(eq(s.relatedProducts.productId, id));
  if (after.related.length)
    await tx.insert(s.relatedProducts).values(
      after.related.map((relatedId, position) => ({
        productId: id,
        relatedId,
        position,
      })),
    );
  await linkCounterpart(tx, id, oldCounterpart, after.counterpart);
}

async function checkReferences(tx: Db, productId: number | null, v: Snapshot) {
  const errors: Record<string, string[]> = {};
  const [taken] = await tx
    .select({ id: s.products.id })
    .from(s.products)
    .where(productId === null ? eq(s.products.slug, v.slug) : and(eq(s.products.slug, v.slug), ne(s.products.id, productId)));
  if (taken) errors.slug = [t.slugTaken];
  if (v.collections.length) {
    const found = await tx.select({ slug: s.collections.slug }).from(s.collections).where(inArray(s.collections.slug, v.collections));
    if (found.length !== v.collections.length) errors.collections = [t.unknownCollection];
  }
  if (v.related.length) {
    if (productId !== null && v.related.includes(productId)) errors.related = [t.relatedSelf];
    else {
      const found = await tx.select({ id: s.products.id }).from(s.products).where(inArray(s.products.id, v.related));
      if (found.length !== v.related.length) errors.related = [t.unknownStrain];
    }
  }
  if (v.counterpart !== null) {
    if (v.counterpart === productId) errors.counterpart = [t.counterpartSelf];
    else {
      const [twin] = await tx.select({ flowering: s.products.flowering }).from(s.products).where(eq(s.products.id, v.counterpart));
      if (!twin) errors.counterpart = [t.unknownStrain];
      else if (twin.flowering === v.flowering) errors.counterpart = [t.counterpartFlowering];
    }
  }
  if (Object.keys(errors).length) throw new Refused(errors);
}

/**
 * Keeps the counterpart link on both strains: the old partner lets go, the new partner's previous partner
 * lets go of it, and the new partner points back. Partners' revisions go up, so their open forms are stale.
 */
async function linkCounterpart(tx: Db, id: number, old: number | null, next: number | null) {
  const bump = { revision: sql`${s.products.revision} + 1` };
  if (old !== null && old !== next) {
    await tx
      .update(s.products)
      .set({ counterpartId: null, ...bump })
      .where(and(eq(s.products.id, old), eq(s.products.counterpartId, id)));
  }
  if (next !== null) {
    await tx
      .update(s.products)
      .set({ counterpartId: null, ...bump })
      .where(and(eq(s.products.counterpartId, next), ne(s.products.id, id)));
    await tx
      .update(s.products)
      .set({ counterpartId: id, ...bump })
      .where(and(eq(s.products.id, next), or(sql`${s.products.counterpartId} is null`, ne(s.products.counterpartId, id))!));
  }
  await tx.update(s.products).set({ counterpartId: next }).where(eq(s.products.id, id));
}

function isUniqueViolation(e: unknown, constraint: string): boolean {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause) {
    const err = c as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && (err.constraint === constraint || err.message?.includes(constraint))) return true;
  }
  return false;
}
