import { z } from 'zod';
import { PARAMS } from './catalog-params.ts';
import { type CatalogueQuery, emptyQuery, SORTS } from './catalog.ts';


// Filter state lives in the URL (works without JavaScript and with the back button).
// Unknown or malformed values are dropped, never an error: old links keep working.

const token = z.string().trim().toLowerCase().regex(/^[a-z_ ëé-]{1,40}$/);
// Built once per bound, not per request: making a zod schema costs more than parsing with it (3 % of a listing's CPU).
const nums = new Map<number, z.ZodType<number>>();
const num = (max: number) => nums.get(max) ?? nums.set(max, z.coerce.number().int().min(0).max(max)).get(max)!;
const sortSchema = z.enum(SORTS);

function list(params: URLSearchParams, name: string): string[] {
  const out = new Set<string>();
  for (const raw of params.getAll(name).flatMap((v) => v.split(','))) {
    const r = token.safeParse(raw);
    if (r.success && r.data) out.add(r.data);
  }
  return [...out].slice(0, 20);
}

function opt(params: URLSearchParams, name: string, max: number): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const r = num(max).safeParse(raw);
  return r.success ? r.data : undefined;
}

export function parseCatalogueQuery(params: URLSearchParams, overrides: Partial<CatalogueQuery> = {}): CatalogueQuery {
  const q = emptyQuery();
  // `reviews` was the address of the "most reviews" sort before it was named in Dutch; old links keep working.
  const rawSort = params.get(PARAMS.sort);
  const sort = sortSchema.safeParse(rawSort === 'reviews' ? 'aantal-beoordelingen' : rawSort);
  return {
    ...q,
    identity: list(params, PARAMS.identity),
    type: list(params, PARAMS.type),
    difficulty: list(params, PARAMS.difficulty),
    climate: list(params, PARAMS.climate),
    effect: list(params, PARAMS.effect),
    flavour: list(params, PARAMS.flavour),
    thc: { min: opt(params, PARAMS.thcMin, 100), max: opt(params, PARAMS.thcMax, 100) },
    cbd: { min: opt(params, PARAMS.cbdMin, 100), max: opt(params, PARAMS.cbdMax, 100) },
    floweringMax: opt(params, PARAMS.floweringMax, 400),
    yieldIndoorMin: opt(params, PARAMS.yieldIndoorMin, 5000),
    heightIndoorMax: opt(params, PARAMS.heightIndoorMax, 1000),
    sort: sort.success ? sort.data : q.sort,
    page: opt(params, PARAMS.page, 100_000) || 1,
    ...overrides,
  };
}

