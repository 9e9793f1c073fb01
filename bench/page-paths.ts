// Paths that cannot hit the page cache: the i-th listing filter combination and the i-th search query, all
// different, so a bench row can send a new one with every request (bench/wrk/load.lua reads them from a file).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const IDENTITIES = ['', 'autoflower', 'feminized', 'regular', 'photoperiod', 'autoflower,feminized', 'photoperiod,regular'];
const SORTS = ['populariteit', 'beoordeling', 'aantal-beoordelingen', 'naam', 'prijs', 'thc', 'cbd', 'opbrengst-binnen', 'opbrengst-buiten'];
const THC_MIN = 26; // 0–25 %
const FLOWERING = 62; // none, or at most 50–110 days

/** Number of different listing paths `listingPath` makes (7 × 26 × 62 × 9). */
export const LISTING_PATHS = IDENTITIES.length * THC_MIN * FLOWERING * SORTS.length;

/** The i-th filter combination of /product: kind, minimum THC, maximum flowering time and sort. */
export function listingPath(i: number) {
  let n = i % LISTING_PATHS;
  const pick = (size: number) => {
    const v = n % size;
    n = Math.floor(n / size);
    return v;
  };
  const sort = SORTS[pick(SORTS.length)]!;
  const thc = pick(THC_MIN);
  const flowering = pick(FLOWERING);
  const identity = IDENTITIES[pick(IDENTITIES.length)]!;
  const params = new URLSearchParams();
  if (identity) params.set('soort', identity);
  params.set('thc-min', String(thc));
  if (flowering) params.set('bloeitijd', String(49 + flowering));
  params.set('sorteer', sort);
  return `/product?${params}`;
}

// Words shoppers type (some already misspelt); each is also sent with a letter dropped or two letters swapped.
const WORDS = ['amnesia', 'northern', 'widow', 'kush', 'citroen', 'haze', 'gelato', 'blueberry', 'autoflower', 'landrace', 'skunk', 'zoet', 'diesel', 'critical', 'durban', 'thai', 'malawi', 'cheese', 'purple', 'ontspannend', 'lemon', 'indica', 'sativa', 'fruitig', 'aarde'];
const VARIANTS = 10; // the word, 5 with a letter dropped, 4 with two letters swapped

function variant(word: string, v: number) {
  if (v === 0) return word;
  if (v <= 5) return word.slice(0, v) + word.slice(v + 1);
  const at = Math.min(v - 5, word.length - 2);
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

let queries: string[] | undefined;
/** Every different query of one word, or two, each in one of its variants (a short word's variants can coincide: kept once). */
function searchQueries() {
  if (!queries) {
    const singles = [...new Set(WORDS.flatMap((w) => Array.from({ length: VARIANTS }, (_, v) => variant(w, v))))];
    queries = [...singles, ...singles.flatMap((a) => singles.map((b) => `${a} ${b}`))];
  }
  return queries;
}

/** Number of different queries `searchPath` makes. */
export const searchPathCount = () => searchQueries().length;

/** The i-th search query on the search page (/product?q=…). */
export function searchPath(i: number) {
  const all = searchQueries();
  return `/product?${new URLSearchParams({ q: all[i % all.length]! })}`;
}

/** Writes `count` paths of a generator to a temporary file for wrk; returns its name. */
export function writePaths(make: (i: number) => string, count: number) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kk-bench-paths-')), 'paths.txt');
  fs.writeFileSync(file, Array.from({ length: count }, (_, i) => make(i)).join('\n') + '\n');
  return file;
}
