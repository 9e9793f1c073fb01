// The catalogue's search in memory (ADR 071): the same ranking as the SQL it replaces (search.server.ts
// searchProductIdsSql), computed over a per-snapshot index instead of pg_trgm's word_similarity over every row.
// Ported from PostgreSQL 17 (contrib/pg_trgm/trgm_op.c, src/backend/utils/adt/tsrank.c and tsvector_op.c),
// including where they compute in single precision, so scores and their ties come out the same.

const f = Math.fround;

// ---------- pg_trgm ----------

// pg_trgm keeps only letters and digits (KEEPONLYALNUM) and folds case; words are padded "  word ".
const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of a text in order, as pg_trgm's generate_trgm_only makes them (3 characters each). */
export function trigrams(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const chars = [' ', ' ', ...m[0], ' '];
    for (let i = 0; i + 3 <= chars.length; i++) out.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/**
 * A text's trigrams numbered in the index's vocabulary: each distinct one once, in order of first occurrence
 * (`unique`), and for each position which of those it is (`at`, an index into `unique`). Both are made once per
 * catalogue version, so a query only marks which of a text's distinct trigrams it shares.
 */
type TrigramText = { unique: Int32Array; at: Int32Array };

/**
 * A query's distinct trigrams: `marks` flags the vocabulary's (the index's scratch, cleared after the query), `size`
 * counts them all, the ones the catalogue never had included (they count, and are never found).
 */
type TrigramQuery = { marks: Uint8Array; size: number };

class Vocabulary {
  private ids = new Map<string, number>();
  add(text: string): TrigramText {
    const unique: number[] = [];
    const local = new Map<number, number>();
    const tris = trigrams(text);
    const at = new Int32Array(tris.length);
    for (let i = 0; i < tris.length; i++) {
      const t = tris[i]!;
      let id = this.ids.get(t);
      if (id === undefined) this.ids.set(t, (id = this.ids.size));
      let j = local.get(id);
      if (j === undefined) local.set(id, (j = unique.push(id) - 1));
      at[i] = j;
    }
    return { unique: Int32Array.from(unique), at };
  }
  get size() {
    return this.ids.size;
  }
  /** Marks a query's trigrams in `marks` (as long as the vocabulary, all clear) and returns the ids it set. */
  mark(text: string, marks: Uint8Array): { size: number; marked: number[] } {
    const marked: number[] = [];
    const unknown = new Set<string>();
    for (const t of trigrams(text)) {
      const id = this.ids.get(t);
      if (id === undefined) unknown.add(t);
      else if (!marks[id]) {
        marks[id] = 1;
        marked.push(id);
      }
    }
    return { size: marked.length + unknown.size, marked };
  }
}

/** How many of a text's distinct trigrams the query has. */
function sharedCount(query: TrigramQuery, text: TrigramText): number {
  let n = 0;
  for (const t of text.unique) n += query.marks[t]!;
  return n;
}

/** pg_trgm similarity() from the count of shared distinct trigrams: shared over all distinct (single precision). */
function similarityOf(query: TrigramQuery, text: TrigramText, shared: number): number {
  if (query.size === 0 || text.unique.length === 0) return 0;
  return f(shared / (query.size + text.unique.length - shared));
}

// Scratch for wordSimilarityOf, grown to the longest text: searchIndex runs to its end without yielding.
let foundAt = new Uint8Array(256);
let lastposAt = new Int32Array(256);

/**
 * pg_trgm word_similarity(query, text): the best similarity between the query's trigrams and any continuous
 * extent of the text's trigrams (calc_word_similarity and iterate_word_similarity, plain mode).
 */
function wordSimilarityOf(query: TrigramQuery, text: TrigramText): number {
  const ulen1 = query.size;
  const len2 = text.at.length;
  const distinct = text.unique.length;
  if (ulen1 === 0 || len2 === 0) return 0;
  if (foundAt.length < distinct) {
    foundAt = new Uint8Array(distinct);
    lastposAt = new Int32Array(distinct);
  }
  const found = foundAt;
  const lastpos = lastposAt;
  let any = 0;
  for (let j = 0; j < distinct; j++) any |= found[j] = query.marks[text.unique[j]!]!;
  if (!any) return 0;
  const idx = text.at;
  const sml = (count: number, u2: number) => f(count / (ulen1 + u2 - count));
  lastpos.fill(-1, 0, distinct);
  let ulen2 = 0;
  let count = 0;
  let lower = -1;
  let max = 0;
  for (let i = 0; i < len2; i++) {
    const ti = idx[i]!;
    if (lower >= 0 || found[ti]) {
      if (lastpos[ti]! < 0) {
        ulen2++;
        if (found[ti]) count++;
      }
      lastpos[ti] = i;
    }
    if (!found[ti]) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let cur = sml(count, ulen2);
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tl = lower; tl <= upper; tl++) {
      const s = sml(tmpCount, tmpUlen2);
      if (s > cur) {
        cur = s;
        ulen2 = tmpUlen2;
        lower = tl;
        count = tmpCount;
      }
      const tt = idx[tl]!;
      if (lastpos[tt] === tl) {
        tmpUlen2--;
        if (found[tt]) tmpCount--;
      }
    }
    if (cur > max) max = cur;
    for (let tl = prevLower; tl < lower; tl++) {
      const tt = idx[tl]!;
      if (lastpos[tt] === tl) lastpos[tt] = -1;
    }
  }
  return max;
}

// ---------- tsvector / tsquery ----------

/** A tsvector: each lexeme's positions (weights are not kept: to_tsvector gives every position weight D). */
export type TsVector = Map<string, number[]>;

const unquote = (s: string) => s.slice(1, -1).replace(/''/g, "'").replace(/\\(.)/g, '$1');

/** Parses a tsvector's text form ('lexeme':1,4 'other':2); null for what this port does not rank. */
export function parseTsVector(text: string): TsVector | null {
  const out: TsVector = new Map();
  const re = /('(?:[^'\\]|''|\\.)*')(?::([0-9A-D,]+))?/g;
  for (const m of text.matchAll(re)) {
    const positions = (m[2] ?? '').split(',').filter(Boolean);
    // A lexeme without positions or with a weight other than D is ranked differently: not ported.
    if (positions.length === 0 || positions.some((p) => /[A-C]$/.test(p))) return null;
    out.set(
      unquote(m[1]!),
      positions.map((p) => Number(p.replace(/D$/, ''))),
    );
  }
  return out;
}

export type TsQuery =
  | { op: 'val'; lexeme: string }
  | { op: 'not'; arg: TsQuery }
  | { op: 'and' | 'or'; left: TsQuery; right: TsQuery }
  | { op: 'phrase'; distance: number; left: TsQuery; right: TsQuery };

/**
 * Parses a tsquery's text form as websearch_to_tsquery writes it ('a' & !'b' | 'c' <-> 'd'); null for what this
 * port does not evaluate (prefix or weight marks, anything but words and phrases inside a phrase): the caller then asks the database.
 * An empty string is the empty query.
 */
export function parseTsQuery(text: string): TsQuery | null | 'empty' {
  const tokens = [...text.matchAll(/'(?:[^'\\]|''|\\.)*'(:[*A-D]+)?|<(\d+|-)>|[&|!()]|\S/g)].map((m) => m[0]);
  if (tokens.length === 0) return 'empty';
  let i = 0;
  let unsupported = false;
  // Precedence as in PostgreSQL: ! binds tightest, then <->, then &, then |.
  const primary = (): TsQuery | null => {
    const t = tokens[i++];
    if (t === undefined) return null;
    if (t === '!') {
      const arg = primary();
      return arg && { op: 'not', arg };
    }
    if (t === '(') {
      const inner = or();
      if (tokens[i++] !== ')') return null;
      return inner;
    }
    if (t.startsWith("'")) {
      const end = t.lastIndexOf("'");
      if (end !== t.length - 1) unsupported = true;
      return { op: 'val', lexeme: unquote(t.slice(0, end + 1)) };
    }
    return null;
  };
  const phrase = (): TsQuery | null => {
    let left = primary();
    while (left && tokens[i]?.startsWith('<')) {
      const d = tokens[i++]!.slice(1, -1);
      const right = primary();
      if (!right) return null;
      left = { op: 'phrase', distance: d === '-' ? 1 : Number(d), left, right };
    }
    return left;
  };
  const and = (): TsQuery | null => {
    let left = phrase();
    while (left && tokens[i] === '&') {
      i++;
      const right = phrase();
      if (!right) return null;
      left = { op: 'and', left, right };
    }
    return left;
  };
  const or = (): TsQuery | null => {
    let left = and();
    while (left && tokens[i] === '|') {
      i++;
      const right = and();
      if (!right) return null;
      left = { op: 'or', left, right };
    }
    return left;
  };
  const q = or();
  if (!q || i !== tokens.length || unsupported || unsupportedInPhrase(q, false)) return null;
  return q;
}

function unsupportedInPhrase(q: TsQuery, inPhrase: boolean): boolean {
  if (q.op === 'val') return false;
  if (q.op === 'not') return inPhrase || unsupportedInPhrase(q.arg, inPhrase);
  if (inPhrase && q.op !== 'phrase') return true;
  const deeper = inPhrase || q.op === 'phrase';
  return unsupportedInPhrase(q.left, deeper) || unsupportedInPhrase(q.right, deeper);
}

/** Where a phrase (part) matches: the positions of its last word, and how many positions it spans before it. */
type Span = { ends: number[]; width: number };

function phraseSpan(q: TsQuery, v: TsVector): Span {
  if (q.op === 'phrase') {
    const l = phraseSpan(q.left, v);
    const r = phraseSpan(q.right, v);
    const lefts = new Set(l.ends);
    return { ends: r.ends.filter((e) => lefts.has(e - r.width - q.distance)), width: l.width + q.distance + r.width };
  }
  // parseTsQuery lets only words and phrases into a phrase.
  return { ends: q.op === 'val' ? (v.get(q.lexeme) ?? []) : [], width: 0 };
}

/** tsvector @@ tsquery. */
export function tsMatches(q: TsQuery, v: TsVector): boolean {
  switch (q.op) {
    case 'val':
      return v.has(q.lexeme);
    case 'not':
      return !tsMatches(q.arg, v);
    case 'and':
      return tsMatches(q.left, v) && tsMatches(q.right, v);
    case 'or':
      return tsMatches(q.left, v) || tsMatches(q.right, v);
    case 'phrase':
      return phraseSpan(q, v).ends.length > 0;
  }
}

/** The query's distinct words in PostgreSQL's order (SortAndUniqItems: bytewise, a prefix first). */
function queryWords(q: TsQuery): string[] {
  const out = new Set<string>();
  const walk = (n: TsQuery) => {
    if (n.op === 'val') out.add(n.lexeme);
    else if (n.op === 'not') walk(n.arg);
    else {
      walk(n.left);
      walk(n.right);
    }
  };
  walk(q);
  const bytes = (s: string) => Buffer.from(s, 'utf8');
  return [...out].sort((a, b) => Buffer.compare(bytes(a), bytes(b)));
}

const WEIGHT_D = f(0.1); // ts_rank's default weight of an unweighted position
const MAXENTRYPOS = 1 << 14;

function rankOr(words: string[], v: TsVector): number {
  let res = 0;
  for (const w of words) {
    const post = v.get(w);
    if (!post) continue;
    let resj = 0;
    let wjm = -1;
    let jm = 0;
    for (let j = 0; j < post.length; j++) {
      resj = f(resj + f(WEIGHT_D / ((j + 1) * (j + 1))));
      if (WEIGHT_D > wjm) {
        wjm = WEIGHT_D;
        jm = j;
      }
    }
    res = f(res + f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
  }
  return words.length > 0 ? f(res / words.length) : res;
}

const wordDistance = (w: number) => (w > 100 ? f(1e-30) : f(1.0 / (1.005 + 0.05 * Math.exp(f(w) / 1.5 - 2))));

function rankAnd(words: string[], v: TsVector): number {
  if (words.length < 2) return rankOr(words, v);
  let res = -1;
  const pos: (number[] | undefined)[] = [];
  for (let i = 0; i < words.length; i++) {
    const post = v.get(words[i]!);
    if (!post) continue;
    pos[i] = post;
    for (let k = 0; k < i; k++) {
      const ct = pos[k];
      if (!ct) continue;
      for (const pl of post)
        for (const pp of ct) {
          const dist = Math.abs(Math.min(pl, MAXENTRYPOS - 1) - Math.min(pp, MAXENTRYPOS - 1));
          if (!dist) continue;
          const curw = f(Math.sqrt(f(f(WEIGHT_D * WEIGHT_D) * wordDistance(dist))));
          res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
        }
    }
  }
  return res;
}

/** ts_rank(tsvector, tsquery) with the default weights and no normalisation. */
export function tsRank(q: TsQuery, v: TsVector): number {
  if (v.size === 0) return 0;
  const words = queryWords(q);
  const res = q.op === 'and' || q.op === 'phrase' ? rankAnd(words, v) : rankOr(words, v);
  return res < 0 ? f(1e-20) : res;
}

// ---------- the index ----------

export type SearchDoc = { id: number; name: string; searchDocument: string; searchVector: string | null };
type Entry = { id: number; lowerName: string; name: TrigramText; doc: TrigramText; vector: TsVector };
/** `marks`: one flag per trigram of the vocabulary, set for a query's trigrams while it is ranked and then cleared. */
export type SearchIndex = { entries: Entry[]; vocabulary: Vocabulary; marks: Uint8Array };

export const SEARCH_LIMIT = 60;

/** The index of the catalogue's strains; null when a stored tsvector is one this port cannot rank (weights). */
export function buildSearchIndex(docs: readonly SearchDoc[]): SearchIndex | null {
  const vocabulary = new Vocabulary();
  const entries: Entry[] = [];
  for (const d of docs) {
    const vector = parseTsVector(d.searchVector ?? '');
    if (!vector) return null;
    entries.push({ id: d.id, lowerName: d.name.toLowerCase(), name: vocabulary.add(d.name), doc: vocabulary.add(d.searchDocument), vector });
  }
  return { entries, vocabulary, marks: new Uint8Array(vocabulary.size) };
}

/**
 * Ranked ids, as the SQL ranks them: ts_rank × 4 + word_similarity and twice the similarity to the name +
 * word_similarity to the search document, 10 more for the exact name; kept when the full text matches, the
 * name is at least 0.3 similar or the document 0.5; best first, then by id, at most SEARCH_LIMIT.
 * `query` is the visitor's words (trimmed), `tsquery` websearch_to_tsquery('dutch', query) parsed.
 */
export function searchIndex(index: SearchIndex, query: string, tsquery: TsQuery | 'empty'): number[] {
  const { size, marked } = index.vocabulary.mark(query, index.marks);
  const trg: TrigramQuery = { marks: index.marks, size };
  const lowerQuery = query.toLowerCase();
  const ranked: { id: number; score: number }[] = [];
  try {
    for (const e of index.entries) {
      const fts = tsquery !== 'empty' && tsMatches(tsquery, e.vector);
      // Both similarities to a text are at most the share of the query's trigrams it has at all: a strain whose
      // name cannot reach 0.3 nor its document 0.5 is kept only by the full text, and its texts are not scanned.
      // (The margins cover the single-precision rounding of the similarities.)
      const nameShared = sharedCount(trg, e.name);
      const docShared = sharedCount(trg, e.doc);
      const nameMayKeep = size > 0 && nameShared >= 0.2999 * size;
      const docMayKeep = size > 0 && docShared >= 0.4999 * size;
      if (!(fts || nameMayKeep || docMayKeep)) continue;
      const wsName = wordSimilarityOf(trg, e.name);
      const simName = similarityOf(trg, e.name, nameShared);
      const keepOther = fts || Math.max(wsName, simName) >= 0.3;
      const wsDoc = keepOther || docMayKeep ? wordSimilarityOf(trg, e.doc) : 0;
      if (!(keepOther || wsDoc >= 0.5)) continue;
      const rank = tsquery === 'empty' ? 0 : tsRank(tsquery, e.vector);
      const score = rank * 4 + wsName + simName * 2 + wsDoc + (e.lowerName === lowerQuery ? 10 : 0);
      ranked.push({ id: e.id, score });
    }
  } finally {
    for (const id of marked) index.marks[id] = 0;
  }
  ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  return ranked.slice(0, SEARCH_LIMIT).map((r) => r.id);
}
