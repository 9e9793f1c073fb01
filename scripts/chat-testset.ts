// The chat bot on its test set only (ADR 065): score overall and per kind, and reply times (p50/p95, first pass
// and, with --time, a warm second pass) on the embedded database. Never the held-out sets: they are measured apart.
// Usage: tsx scripts/chat-testset.ts [first case index] [--misses] [--time]
import crypto from 'node:crypto';
import { openDatabase } from '../app/db/client.server.ts';
import * as s from '../app/db/schema/index.ts';
import { seed } from '../app/db/seed/index.ts';
import { listRegions } from '../app/lib/regions.server.ts';
import { answerChat } from '../app/flows/answer-chat.server.ts';
import { CHAT_TESTSET } from '../app/modules/support/chat.testset.ts';
import { scoreChat } from '../app/modules/support/chat-eval.ts';

const from = Number(process.argv[2] ?? 0);
const database = await openDatabase({});
await seed(database.db);
const region = (await listRegions(database.db)).find((r) => r.code === 'nl')!;
const faq = await database.db.select().from(s.faqItems);
const times: number[] = [];
const ask = async (q: string) => {
  const t0 = performance.now();
  const r = await answerChat(database.db, q, {}, { region, client: `e-${crypto.randomUUID()}`, links: { origin: 'http://x', secret: 's' }, offeredPayments: (o) => o.filter((p) => p.id !== 'online') });
  times.push(performance.now() - t0);
  if (r.status !== 'ok') throw new Error('rl');
  return r.reply;
};
const set = CHAT_TESTSET.slice(from);
const first = await scoreChat(set, ask, faq);
const cold = [...times];
times.length = 0;
const warm = process.argv.includes('--time');
if (warm) await scoreChat(set, ask, faq);
const pct = (a: number[], p: number) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(p * a.length))]!.toFixed(1);
console.log(`score ${(first.score * 100).toFixed(1)}% of ${set.length}`, Object.entries(first.byKind).map(([k, v]) => `${k} ${v.right}/${v.total}`).join(', '));
// The first question of all builds the index: left out of the first pass's figures.
console.log(`time first pass p50 ${pct(cold.slice(1), 0.5)} p95 ${pct(cold.slice(1), 0.95)} ms${warm ? `; warm p50 ${pct(times, 0.5)} p95 ${pct(times, 0.95)} ms` : ''}`);
if (process.argv.includes('--misses')) console.log(first.misses.join('\n'));
await database.close();
