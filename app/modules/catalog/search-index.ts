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

/** A text's trigrams numbered in the index's vocabulary: its sequence, and each distinct one once. */
type TrigramText = { seq: Int32Array; unique: Int32Array };

class Vocabulary {
  private ids = new Map<string, number>();
  add(text: string): TrigramText {
    const seq = Int32Array.from(trigrams(text), (t) => {
      let id = this.ids.get(t);
      if (id === undefined) this.ids.set(t, (id = this.ids.size));
      return id;
    });
    return { seq, unique: Int32Array.from(new Set(seq)) };
  }
  /** A query's distinct trigrams; one the catalogue never had gets its own negative id (counted, never found). */
  query(text: string): Set<number> {
    const unknown = new Map<string, number>();
    const out = new Set<number>();
    for (const t of trigrams(text)) {
      let id = this.ids.get(t) ?? unknown.get(t);
      if (id === undefined) unknown.set(t, (id = -1 - unknown.size));
      out.add(id);
    }
    return out;
  }
}

/** pg_trgm similarity(): shared distinct trigrams over all distinct trigrams (single precision). */
export function similarityOf(query: Set<number>, text: TrigramText): number {
  if (query.size === 0 || text.unique.length === 0) return 0;
  let count = 0;
  for (const t of text.unique) if (query.has(t)) count++;
  return f(count / (query.size + text.unique.length - count));
}

/**
 * pg_trgm word_similarity(query, text): the best similarity between the query's trigrams and any continuous
 * extent of the text's trigrams (calc_word_similarity and iterate_word_similarity, plain mode).
 */
export function wordSimilarityOf(query: Set<number>, text: TrigramText): number {
  const ulen1 = query.size;
  const len2 = text.seq.length;
  if (ulen1 === 0 || len2 === 0) return 0;
  // Distinct trigrams of the text numbered 0…n-1 (the order does not matter, only which positions share one).
  const local = new Map<number, number>();
  const idx = new Int32Array(len2);
  for (let i = 0; i < len2; i++) {
    const t = text.seq[i]!;
    let j = local.get(t);
    if (j === undefined) local.set(t, (j = local.size));
    idx[i] = j;
  }
  const found = new Uint8Array(local.size);
  let any = false;
  for (const [t, j] of local)
    if (query.has(t)) {
      found[j] = 1;
      any = true;
    }
  if (!any) return 0;
  const sml = (count: number, u2: number) => f(count / (ulen1 + u2 - count));
  const lastpos = new Int32Array(local.size).fill(-1);
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
export type SearchIndex = { entries: Entry[]; vocabulary: Vocabulary };

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
  return { entries, vocabulary };
}

/**
 * Ranked ids, as the SQL ranks them: ts_rank × 4 + word_similarity and twice the similarity to the name +
 * word_similarity to the search document, 10 more for the exact name; kept when the full text matches, the
 * name is at least 0.3 similar or the document 0.5; best first, then by id, at most SEARCH_LIMIT.
 * `query` is the visitor's words (trimmed), `tsquery` websearch_to_tsquery('dutch', query) parsed.
 */
export function searchIndex(index: SearchIndex, query: string, tsquery: TsQuery | 'empty'): number[] {
  const trg = index.vocabulary.query(query);
  const lowerQuery = query.toLowerCase();
  const ranked: { id: number; score: number }[] = [];
  for (const e of index.entries) {
    const fts = tsquery !== 'empty' && tsMatches(tsquery, e.vector);
    const wsName = wordSimilarityOf(trg, e.name);
    const simName = similarityOf(trg, e.name);
    const nameSim = Math.max(wsName, simName);
    // word_similarity(query, document) is at most the share of the query's trigrams the document has at all:
    // skip the scan of a document that cannot reach 0.5 when nothing else keeps the strain.
    let wsDoc = 0;
    const keepOther = fts || nameSim >= 0.3;
    if (keepOther || sharedShare(trg, e.doc) >= 0.4999) wsDoc = wordSimilarityOf(trg, e.doc);
    if (!(keepOther || wsDoc >= 0.5)) continue;
    const rank = tsquery === 'empty' ? 0 : tsRank(tsquery, e.vector);
    const score = rank * 4 + wsName + simName * 2 + wsDoc + (e.lowerName === lowerQuery ? 10 : 0);
    ranked.push({ id: e.id, score });
  }
  ranked.sort((a, b) => b.score - a.score || a.id - b.id);
  return ranked.slice(0, SEARCH_LIMIT).map((r) => r.id);
}

function sharedShare(query: Set<number>, text: TrigramText): number {
  if (query.size === 0) return 0;
  let n = 0;
  for (const t of text.unique) if (query.has(t)) n++;
  return n / query.size;
}
