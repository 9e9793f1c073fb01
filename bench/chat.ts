// The chat bot on a freshly seeded embedded database (ADR 065): the test set (tuned on) and the four held-out sets
// (never tuned on) scored per kind by the same scorer as the tests, and the reply time over all the sets. Only the
// scores are printed, never the held-out questions missed. The run fails when the p95 reply time is over 50 ms.
import { openDatabase } from '../app/db/client.server.ts';
import * as s from '../app/db/schema/index.ts';
import { seed } from '../app/db/seed/index.ts';
import { listRegions } from '../app/lib/regions.server.ts';
import { answerChat } from '../app/flows/answer-chat.server.ts';
import { CHAT_HELDOUT } from '../app/modules/support/chat.heldout.ts';
import { CHAT_HELDOUT_2 } from '../app/modules/support/chat.heldout-2.ts';
import { CHAT_HELDOUT_3 } from '../app/modules/support/chat.heldout-3.ts';
import { CHAT_HELDOUT_4 } from '../app/modules/support/chat.heldout-4.ts';
import { CHAT_TESTSET } from '../app/modules/support/chat.testset.ts';
import { type ChatScore, scoreChat } from '../app/modules/support/chat-eval.ts';

const P95_BUDGET_MS = 50;

export async function benchChat() {
  const database = await openDatabase({});
  try {
    await seed(database.db);
    const faq = await database.db.select().from(s.faqItems);
    const region = (await listRegions(database.db)).find((r) => r.code === 'nl')!;
    let n = 0;
    const times: number[] = [];
    const ask = async (q: string) => {
      const started = performance.now();
      const r = await answerChat(database.db, q, {}, { region, client: `bench-${n++}`, links: { origin: 'http://bench', secret: 'bench' }, offeredPayments: (o) => o });
      times.push(performance.now() - started);
      return r.status === 'ok' ? r.reply : { source: 'rate_limited', text: [] };
    };
    const questions = [...CHAT_TESTSET, ...CHAT_HELDOUT, ...CHAT_HELDOUT_2, ...CHAT_HELDOUT_3, ...CHAT_HELDOUT_4].map((c) => c.q);
    for (const q of questions) await ask(q); // warm: the index, the catalogue, the regions
    times.length = 0;
    const testset = await scoreChat(CHAT_TESTSET, ask, faq);
    const heldout = await scoreChat(CHAT_HELDOUT, ask, faq);
    const heldout2 = await scoreChat(CHAT_HELDOUT_2, ask, faq);
    const heldout3 = await scoreChat(CHAT_HELDOUT_3, ask, faq);
    const heldout4 = await scoreChat(CHAT_HELDOUT_4, ask, faq);
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!;
    const result = { testset, heldout, heldout2, heldout3, heldout4, replies: times.length, p50: at(0.5), p95: at(0.95) };
    if (result.p95 > P95_BUDGET_MS) process.exitCode = 1;
    return result;
  } finally {
    await database.close();
  }
}

const kinds = (score: ChatScore) =>
  Object.entries(score.byKind)
    .map(([kind, k]) => `${kind} ${k.right}/${k.total}`)
    .join(', ');

export function chatLines(r: Awaited<ReturnType<typeof benchChat>>): string[] {
  const pct = (score: ChatScore) => `${(score.score * 100).toFixed(1)}%`;
  return [
    '## Chat bot',
    '',
    `Top-1 with the key facts (scorer app/modules/support/chat-eval.ts). Test set, tuned on (${CHAT_TESTSET.length} questions): ${pct(r.testset)} (${kinds(r.testset)}). Held-out sets, written apart from the bot and never tuned on: the first (${CHAT_HELDOUT.length} questions) ${pct(r.heldout)} (${kinds(r.heldout)}); the second (${CHAT_HELDOUT_2.length} questions) ${pct(r.heldout2)} (${kinds(r.heldout2)}); the third (${CHAT_HELDOUT_3.length} questions) ${pct(r.heldout3)} (${kinds(r.heldout3)}); the fourth (${CHAT_HELDOUT_4.length} questions) ${pct(r.heldout4)} (${kinds(r.heldout4)}); goal ≥ 90% each.`,
    '',
    `Reply time over ${r.replies} first questions, embedded database, warm: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (budget ≤ ${P95_BUDGET_MS} ms ${r.p95 <= P95_BUDGET_MS ? '✓' : '✗'}).`,
    '',
  ];
}
