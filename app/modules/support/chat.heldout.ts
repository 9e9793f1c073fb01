// The chat bot's held-out evaluation set: questions written from the shop's data and the SPEC before the bot was
// tuned, never from its code or its own test set, so a score on them says how the bot does on questions it has not
// seen. `expect` is the source the bot's first reply must come from; `facts` are what a correct reply must state
// (matched after lower-casing and dropping accents and everything but a-z and 0-9). The visitor is in region nl.
// chat.heldout.test.ts checks every source and fact against the seeded data.
//
// The questions are data, kept in chat.heldout.json, grouped by kind: FAQ entries and content pages asked the way
// someone who never read them would; shipping to a named country (EUR rates and delivery days with the handling
// delay, as a visitor in region nl sees them); payment methods and the questions one FAQ entry answers; order
// status with the number in the forms customers type it, and without one; a person's matters (damage, customs,
// loss, privacy requests, cancelling, a new address, complaints); one named strain's facts, some names misspelt;
// things the shop does not sell; English across the kinds, with numbers as facts so either language can state them.
import cases from './chat.heldout.json' with { type: 'json' };

export type HeldOutKind = 'faq' | 'shipping' | 'payment' | 'order' | 'handoff' | 'strain' | 'offtopic' | 'english';
export type HeldOutCase = { q: string; kind: HeldOutKind; expect: string; facts: string[] };

export const CHAT_HELDOUT = cases as HeldOutCase[];
