// The chat bot's words (ADR 065): a message as search terms. Dutch Snowball stems, accents off, stop words out,
// an English question read through a small shop vocabulary, and a general list of Dutch shop synonyms. Nothing
// here is about one particular question: these are words any shop's customers use.
import { newStemmer } from 'snowball-stemmers';

const dutch = newStemmer('dutch');

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

/** The words of a message: letters and digits only. */
export const wordsOf = (text: string): string[] => normalise(text).split(/[^a-z0-9]+/).filter(Boolean);

const STOP = new Set(
  (
    'de het een en of in op aan te van voor met bij naar om uit over tot als dan dat die dit deze er is zijn was ben bent ' +
    'wordt worden werd kan kun kunt kunnen mag mogen moet moeten wil wilt willen zal zou ik je jij jou jouw u uw we wij ' +
    'ons onze jullie mijn me mij hij zij ze hun het wat waar welke welk hoe hoeveel niet geen wel nog al ook maar ' +
    'even eens toch dus nu hier daar iets graag alsjeblieft aub hallo hoi hey beste dag goedemorgen goedemiddag dank bedankt ' +
    'the a an and or of in on at to for with by from is are was be can could do does did i you we my your our it this that ' +
    'what which how much many please hi hello there any have has should would will me get'
  ).split(' '),
);

// English → the Dutch words the shop's texts use. A reader of the FAQ, not a translator.
const ENGLISH: Record<string, string> = {
  ship: 'verzenden', shipping: 'verzending', shipped: 'verzonden', deliver: 'leveren', delivery: 'levering', delivered: 'geleverd',
  cost: 'kost', costs: 'kosten', price: 'prijs', prices: 'prijzen', free: 'gratis', days: 'dagen', long: 'lang', take: 'duurt',
  pay: 'betalen', payment: 'betaling', paying: 'betalen', methods: 'betaalmethoden', cash: 'contant', card: 'kaart',
  transfer: 'overschrijving', bank: 'bank', refund: 'terugbetaling', money: 'geld', back: 'terug', return: 'retourneren',
  returns: 'retour', order: 'bestelling', orders: 'bestellingen', ordering: 'bestellen', buy: 'kopen', account: 'account',
  seeds: 'zaden', seed: 'zaad', store: 'bewaren', storage: 'bewaren', keep: 'bewaren', fresh: 'goed', age: 'leeftijd',
  old: 'oud', legal: 'legaal', grow: 'kweken', growing: 'kweken', germinate: 'kiemen', germination: 'kiemgarantie',
  guarantee: 'garantie', discreet: 'discreet', packaging: 'verpakking', package: 'pakket', parcel: 'pakket',
  wishlist: 'verlanglijst', delete: 'verwijderen', remove: 'verwijderen', newsletter: 'nieuwsbrief', discount: 'korting',
  failed: 'mislukt', tracked: 'verzekerd', tracking: 'volgen', letter: 'briefpost', countries: 'landen', country: 'land',
  difference: 'verschil', feminized: 'feminized', answer: 'reageren', reply: 'reageren', customer: 'klant', service: 'klantenservice',
  stock: 'voorraad', flowering: 'bloeitijd', time: 'tijd', yield: 'opbrengst', strong: 'sterk', when: 'wanneer', where: 'waar',
};

// General Dutch shop vocabulary: a word a customer types → the word shop texts tend to use. Added, never replacing.
const SYNONYMS: Record<string, string> = {
  terugsturen: 'retourneren', retour: 'retourneren', terugzenden: 'retourneren', omruilen: 'retourneren',
  cash: 'contant', contanten: 'contant', briefgeld: 'contant',
  ontkiemen: 'kiemen', opkomen: 'kiemen', kiemkracht: 'kiemen', kiem: 'kiemen',
  afzender: 'discreet', herkenbaar: 'discreet', anoniem: 'discreet', neutraal: 'discreet',
  inschrijven: 'aanmelden', abonneren: 'aanmelden', aanmelding: 'aanmelden',
  terugbetaling: 'terugbetalen', refund: 'terugbetalen', restitutie: 'terugbetalen',
  leeftijd: 'jaar', minderjarig: 'jaar', volwassen: 'jaar',
  sturen: 'verzenden', versturen: 'verzenden', opsturen: 'verzenden', bezorgen: 'verzenden', bezorging: 'verzending',
  levertijd: 'werkdagen', leveringstijd: 'werkdagen', afleveren: 'leveren',
  porto: 'verzendkosten', verzendprijs: 'verzendkosten',
  afrekenen: 'betalen', betaalwijze: 'betaalmethode', betaalmogelijkheid: 'betaalmethode',
  zaadjes: 'zaden', zaadje: 'zaden', zaad: 'zaden', pitjes: 'zaden', pitten: 'zaden',
  houdbaar: 'goed', houdbaarheid: 'goed', vers: 'goed', bewaring: 'bewaren', opslaan: 'bewaren', koelkast: 'bewaren',
  legaal: 'toegestaan', verboden: 'toegestaan', illegaal: 'toegestaan', wettelijk: 'wetgeving', wet: 'wetgeving',
  profiel: 'account', inloggen: 'account', registreren: 'account', gastaccount: 'account',
  wensenlijst: 'verlanglijst', favorieten: 'verlanglijst', bewaarlijst: 'verlanglijst',
  mailtje: 'mail', email: 'mail', reactie: 'reageert', antwoorden: 'reageert', antwoord: 'reageert',
  erin: 'inhoud', kapot: 'beschadigd', stuk: 'beschadigd', fout: 'verkeerd', verkeerde: 'verkeerd',
  regulier: 'regular', gefeminiseerd: 'feminized', vrouwelijk: 'feminized', automatisch: 'autoflower', auto: 'autoflower',
  creditcard: 'kaartgegevens', kaart: 'kaartgegevens', pinpas: 'kaartgegevens', korting: 'korting', kortingscode: 'korting',
};

/** A word's stem: Dutch Snowball on the accent-free word; numbers stay as they are. */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  // After Snowball: the diminutive off (zaadjes → zaad), doubled vowels and a doubled last consonant single
  // (zaad/zaden → zad, bestell/bestel → bestel), so open and closed syllables of one word meet.
  const s = dutch.stem(word.length > 6 ? word.replace(/(t?je|t?jes)$/, '') : word);
  return s.replace(/([aeou])\1/g, '$1').replace(/([^aeiou])\1$/, '$1');
}

/** How many words of a message are English shop or question words (the bot's guess at the language). */
export function englishWords(text: string): number {
  const english = new Set(['the', 'do', 'you', 'your', 'can', 'i', 'how', 'what', 'is', 'my', 'much', 'long', 'to', 'does', 'it', 'are', 'when', 'where', 'which', 'have']);
  return wordsOf(text).filter((w) => english.has(w) || (w in ENGLISH && !(w in SYNONYMS) && w !== 'feminized')).length;
}

/**
 * The words a message searches with, each with its alternatives: English read as Dutch, a shop synonym beside
 * what was typed (one slot: either may match), stop words out.
 */
export function searchWords(text: string): string[][] {
  const out: string[][] = [];
  for (const w of wordsOf(text)) {
    const nl = ENGLISH[w] ?? w;
    if (STOP.has(w) || STOP.has(nl)) continue;
    const extra = SYNONYMS[nl];
    out.push(extra && extra !== nl ? [nl, extra] : [nl]);
  }
  return out;
}

/** The stems of the words a document or a question is made of (stop words out). */
export function stems(text: string): string[] {
  return wordsOf(text)
    .filter((w) => !STOP.has(w))
    .map(stem);
}
