// The chat bot's third held-out evaluation set, written by a writer who never saw the bot's code, its word lists,
// its tuning set or the FAQ's search words: only the shop's data (seed FAQ questions and answers, content pages,
// strains, regions and rates, payment options) and the format of the second set. It is kept out of every tuning
// round, so a score on it says how the bot does on questions nobody tuned for. Same meaning of `expect` and `facts`
// as the first two sets; the visitor is in region nl, so amounts are the EUR rates.
// chat.heldout.test.ts checks every source and fact against the seeded data, as for the first two sets.
//
// The questions are data, in chat.heldout-3.json, typed the way a chat box gets them: short, informal Dutch, typos,
// no question marks. FAQ entries and content pages in shoppers' words; shipping by city or island rather than by
// country; payment methods the shop does not have (iDEAL, PayPal, Klarna, Tikkie, crypto); order numbers in every
// form and none; a person's matters; strains by name, misspelt, with one fact asked; small talk, grow advice and
// other errands; English across the kinds.
import cases from './chat.heldout-3.json' with { type: 'json' };
import type { HeldOutCase } from './chat.heldout.ts';

export const CHAT_HELDOUT_3 = cases as HeldOutCase[];
