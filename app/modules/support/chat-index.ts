// The chat bot's knowledge index (ADR 065): BM25 over stems, in memory. A word the index does not know is
// split into two words it does know ("verzendkosten" → verzend + kost) or, failing that, matched to the
// nearest words of its vocabulary (one typo for a short word, two for a long one). Pure: chat.server.ts
// builds it from the FAQ, the content pages and the settings, and rebuilds it when they change.
import { editDistance, stem, stems, typosAllowed } from './chat-words.ts';

export { editDistance, typosAllowed } from './chat-words.ts';

/** `searchWords`: staff's words for how customers ask (FAQ entries, ADR 070); searched, never shown. */
export type IndexDoc = { key: string; title: string; body: string; href: string; searchWords?: string };
type Posting = { doc: number; tf: number };

export type ChatIndex = {
  docs: IndexDoc[];
  postings: Map<string, Posting[]>;
  lengths: number[];
  avgLength: number;
  titles: Set<string>[];
  titleWeights: number[];
  /** Every word of every title: what the shop's texts are about. A question with none of them is about something else. */
  topics: Set<string>;
  /** What each word seen so far expands to: the vocabulary scans run once per word per index. */
  expansions: Map<string, Expansion[]>;
};

/** A word in the title counts as often as this many in the body: a question's own words say what it is about. */
const TITLE_WEIGHT = 3;
/**
 * Staff's search words count as the answer's own words do: many are general (kopen, bank, envelop), and at a
 * title's weight one of them pulled questions about other entries (test set: 1 → 94.4 %, 2 → 94.2 %, 3 → 93.9 %).
 */
const SEARCH_WEIGHT = 1;
const K1 = 1.2;
const B = 0.75;
/** How much a question that is a document's title outranks one that only shares its words. */
const TITLE_BONUS = 4;
/** FAQ entries are written as answers to questions; a page section is reference text, a settings document one fact. */
const PAGE_PRIOR = 0.8;
/**
 * The share of the question's weight a title must hold to earn its whole bonus: a question that shares one common
 * word with a short title ("bestelling") is not about it unless that word is most of what it asks.
 */
const TITLE_FULL = 0.3;

export function buildIndex(docs: IndexDoc[]): ChatIndex {
  const postings = new Map<string, Posting[]>();
  const lengths = docs.map((d, doc) => {
    const terms = [...repeat(stems(d.title), TITLE_WEIGHT), ...repeat(stems(d.searchWords ?? ''), SEARCH_WEIGHT), ...stems(d.body)];
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    for (const [term, n] of tf) postings.set(term, [...(postings.get(term) ?? []), { doc, tf: n }]);
    return terms.length;
  });
  const avgLength = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const titles = docs.map((d) => new Set(stems(d.title)));
  const index: ChatIndex = { docs, postings, lengths, avgLength, titles, titleWeights: [], topics: new Set(), expansions: new Map() };
  // A title's compounds count by their parts too: "Affiliateprogramma" is about affiliates.
  const known = (t: string) => postings.has(t);
  // Search words say what a customer asks about, as a title does.
  const topicTerms = [...titles.flatMap((t) => [...t]), ...docs.flatMap((d) => stems(d.searchWords ?? ''))];
  for (const term of topicTerms) for (const part of [{ term }, ...splitCompound(term, known)]) index.topics.add(part.term);
  index.titleWeights = titles.map((set) => [...set].reduce((sum, term) => sum + idf(index, postings.get(term)?.length ?? 0), 0));
  return index;
}

const repeat = (terms: string[], times: number) => terms.flatMap((t) => Array<string>(times).fill(t));

export type Expansion = { term: string; weight: number };

/** A Dutch compound as two known words: "verzendkosten" → verzend + kost, "retourbeleid" → retour + beleid. */
function splitCompound(word: string, known: (t: string) => boolean): Expansion[] {
  for (let i = word.length - 3; i >= 3; i--) {
    const head = word.slice(0, i);
    const tail = stem(word.slice(i));
    const heads = [stem(head), head, head.endsWith('s') ? stem(head.slice(0, -1)) : ''].filter((h) => h.length >= 3 && known(h));
    if (heads[0] && known(tail)) return [{ term: heads[0], weight: 0.8 }, { term: tail, weight: 0.8 }];
  }
  // A compound's last part is what it is ("creditcardgegevens" are gegevens): that part alone, weaker.
  for (let i = 3; i <= word.length - 4; i++) {
    const tail = stem(word.slice(i));
    if (known(tail)) return [{ term: tail, weight: 0.6 }];
  }
  return [];
}

/** Forms Snowball leaves apart ("reager" and "reageert"): vocabulary words that extend the stem by a few letters. */
function inflections(index: ChatIndex, s: string): Expansion[] {
  if (s.length < 5) return [];
  const out: Expansion[] = [];
  for (const term of index.postings.keys()) if (term !== s && term.length <= s.length + 2 && term.startsWith(s)) out.push({ term, weight: 0.8 });
  return out.slice(0, 3);
}

/** Compounds the index knows that end in the word: a kiemgarantie is a garantie, retourkosten are kosten. */
function compounds(index: ChatIndex, s: string): Expansion[] {
  if (s.length < 6) return [];
  const out: Expansion[] = [];
  for (const term of index.postings.keys()) if (term.length >= s.length + 3 && term.endsWith(s)) out.push({ term, weight: 0.6 });
  return out.slice(0, 4);
}

/** Vocabulary words that begin with an unknown word's stem and add a suffix of a few letters (-elijk, -heid, -ing). */
function derivations(index: ChatIndex, s: string): Expansion[] {
  if (s.length < 5) return [];
  const out: Expansion[] = [];
  for (const term of index.postings.keys()) if (term.length > s.length + 2 && term.length <= s.length + 6 && term.startsWith(s)) out.push({ term, weight: 0.7 });
  return out.slice(0, 3);
}

/** What a search word stands for in the index: itself, its compound parts, or its nearest spellings. */
export function expand(index: ChatIndex, word: string): Expansion[] {
  let found = index.expansions.get(word);
  if (!found) {
    found = expandWord(index, word);
    // Bounded: the words visitors type are unbounded.
    if (index.expansions.size < 20_000) index.expansions.set(word, found);
  }
  return found;
}

function expandWord(index: ChatIndex, word: string): Expansion[] {
  const known = (t: string) => index.postings.has(t);
  const s = stem(word);
  if (known(s) || known(word)) return [{ term: known(s) ? s : word, weight: 1 }, ...inflections(index, s), ...compounds(index, s)];
  // A past participle: gekiemd → kiem, verstuurd → verstuur.
  const verb = stem(word.replace(/^ge(?=\w{4})/, '').replace(/[dt]$/, ''));
  if (/[dt]$/.test(word) && known(verb)) return [{ term: verb, weight: 0.9 }];
  // A diminutive the stemmer cut too short ("verlanglijstje" is a lijst-je, not a lijs-tje).
  const small = stem(word.replace(/jes?$/, ''));
  if (word.length > 6 && /jes?$/.test(word) && known(small)) return [{ term: small, weight: 1 }];
  const parts = splitCompound(word, known);
  // Only the last part known: the compounds of it the index has may be what is meant (ontkiemingsgarantie → kiemgarantie).
  if (parts.length === 1) return [...parts, ...compounds(index, parts[0]!.term)];
  if (parts.length) return parts;
  // Not known alone, but as the last part of compounds: those.
  const wholes = compounds(index, s);
  if (wholes.length) return wholes;
  // A word the texts only use derived (vrouw → vrouwelijk, leeftijd → leeftijdsgrens): the derived words, weaker.
  const derived = derivations(index, s);
  if (derived.length) return derived;
  const max = typosAllowed(word.length);
  if (max === 0) return [];
  let best: Expansion[] = [];
  let bestDistance = max + 1;
  for (const term of index.postings.keys()) {
    const d = Math.min(editDistance(s, term, max), editDistance(word, term, max));
    if (d < bestDistance) [best, bestDistance] = [[{ term, weight: d === 1 ? 0.7 : 0.5 }], d];
    else if (d === bestDistance && d <= max && best.length < 3) best.push({ term, weight: d === 1 ? 0.7 : 0.5 });
  }
  return best;
}

/** A word and its synonym: whatever either stands for, each index term once at its best weight. */
function expandSlot(index: ChatIndex, slot: string[]): Expansion[] {
  const best = new Map<string, number>();
  for (const word of slot) for (const e of expand(index, word)) best.set(e.term, Math.max(best.get(e.term) ?? 0, e.weight));
  return [...best].map(([term, weight]) => ({ term, weight }));
}

export type Hit = { doc: IndexDoc; score: number; coverage: number };

const idf = (index: ChatIndex, df: number) => Math.log(1 + (index.docs.length - df + 0.5) / (df + 0.5));

/**
 * The documents for a question's words, best first. `coverage` is the share of the question's weight (each
 * word by its rarity; a word the index does not know counts as the rarest) that the document matches.
 */
export function search(
  index: ChatIndex,
  words: string[][],
  limit = 4,
): { hits: Hit[]; knownWords: number; unknownShare: number; topical: boolean; strangers: number } {
  const scores = new Map<number, Score>();
  const seen = new Set<string>();
  let total = 0;
  let knownWords = 0;
  let unknown = 0;
  let topical = false;
  // Words the texts have at most a typo of: in "verkopen jullie fietsen" the thing asked for.
  let strangers = 0;
  // A word the index does not know counts, but less than its rarest word: it may be a typo of nothing.
  const rarest = idf(index, 0) * 0.6;
  for (const slot of words) {
    if (seen.has(slot.join(' '))) continue;
    seen.add(slot.join(' '));
    const terms = expandSlot(index, slot);
    const weight = terms.length ? Math.max(...terms.map((t) => idf(index, index.postings.get(t.term)!.length))) : rarest;
    total += weight;
    if (terms.length) knownWords++;
    if (!terms.some((t) => t.weight >= 0.8)) strangers++;
    // A title word, typed right or with one typo, makes the question one about the shop's matters.
    if (terms.some((t) => t.weight >= 0.6 && index.topics.has(t.term))) topical = true;
    // A word known only through a typo or a part of it is that much less known.
    unknown += weight * (1 - Math.max(0, ...terms.map((t) => t.weight)));
    const share = new Map<number, number>();
    const titled = new Set<number>();
    for (const { term, weight: w } of terms) scoreTerm(index, term, w, scores, share, titled);
    // A word matched by two of its expansions (a compound's parts) still counts once towards coverage.
    for (const [doc, w] of share) scores.get(doc)!.matched += Math.min(1, w) * weight;
    for (const doc of titled) scores.get(doc)!.asked += weight;
  }
  const hits = [...scores.entries()]
    .map(([doc, s]) => {
      const d = index.docs[doc]!;
      const titleShare = index.titleWeights[doc] ? Math.min(1, s.title / index.titleWeights[doc]) : 0;
      const coverage = total ? Math.min(1, s.matched / total) : 0;
      const bonus = TITLE_BONUS * titleShare * Math.min(1, s.asked / (TITLE_FULL * total));
      const score = (s.score + bonus) * (d.key.startsWith('faq:') ? 1 : PAGE_PRIOR);
      return { doc: d, score, coverage };
    })
    .sort((a, b) => b.score - a.score || a.doc.key.localeCompare(b.doc.key))
    .slice(0, limit);
  return { hits, knownWords, unknownShare: total ? unknown / total : 1, topical, strangers };
}

/** A document's score for a question so far: BM25, the question's weight it covers, its title's weight matched, the question's weight in its title. */
type Score = { score: number; matched: number; title: number; asked: number };

function scoreTerm(index: ChatIndex, term: string, w: number, scores: Map<number, Score>, share: Map<number, number>, titled: Set<number>) {
  const list = index.postings.get(term)!;
  const termIdf = idf(index, list.length);
  for (const { doc, tf } of list) {
    const norm = tf + K1 * (1 - B + (B * index.lengths[doc]!) / index.avgLength);
    const s = scores.get(doc) ?? { score: 0, matched: 0, title: 0, asked: 0 };
    s.score += (w * termIdf * tf * (K1 + 1)) / norm;
    if (index.titles[doc]!.has(term)) {
      s.title += w * termIdf;
      titled.add(doc);
    }
    scores.set(doc, s);
    share.set(doc, (share.get(doc) ?? 0) + w);
  }
}
