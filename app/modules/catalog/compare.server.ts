import type { Db } from '~/db/client.server.ts';
import { compare as t } from '~/i18n/nl/compare.ts';
import { formatMoney } from '~/lib/money.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { type Product, toCard } from './catalog.ts';
import { listCollections, loadCatalogue } from './catalog.server.ts';
import { compareRows, resolveChoice } from './compare.ts';
import { strainProfileRows } from './strain-profile.ts';

/** Every SPEC §3 field of a strain as label and value: the profile tab's rows, then packs, price and relations. */
function compareFields(p: Product, currency: string, names: (slugs: string[]) => string, collectionNames: Map<string, string>): [string, string][] {
  const sold = p.packs.filter((k) => !k.isFree).map((k) => k.seeds);
  const from = toCard(p, currency).fromPrice;
  const list = (items: string[]) => items.join(', ') || t.none;
  return [
    ...strainProfileRows(p),
    [t.packs, t.packsValue(sold, p.packs.some((k) => k.isFree))],
    [t.fromPrice, from === null ? t.none : formatMoney(from, currency)],
    [t.collections, list(p.collections.map((c) => collectionNames.get(c) ?? c))],
    [t.related, names(p.relatedSlugs)],
    [t.counterpart, p.counterpartSlug ? names([p.counterpartSlug]) : t.none],
  ];
}

/** The comparison page: the chosen strains in the visitor's currency, their fields side by side, and what was left out. */
export async function comparePage(db: Db, request: Request, raw: string | null, refused: string | null = null) {
  const [{ bySlug }, region, collections] = await Promise.all([loadCatalogue(db), regionForRequest(db, request), listCollections(db)]);
  const choice = resolveChoice(raw, (slug) => bySlug.has(slug));
  const chosen = choice.slugs.map((slug) => bySlug.get(slug)!);
  const collectionNames = new Map(collections.map((c) => [c.slug, c.name]));
  const names = (slugs: string[]) => slugs.map((s) => bySlug.get(s)?.name).filter(Boolean).join(', ') || t.none;
  return {
    ...choice,
    overflow: choice.overflow.map((s) => bySlug.get(s)!.name),
    strains: chosen.map((p) => ({ slug: p.slug, name: p.name, image: p.image ?? null, breeder: p.breeder })),
    rows: compareRows(chosen.map((p) => compareFields(p, region.currency, names, collectionNames))),
    // The strain a full choice refused (the add link's answer); an unknown one is not named.
    refused: refused ? (bySlug.get(refused)?.name ?? null) : null,
  };
}
