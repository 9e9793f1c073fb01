// The chat bot's test set (ADR 019, ADR 065): questions as shoppers type them (typos, no punctuation, informal),
// each with the source its first answer must come from (an FAQ entry by its question, a page, a strain or an
// intent) and the facts from the seed data that answer must state. The bot is tuned on this set only; the
// held-out sets (chat.heldout.ts, chat.heldout-2.ts) are written by someone else and never tuned on.
//
// The questions are data, in chat.testset.json, in the order they were written: the first set by kind (intents,
// FAQ, strains with typos, off-topic, a person's matters, shipping by country, English), then rounds each written
// from the seed data (FAQ, pages, regions, catalogue) before the bot was changed for them (rounds 12–14: ADR 076).
import cases from './chat.testset.json' with { type: 'json' };

export type ChatKind = 'faq' | 'shipping' | 'payment' | 'order' | 'handoff' | 'strain' | 'offtopic' | 'english';
/** The shape app/modules/support/chat-eval.ts scores (heldout-format). */
export type ChatCase = { q: string; kind: ChatKind; expect: string; facts: string[] };

export const CHAT_TESTSET = cases as ChatCase[];
