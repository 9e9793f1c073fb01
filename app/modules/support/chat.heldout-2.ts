// The chat bot's second held-out evaluation set, written like the first (chat.heldout.ts) from the shop's data (seed
// FAQ, content pages, strains, regions and rates, payment options) and from how shoppers type, never from the bot's
// code or its tuning set. It is kept out of every tuning round, so a score on it says how the bot does on questions
// nobody tuned for. Same meaning of `expect` and `facts`; the visitor is in region nl, so amounts are the EUR rates.
// chat.heldout.test.ts checks every source and fact against the seeded data, for this set as for the first.
//
// The questions are data, in chat.heldout-2.json: FAQ entries and content pages the first set left out; shipping by
// Dutch names, adjectives and cities (only delivery days where the country pays in another currency); payment
// methods the shop may or may not have; order numbers in many forms; a person's matters; strains by name, often
// misspelt; other shops, grow gear, small talk; English across the kinds.
import cases from './chat.heldout-2.json' with { type: 'json' };
import type { HeldOutCase } from './chat.heldout.ts';

export const CHAT_HELDOUT_2 = cases as HeldOutCase[];
