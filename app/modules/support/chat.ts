// The chat bot's pure part (ADR 019): what a message asks, and the bits it carries (an order number, an
// e-mail address, a country). No database; chat.server.ts answers.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- crosses modules: moves to a flow
import { normaliseOrderNumber } from '~/modules/orders/orders.ts';

export type ChatIntent = 'order_status' | 'shipping' | 'payment' | 'human' | 'question';

/** What the conversation waits for; kept by the browser and sent back with every message. */
export type ChatState = { awaiting?: 'order_number' | 'email'; orderNumber?: string; unsure?: number };

export const MESSAGE_MAX = 500;

/** Lower case, accents off, punctuation to spaces: "Wat kóst verzenden naar België?" → "wat kost verzenden naar belgie". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9@.+\-_ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const HUMAN = /\b(iemand spreken|iemand te spreken|medewerker|echt(e)? (mens|persoon)|met een mens|mens spreken|persoon spreken|klantenservice spreken|contact opnemen|bellen|doorverbinden|live chat)\b/;
const ORDER = /\b(waar is (mijn|de) (bestelling|pakket|order)|waar blijft|status van (mijn|de|een) (bestelling|order)|(bestelling|pakket|order) (volgen|opzoeken|nog niet|niet) ?(binnen|ontvangen|aangekomen|gekregen)?|volg(en)? (mijn|de) (bestelling|pakket|order)|track ?(and|&)? ?trace|bestelstatus|bestelnummer|is mijn (bestelling|pakket|order) (al|nog)|mijn (bestelling|pakket|order) (al|nog) (verzonden|onderweg|binnen))\b/;
const SHIPPING_WORD = /\b(verzend\w*|verzonden|versturen|verstuur\w*|opsturen|sturen|bezorg\w*|lever\w*|porto|pakket)\b/;
const SHIPPING_ASK = /\b(kost\w*|prijs|tarief|hoeveel|hoe lang|levertijd|duur\w*|dagen|wanneer (is|ben|heb)|snel)\b/;
const PAYMENT = /\b(betaalmethode\w*|betaalmogelijkhe\w*|betaalopties?|betaalwijze\w*|hoe (kan ik )?(betalen|afrekenen)|waarmee (kan ik )?betalen|kan ik betalen met|betalen met|ideal|bancontact|creditcard|paypal|welke manieren)\b/;
const ORDER_NUMBER = /\bkk[\s-]?[a-z0-9]{4}[\s-]?[a-z0-9]{4}\b/i;
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;

// Words shoppers use for what the FAQ calls otherwise: added to the search, never replacing what was typed.
const SYNONYMS: [RegExp, string][] = [
  [/\b(terugsturen|terug sturen|retour)\b/, 'retourneren'],
  [/\b(cash|contanten)\b/, 'contant'],
  [/\b(ontkiem\w*|kiemen|opkomen)\b/, 'kiemgarantie'],
  [/\b(wat erin zit|herkenbaar|anoniem|afzender)\b/, 'discreet verpakking'],
  [/\b(inschrijf\w*|aanmeld\w*)\b/, 'nieuwsbrief'],
  [/\b(geld terug|terugbetal\w*|refund)\b/, 'geld terug'],
  [/\b(leeftijd|minderjarig|18)\b/, 'bestellen wie'],
];

/** The question with the FAQ's own words added where a shopper used another. */
export function withSynonyms(text: string): string {
  const n = normalise(text);
  const extra = SYNONYMS.filter(([re]) => re.test(n)).map(([, words]) => words);
  return extra.length ? `${n} ${extra.join(' ')}` : n;
}

/** The intent of a message; an order number in the text is always about an order. */
export function intentOf(message: string): ChatIntent {
  const n = normalise(message);
  if (HUMAN.test(n)) return 'human';
  if (ORDER_NUMBER.test(message) || ORDER.test(n)) return 'order_status';
  if (PAYMENT.test(n)) return 'payment';
  if (SHIPPING_WORD.test(n) && (SHIPPING_ASK.test(n) || countryIn(message, DEFAULT_COUNTRY_NAMES) !== null)) return 'shipping';
  return 'question';
}

export function orderNumberIn(message: string): string | null {
  const m = ORDER_NUMBER.exec(message);
  return m ? normaliseOrderNumber(m[0].replace(/\s+/g, '-')) : null;
}

export function emailIn(message: string): string | null {
  const m = EMAIL.exec(message);
  return m ? m[0].replace(/[.,;:!?]+$/, '').toLowerCase() : null;
}

/** Dutch (and English and own-language) names of the countries the shop ships to, by ISO code. */
export const DEFAULT_COUNTRY_NAMES: Record<string, string[]> = {
  NL: ['nederland', 'holland', 'netherlands'],
  BE: ['belgie', 'belgium', 'vlaanderen'],
  DE: ['duitsland', 'germany', 'deutschland'],
  FR: ['frankrijk', 'france'],
  AT: ['oostenrijk', 'austria', 'osterreich'],
  CH: ['zwitserland', 'switzerland', 'schweiz'],
  GB: ['engeland', 'verenigd koninkrijk', 'groot brittannie', 'uk', 'united kingdom', 'schotland', 'wales'],
  US: ['amerika', 'verenigde staten', 'usa', 'vs', 'united states'],
  CA: ['canada'],
  AU: ['australie', 'australia'],
  NZ: ['nieuw zeeland', 'new zealand'],
  LU: ['luxemburg', 'luxembourg'],
  ES: ['spanje', 'spain', 'espana'],
  IT: ['italie', 'italy', 'italia'],
  PT: ['portugal'],
  DK: ['denemarken', 'denmark'],
  SE: ['zweden', 'sweden'],
  IE: ['ierland', 'ireland'],
  CZ: ['tsjechie', 'czechia'],
  PL: ['polen', 'poland'],
};

/** The ISO code of the country a message names, or null. */
export function countryIn(message: string, names: Record<string, string[]>): string | null {
  const n = ` ${normalise(message)} `;
  for (const [iso, list] of Object.entries(names)) if (list.some((name) => n.includes(` ${name} `))) return iso;
  return null;
}
