// Strain comparison (ADR 066): the choice is a list of at most four slugs, carried in the address
// (`/vergelijken?soorten=a,b`) so a comparison can be shared, and in a cookie sent only to /vergelijken.
import { addToCompareHref, COMPARE_PARAMS, COMPARE_PATH } from '~/lib/compare-href.ts';

export { addToCompareHref, COMPARE_PARAMS, COMPARE_PATH };

export const MAX_COMPARE = 4;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Shown back in a notice: a long or odd value is cut, never echoed whole.
const shown = (raw: string) => (raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

/** The slugs of a `soorten` value in order, duplicates dropped; anything that cannot be a slug is returned apart. */
export function parseSlugs(raw: string | null | undefined): { slugs: string[]; malformed: string[] } {
  const slugs: string[] = [];
  const malformed: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const value = part.trim().toLowerCase();
    if (!value) continue;
    if (!SLUG.test(value) || value.length > 100) malformed.push(shown(part.trim()));
    else if (!slugs.includes(value)) slugs.push(value);
  }
  return { slugs, malformed };
}

export type CompareChoice = { slugs: string[]; ignored: string[]; overflow: string[] };

/** Keeps the known slugs, at most MAX_COMPARE of them; the rest is reported, never an error. */
export function resolveChoice(raw: string | null | undefined, known: (slug: string) => boolean): CompareChoice {
  const { slugs, malformed } = parseSlugs(raw);
  const found = slugs.filter(known);
  return {
    slugs: found.slice(0, MAX_COMPARE),
    ignored: [...malformed, ...slugs.filter((s) => !known(s))],
    overflow: found.slice(MAX_COMPARE),
  };
}

/** Adds a strain to the choice; a fifth is refused (the choice stays as it was). */
export function addToChoice(current: string[], raw: string): { slugs: string[]; refused: string | null } {
  const [slug] = parseSlugs(raw).slugs;
  if (!slug || current.includes(slug)) return { slugs: current, refused: null };
  if (current.length >= MAX_COMPARE) return { slugs: current, refused: slug };
  return { slugs: [...current, slug], refused: null };
}

/** The shareable address of a comparison (commas kept readable). */
export function compareHref(slugs: readonly string[], refused?: string | null): string {
  const query = `${COMPARE_PARAMS.strains}=${slugs.join(',')}`;
  return `${COMPARE_PATH}?${query}${refused ? `&${COMPARE_PARAMS.refused}=${refused}` : ''}`;
}

/** The link on a card or product page that adds one strain (the page merges it with the visitor's choice). */

export type CompareRow = { label: string; values: string[]; differs: boolean };

/** One row per field, the strains' values side by side; a row differs when not every value is the same. */
export function compareRows(columns: readonly (readonly (readonly [string, string])[])[]): CompareRow[] {
  const first = columns[0] ?? [];
  return first.map(([label], i) => {
    const values = columns.map((c) => c[i]?.[1] ?? '—');
    return { label, values, differs: columns.length > 1 && values.some((v) => v !== values[0]) };
  });
}
