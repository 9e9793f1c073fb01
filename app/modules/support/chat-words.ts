// The chat bot's words (ADR 065): a message as search terms. Dutch Snowball stems, accents off, stop words out,
// an English question read through a small shop vocabulary, and a general list of Dutch shop synonyms. Nothing
// here is about one particular question: these are words any shop's customers use.
import { newStemmer } from 'snowball-stemmers';

const dutch = newStemmer('dutch');

// Chat spellings and Flemish forms → the written word, so the intents and the index read them alike.
const INFORMAL: Record<string, string> = {
  mn: 'mijn', mijne: 'mijn', zn: 'zijn', da: 'dat', wa: 'wat', ge: 'je', gij: 'jij', uwe: 'uw', nie: 'niet', ni: 'niet',
  ff: 'even', effe: 'even', ipv: 'in plaats van', mss: 'misschien', pls: 'alsjeblieft', plz: 'alsjeblieft', svp: 'alsjeblieft',
  wnr: 'wanneer', hoelang: 'hoe lang', bestelnr: 'bestelnummer', ordernummer: 'bestelnummer',
};

/** Lower case, accents off, punctuation to spaces, chat spellings written out: "Wat kóst m'n pakket?" → "wat kost mijn pakket". */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\b([mz])['’`]n\b/g, '$1n')
    // English contractions: "can't" is "can not", not a word "t"; "what's" is "what".
    .replace(/\b(can|won)['’`]t\b/g, (_, v: string) => (v === 'can' ? 'can not' : 'will not'))
    .replace(/n['’`]t\b/g, ' not')
    .replace(/['’`](s|re|ll|ve|m|d)\b/g, '')
    .replace(/[^a-z0-9@.+\-_ ]+/g, ' ')
    .replace(/[a-z0-9]+/g, (w) => own(INFORMAL, w) ?? w)
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
    // Words that carry no topic in a shop question: auxiliaries, fillers, greetings, question words.
    'heb hebt heeft hebben had hadden krijg krijgt krijgen kreeg ga gaat gaan ging gingen kom komt komen kwam doe doet doen deed zit zitten zat zaten ' +
    'sta staat staan stond zeg zegt zeggen weet weten wanneer waarom waarmee welk zo heel erg echt gewoon ' +
    'eigenlijk misschien soms altijd nooit steeds alleen allemaal alles iemand iedereen men zich zelf want omdat terwijl ' +
    'toen door onder tegen zonder vraag vraagje vragen vroeg goedenavond groet groeten mvg gr thanks thx ' +
    'until till vinden vind vindt denken denk denkt alle word wort happen happens happened per jij jou ge gij u hem haar dezelfde ander andere anders vorige volgende ' +
    'the a an and or of in on at to for with by from is are was be can could do does did i you we my your our it this that ' +
    'what which how much many please hi hello there any have has should would will me get who when why they them its ' +
    'if so just also about still yet been being am was were ' +
    // Time and manner words that say when or how, never what about: they only thin a question's coverage.
    'laten voordat nadat eerst later ergens inmiddels weer zoals hoor anderen'
  ).split(' '),
);

// English → the Dutch words the shop's texts use. A reader of the FAQ, not a translator.
const ENGLISH: Record<string, string> = {
  ship: 'verzenden', shipping: 'verzending', shipped: 'verzonden', deliver: 'leveren', delivery: 'levering', delivered: 'geleverd',
  cost: 'kost', costs: 'kosten', price: 'prijs', prices: 'prijzen', free: 'gratis', days: 'dagen', long: 'lang', take: 'duurt',
  pay: 'betalen', payment: 'betaling', paying: 'betalen', methods: 'betaalmethoden', cash: 'contant', card: 'kaart',
  transfer: 'overschrijving', bank: 'bank', refund: 'terugbetaling', refunded: 'terugbetaling', money: 'geld', back: 'terug',
  return: 'retourneren', returns: 'retour', order: 'bestelling', orders: 'bestellingen', ordering: 'bestellen', buy: 'kopen', account: 'account',
  seeds: 'zaden', seed: 'zaad', store: 'bewaren', stored: 'bewaren', storage: 'bewaren', keep: 'bewaren', fresh: 'goed', age: 'leeftijd',
  old: 'leeftijd', legal: 'legaal', grow: 'kweken', growing: 'kweken', germinate: 'kiemen', germination: 'kiemgarantie',
  guarantee: 'garantie', discreet: 'discreet', packaging: 'verpakking', package: 'pakket', parcel: 'pakket',
  wishlist: 'verlanglijst', delete: 'verwijderen', remove: 'verwijderen', newsletter: 'nieuwsbrief', discount: 'korting',
  failed: 'mislukt', tracked: 'verzekerd', tracking: 'volgen', letter: 'briefpost', countries: 'landen', country: 'land',
  difference: 'verschil', feminized: 'feminized', answer: 'reageren', reply: 'reageren', customer: 'klant', service: 'klantenservice',
  stock: 'voorraad', flowering: 'bloeitijd', time: 'tijd', yield: 'opbrengst', strong: 'sterk', where: 'waar',
  not: 'niet', did: 'doen', need: 'nodig', stay: 'blijven', good: 'goed', last: 'goed', bad: 'houdbaar', expire: 'houdbaar',
  expired: 'houdbaar', safe: 'beveiligd', secure: 'beveiligd', place: 'plaats', accept: 'betalen', cancel: 'annuleren',
  fail: 'mislukt', fails: 'mislukt', declined: 'mislukt', rejected: 'mislukt', discreetly: 'discreet', anonymous: 'discreet',
  address: 'adres', email: 'mail', fast: 'snel', quickly: 'snel', weeks: 'weken', opened: 'geopend', sealed: 'verzegeld',
  send: 'verzenden', sell: 'verkopen', legally: 'legaal', allowed: 'toegestaan', login: 'account', register: 'account',
  sign: 'aanmelden', subscribe: 'aanmelden', unsubscribe: 'afmelden', shelf: 'houdbaar',
  // packaging and what others see
  see: 'zien', notice: 'zien', neighbours: 'buren', neighbors: 'buren', box: 'doos', envelope: 'envelop', inside: 'inhoud',
  contents: 'inhoud', content: 'inhoud', label: 'logo', sender: 'afzender', plain: 'neutrale', pack: 'verpakking', packet: 'verpakking',
  bag: 'zakje', seal: 'verzegeling', insured: 'verzekerd', insurance: 'verzekering', mailbox: 'brievenbus', letterbox: 'brievenbus',
  cheap: 'voordeliger', cheaper: 'voordeliger', cheapest: 'voordeliger', lost: 'zoek', wire: 'overmaken', charge: 'kosten', charged: 'kosten',
  // seeds and the law
  sprout: 'kiemen', sprouted: 'gekiemd', germinated: 'gekiemd', fridge: 'koelkast', freezer: 'vriezer', dry: 'droog', dark: 'donker',
  cool: 'koel', cold: 'koel', humidity: 'vocht', moisture: 'vocht', temperature: 'temperatuur', years: 'jaren', year: 'jaar',
  law: 'wetgeving', laws: 'wetgeving', illegal: 'toegestaan', permitted: 'toegestaan', adult: 'volwassen', minor: 'minderjarig',
  underage: 'minderjarig', minimum: 'minimumleeftijd', feminised: 'feminized', female: 'vrouwelijke', male: 'mannelijke', plants: 'planten', strain: 'soort',
  strains: 'soorten', variety: 'soort', replacement: 'vervanging', replace: 'vervanging', photo: 'foto', picture: 'foto',
  // account, ordering, offers
  save: 'opslaan', saved: 'opslaan', favourites: 'favorieten', favorites: 'favorieten', item: 'product', items: 'product',
  close: 'opheffen', registration: 'registreren', required: 'verplicht', mandatory: 'verplicht', guest: 'gast', password: 'wachtwoord',
  buying: 'kopen', bought: 'kopen', purchase: 'kopen', site: 'webshop', website: 'webshop', shop: 'webshop', promo: 'korting',
  coupon: 'kortingscode', voucher: 'kortingscode', exchange: 'ruilen', swap: 'ruilen',
  // damage, privacy, the shop
  damaged: 'beschadigd', broken: 'gebroken', wrong: 'verkeerd', missing: 'ontbreekt', data: 'gegevens', personal: 'persoonsgegevens',
  details: 'gegevens', information: 'gegevens', info: 'gegevens', terms: 'voorwaarden', conditions: 'voorwaarden', vat: 'btw', tax: 'btw',
  jobs: 'vacatures', job: 'vacatures', vacancies: 'vacatures', hiring: 'vacatures', commission: 'commissie', story: 'verhaal',
  respond: 'reageren', response: 'reactie', today: 'vandaag', weekend: 'weekend', saturday: 'zaterdag',
};

// General Dutch shop vocabulary: a word a customer types → the words shop texts tend to use. Added beside it, never
// replacing it; looked up by stem, so inflected forms (herkenbare, bestelde) find their entry too.
const SYNONYMS: Record<string, string> = {
  // returning, refunds
  terugsturen: 'retourneren', retour: 'retourneren', terugzenden: 'retourneren', omruilen: 'retourneren', terugbrengen: 'retourneren',
  terugbetaling: 'terugbetalen geld', refund: 'terugbetalen geld', restitutie: 'terugbetalen geld', terugstorten: 'terugbetalen geld',
  // paying
  cash: 'contant', briefgeld: 'contant', afrekenen: 'betalen', betaalwijze: 'betaalmethode', betaalmogelijkheid: 'betaalmethode',
  overmaken: 'bankoverschrijving', overschrijven: 'bankoverschrijving', storten: 'bankoverschrijving', bank: 'bankoverschrijving',
  creditcard: 'kaartgegevens', kaart: 'kaartgegevens', pinpas: 'kaartgegevens', bankpas: 'kaartgegevens', betaalpas: 'kaartgegevens',
  overboeking: 'bankoverschrijving', overboeken: 'bankoverschrijving', omschrijving: 'betalingskenmerk', kenmerk: 'betalingskenmerk', referentie: 'betalingskenmerk',
  mandje: 'winkelwagen', winkelmandje: 'winkelwagen', winkelkar: 'winkelwagen', veilig: 'beveiligd',
  // shipping
  sturen: 'verzenden', versturen: 'verzenden', opsturen: 'verzenden', bezorgen: 'verzenden', leveren: 'verzenden', verscheping: 'verzending',
  verstuurd: 'verzonden', opgestuurd: 'verzonden',
  pakje: 'pakket verpakking', zakje: 'verpakking', doos: 'verpakking', posten: 'verzenden', brief: 'briefpost', track: 'volgen', trackingcode: 'volgen',
  afzender: 'discreet', herkenbaar: 'discreet', anoniem: 'discreet', neutraal: 'discreet', opvallend: 'discreet', logo: 'discreet',
  erin: 'inhoud', vermeld: 'verwijzing', kapot: 'beschadigd', stuk: 'beschadigd',
  // seeds, storing, germinating
  zaadje: 'zaden', pitjes: 'zaden', pitten: 'zaden', kopen: 'bestellen', gekocht: 'bestellen',
  ontkiemen: 'kiemen', opkomen: 'kiemen', kiemkracht: 'kiemen',
  houdbaar: 'goed', houdbaarheid: 'goed', vers: 'goed', bederven: 'goed', verlopen: 'goed',
  opslaan: 'bewaren', houden: 'bewaren', koelkast: 'bewaren', frigo: 'koelkast bewaren', bijhouden: 'bewaren', vriezer: 'bewaren', diepvries: 'bewaren',
  opengemaakt: 'geopend', opengedaan: 'geopend', aangebroken: 'geopend',
  // age and law
  leeftijd: 'jaar', minderjarig: 'jaar', volwassen: 'jaar', oud: 'jaar',
  legaal: 'toegestaan', verboden: 'toegestaan', illegaal: 'toegestaan', bezitten: 'toegestaan', wettelijk: 'wetgeving', wet: 'wetgeving',
  // account, newsletter, customer service
  profiel: 'account', inloggen: 'account', inlog: 'account', nakijken: 'bekijken', checken: 'bekijken', registreren: 'account', gastaccount: 'account', gast: 'account', wachtwoord: 'account',
  verplicht: 'nodig', noodzakelijk: 'nodig', opheffen: 'verwijderen', afsluiten: 'verwijderen', opzeggen: 'verwijderen',
  mailinglijst: 'nieuwsbrief', mailing: 'nieuwsbrief', inschrijving: 'aanmelden',
  email: 'mail', reactie: 'reageert', antwoorden: 'reageert', beantwoorden: 'reageert',
  klantendienst: 'klantenservice', helpdesk: 'klantenservice', support: 'klantenservice',
  // offers and mail
  promocode: 'korting', promo: 'korting', actiecode: 'korting', kortingsbon: 'korting', coupon: 'korting', voucher: 'korting', waardebon: 'korting',
  reclame: 'nieuwsbrief', reclamemail: 'nieuwsbrief', nieuwsmail: 'nieuwsbrief', spam: 'nieuwsbrief',
  terugmailen: 'reageert', terugschrijven: 'reageert', terughoren: 'reageert', mailen: 'mail',
  // paying, Flemish and informal words
  mededeling: 'betalingskenmerk', betalingsomschrijving: 'betalingskenmerk', biljetten: 'contant', bankbiljetten: 'contant', contanten: 'contant',
  error: 'mislukt', storing: 'mislukt', afgewezen: 'mislukt',
  // keeping seeds, sealing, growing
  vervaldatum: 'goed houdbaar', houdbaarheidsdatum: 'goed houdbaar', tht: 'goed houdbaar',
  zegel: 'verzegeld', verzegeling: 'verzegeld', seal: 'verzegeld', groeien: 'kweken', telen: 'kweken', meerderjarig: 'jaar',
  brievenbuspakje: 'briefpost brievenbus', brievenbuspost: 'briefpost brievenbus', goedkoop: 'voordeliger', goedkoopst: 'voordeliger',
  website: 'webshop', site: 'webshop', webwinkel: 'webshop',
  // the shop itself
  personeel: 'vacatures', baan: 'vacatures', job: 'vacatures', solliciteren: 'sollicitatie', verdienen: 'commissie', vandaan: 'herkomst',
};

/** Edit distance with adjacent swaps (a typo's usual shapes), giving up above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      row.push(v);
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** Typos forgiven by word length: none in a short word (too many near neighbours), one, then two. */
export const typosAllowed = (length: number) => (length <= 4 ? 0 : length <= 8 ? 1 : 2);

// Strong verbs whose past forms Snowball keeps apart from the verb: verzonden is verzenden.
const IRREGULAR: Record<string, string> = {};

/** A word's stem: Dutch Snowball on the accent-free word; numbers stay as they are. */
export function stem(word: string): string {
  if (/^\d+$/.test(word)) return word;
  // After Snowball: the diminutive off (zaadjes → zaad), doubled vowels and a doubled last consonant single
  // (zaad/zaden → zad, bestell/bestel → bestel), so open and closed syllables of one word meet.
  const s = dutch.stem(word.length > 6 ? word.replace(/(t?je|t?jes)$/, '') : word);
  const single = s.replace(/([aeou])\1/g, '$1').replace(/([^aeiou])\1$/, '$1');
  return Object.hasOwn(IRREGULAR, single) ? IRREGULAR[single]! : single;
}

/** An English word's Dutch reading, by the word or by its form without -s, -es, -ing or -ed (returns, shipping, ordered). */
function fromEnglish(word: string): string | undefined {
  const found = own(ENGLISH, word);
  if (found || word.length < 5) return found;
  const bases = [/s$/, /es$/, /ing$/, /ed$/, /d$/].filter((re) => re.test(word)).flatMap((re) => [word.replace(re, ''), `${word.replace(re, '')}e`]);
  for (const base of bases) if (base.length >= 3 && own(ENGLISH, base)) return own(ENGLISH, base);
  return undefined;
}

/** How many words of a message are English shop or question words (the bot's guess at the language). */
export function englishWords(text: string): number {
  const english = new Set(['the', 'do', 'you', 'your', 'can', 'i', 'how', 'what', 'is', 'my', 'much', 'long', 'to', 'does', 'it', 'are', 'when', 'where', 'which', 'have']);
  return wordsOf(text).filter((w) => english.has(w) || (Object.hasOwn(ENGLISH, w) && !Object.hasOwn(SYNONYMS, w) && w !== 'feminized')).length;
}

/** Whether a word says nothing about a question's topic (de, welke, hoeveel, the, which), English or Dutch. */
export const isStop = (word: string) => STOP.has(word) || Object.hasOwn(ENGLISH, word);

// A long stop word with a typo ("waneer", "eigelijk") is still a stop word.
const LONG_STOP = [...STOP].filter((w) => w.length >= 7);

const SYNONYM_WORDS = new Map(Object.entries(SYNONYMS).map(([word, to]) => [word, to.split(' ')]));
const SYNONYM_STEMS = new Map(Object.entries(SYNONYMS).map(([word, to]) => [stem(word), to.split(' ')]));
/** A table's own entry, never an inherited one ("constructor" is a word too). */
const own = (table: Record<string, string>, word: string) => (Object.hasOwn(table, word) ? table[word] : undefined);

// A separable verb split by "te" is one word again: "over te maken" → overmaken, "terug te sturen" → terugsturen.
const SEPARATED = /\b(over|terug|op|af|aan|in|uit|mee|weg|toe|na|vast|open|door) te ([a-z]+)/g;
const PARTICLE_GE = /^(op|af|aan|in|uit|mee|terug|over|door|weg|toe|na|vast|open)ge([a-z]{3,})$/;
// Dutch phrases read as the one word they mean, in questions and the shop's texts alike.
const PHRASES: [RegExp, string][] = [
  [/\b(niet (ge)?lukt|lukt(e)? niet|werkt(e)? niet|(ging|gaat|liep|loopt) (mis|fout)|(ging|gaat) niet door|bleef hangen|got declined|was declined)\b/g, 'mislukt'],
  [/\b(send|sent|bring|take) (\w+ ){0,2}back\b/g, 'retourneren'],
  [/\b(slecht (worden|wordt|geworden)|go(es)? bad)\b/g, 'houdbaar'],
  [/\b((een|je|de|mijn) )?bestelling (te )?plaats\w*|plaats\w* (ik |je |u )?(een|je|de|mijn) bestelling/g, 'bestellen'],
  [/\bde deur uit\b/g, 'verzonden'],
  [/\bin de (grond|tuin) (te )?(stoppen|stop|zetten|zet|doen|planten)\b/g, 'kweken'],
  [/\b(did|does|do|has|had) ?n[o']?t (go through|work)\b/g, 'mislukt'],
  [/\bwat (er )?in (het|de|mijn) (pakket|pakketje|pakje|doos|envelop|zending) zit\b/g, 'inhoud'],
  [/\bterug (sturen|stuur\w*|zenden|brengen|betal\w*|storten|krijgen)\b/g, 'terug$1'],
  [/\b(\d{1,2} ?(jarige|jarig|jaar oud)|ben \d{1,2})\b/g, 'leeftijd'],
  // "Hoe lang" asks for a duration, which is no topic: the rest of the question says what lasts.
  [/\bhoe lang\b/g, 'hoe'],
];
const readPhrases = (text: string) => PHRASES.reduce((t, [re, to]) => t.replace(re, to), text);

/** A present-tense verb's infinitive, Dutch spelling alternations undone: inschrijft → inschrijven, leest → lezen. */
const infinitive = (word: string) => `${word.replace(/[dt]$/, '').replace(/f$/, 'v').replace(/s$/, 'z')}en`;

/** A compound the list does not have, by a part it does: klantprofiel is a profiel, kaartnummer a kaart (the part stays too). */
function compoundEntry(word: string): string[] | undefined {
  if (word.length < 8) return undefined;
  // A head of four letters and a tail of five at least: "ver-kopen" and "verk-open" are no compounds.
  for (let i = 4; i <= word.length - 5; i++) {
    const tail = word.slice(i);
    const found = SYNONYM_WORDS.get(tail);
    if (found) return [tail, ...found];
  }
  for (let i = word.length - 3; i >= 4; i--) {
    const head = word.slice(0, i).replace(/s$/, '');
    const found = SYNONYM_WORDS.get(head) ?? SYNONYM_WORDS.get(head.replace(/heid$/, ''));
    if (found) return [head, ...found];
  }
  return undefined;
}

/**
 * The words a message searches with, each with its alternatives: English read as Dutch, shop synonyms beside
 * what was typed (one slot: any may match), stop words out.
 */
export function searchWords(text: string): string[][] {
  const out: string[][] = [];
  // A separable verb's particle at the end belongs to its verb: "hoe sluit ik mijn account af" asks to afsluiten.
  const particle = /\b(af|aan|terug|op|over|uit|mee|weg)$/.exec(normalise(text))?.[1];
  for (const typed of wordsOf(readPhrases(normalise(text).replace(SEPARATED, '$1$2')))) {
    const w = typed;
    const nl = fromEnglish(w) ?? w;
    if (STOP.has(w) || STOP.has(nl) || (w.length >= 6 && LONG_STOP.some((s) => editDistance(w, s, 1) <= 1))) continue;
    // A past participle finds its verb's entry: verstuurd → versturen.
    const entry = SYNONYM_WORDS.get(nl) ?? SYNONYM_STEMS.get(stem(nl)) ?? SYNONYM_STEMS.get(stem(nl.replace(/[dt]$/, ''))) ?? SYNONYM_STEMS.get(stem(infinitive(nl))) ?? compoundEntry(nl);
    // A separable verb's participle stands beside its verb: opgekomen → opkomen (and what opkomen means).
    const verb = PARTICLE_GE.test(nl) ? nl.replace(PARTICLE_GE, '$1$2') : null;
    const more = verb ? [verb, ...(SYNONYM_WORDS.get(verb) ?? SYNONYM_STEMS.get(stem(verb)) ?? [])] : [];
    const joined = particle && nl !== particle ? [particle + nl, ...(SYNONYM_STEMS.get(stem(particle + nl)) ?? [])] : [];
    const extra = [...(entry ?? []), ...more, ...joined].filter((e) => stem(e) !== stem(nl));
    out.push([nl, ...new Set(extra)]);
  }
  return out;
}

/** The stems of the words a document or a question is made of (stop words out). */
export function stems(text: string): string[] {
  return wordsOf(readPhrases(normalise(text)))
    .filter((w) => !STOP.has(w))
    .map(stem);
}
