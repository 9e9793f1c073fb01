// The chat bot's scorer (ADR 065), for the old test set and the held-out one alike. A case is right when the
// first reply comes from the expected source AND states every fact; a confident answer from the wrong entry
// is wrong. Facts match loosely: lower case, accents off, only letters and digits, then a substring.

export type ChatEvalCase<K extends string = string> = { q: string; kind: K; expect: string; facts: string[] };
export type ChatEvalReply = { source: string | null; text: string[] };
export type ChatScore<K extends string = string> = { score: number; byKind: Record<K, { right: number; total: number }>; misses: string[] };

/** "€ 4,95" → "495", "2–4 werkdagen" → "24werkdagen". */
export const factKey = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/g, '');

/** The source a case expects: an FAQ entry by its question as seeded, otherwise the source as written. */
export function expectedSource(expect: string, faq: { id: number; question: string }[]): string {
  if (/^(intent|page|strain):/.test(expect)) return expect;
  const entry = faq.find((f) => f.question === expect);
  return entry ? `faq:${entry.id}` : `faq:? ${expect}`;
}

export async function scoreChat<K extends string>(
  cases: ChatEvalCase<K>[],
  ask: (question: string) => Promise<ChatEvalReply>,
  faq: { id: number; question: string }[],
): Promise<ChatScore<K>> {
  const byKind = {} as Record<K, { right: number; total: number }>;
  const misses: string[] = [];
  let right = 0;
  for (const c of cases) {
    const want = expectedSource(c.expect, faq);
    const got = await ask(c.q);
    const text = factKey(got.text.join(' '));
    const missing = c.facts.filter((f) => !text.includes(factKey(f)));
    const ok = got.source === want && missing.length === 0;
    const kind = (byKind[c.kind] ??= { right: 0, total: 0 });
    kind.total++;
    if (ok) {
      kind.right++;
      right++;
    } else {
      misses.push(`[${c.kind}] ${c.q} → ${got.source ?? 'none'} (want ${want})${missing.length ? `, missing ${missing.join(' | ')}` : ''}`);
    }
  }
  return { score: cases.length ? right / cases.length : 0, byKind, misses };
}
