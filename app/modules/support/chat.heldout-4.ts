// The chat bot's fourth held-out set (ADR 065): written by a writer who never saw the bot, its word lists, its
// tuning set or the first three held-out sets, only the scorer, the seeded data (FAQ, content pages, strains, shipping
// rates, payment options) and the SPEC. Questions as shoppers type them in a chat box: short and long, typos, slang,
// no question marks, a few in English. Expected sources as the brief defines them: a country's shipping rates and
// delivery days as a visitor in region nl sees them (delivery days only where the country pays in another currency),
// payment methods in general, an order's status with the number in the forms customers type it and without one, a
// person for damage, loss, seizure, complaints, privacy requests, cancelling and address changes, one strain's fact,
// off-topic for what the shop does not do or sell; otherwise the one FAQ entry or content page that answers it.
import cases from './chat.heldout-4.json' with { type: 'json' };
import type { HeldOutCase } from './chat.heldout.ts';

export const CHAT_HELDOUT_4 = cases as HeldOutCase[];
