// The chat bot's pure part (ADR 019, ADR 065): what a message asks, and the things it names (an order number,
// an e-mail address, a country, a strain). No database; chat.server.ts answers.
import { normaliseOrderNumber } from '~/lib/order-number.ts';
import { editDistance, englishWords, normalise, typosAllowed, wordsOf } from './chat-words.ts';

export { normalise } from './chat-words.ts';

export type ChatIntent = 'order_status' | 'shipping' | 'payment' | 'human' | 'offtopic' | 'question';

/** Why a person takes over: asked for one, or a matter the bot must not settle (ADR 065). */
export type HandoffReason = 'person' | 'complaint' | 'damage' | 'loss' | 'seizure' | 'legal' | 'privacy' | 'cancel' | 'address';

/** What the conversation waits for; kept by the browser and sent back with every message. */
export type ChatState = { awaiting?: 'order_number' | 'email'; orderNumber?: string; unsure?: number };

export const MESSAGE_MAX = 500;

// Hand-off first: matters a person settles. Dutch and English, on the normalised text.
const HANDOFF: [HandoffReason, RegExp][] = [
  ['person', /\b(iemand (te )?spreken|medewerker|echte? (mens|persoon)|met een mens|mens spreken|persoon spreken|klantenservice spreken|bellen|terugbellen|telefo\w*|doorverbinden|(iemand|mens|persoon|medewerker|eigenaar|manager|baas|leidinggevende) (\w+ )?(spreken|praten)|(spreken|praten) met (de |een )?(eigenaar|manager|baas|leidinggevende|iemand|mens)|(dubbel|twee ?keer|2 ?x|te ?veel) (\w+ ){0,5}(betaald|afgeschreven|gerekend|afgeschreven)|charged twice|double charged|(bestelling|order) (\w+ ){0,2}(wijzigen|aanpassen|veranderen)|(toevoegen|erbij doen|bijbestellen) (aan|bij) (mijn|de) (bestelling|order)|iets (\w+ ){0,2}(toevoegen|erbij) aan (mijn|de) (bestelling|order)|live ?chat|(een|echte?) mens|aan de lijn|real person|human|(speak|talk|chat) (to|with) (someone|somebody|a (real )?(person|human)|an? (agent|employee)|customer service|support|staff)|an agent)\b/],
  ['seizure', /\b(in ?beslag|inbeslagname|beslaggenomen|onderschept|geconfisqueerd|douane|seized|confiscated|customs)\b/],
  ['legal', /\b(advocaat|jurist|juridisch\w*|rechtszaak|rechter|(stel|stellen|houd|houden) (jullie|u|je) aansprakelijk|aansprakelijk (stellen|gesteld|houden)|schadevergoeding|ingebrekestelling|aangifte|politie|consumentenbond|geschillencommissie|lawyer|sue|lawsuit|legal action|police)\b/],
  ['privacy', /\b(avg|gdpr|datalek|gelekt|data ?breach|leaked|inzageverzoek|persoonsgegevens|privacyverzoek|mijn (persoons)?gegevens (inzien|opvragen|verwijderen|wissen|laten verwijderen|aanpassen|wijzigen)|(verwijder|wis) (al )?mijn (persoons)?gegevens|vergeten te worden|welke (persoons)?gegevens (\w+ ){0,4}(hebben|bewaren|opslaan|hebt|heeft)|wat (weten|bewaren) jullie (allemaal )?(van|over) mij|mijn (persoons)?gegevens (niet meer |laten )?(bewaren|gebruiken|verwerken|delen|aanpassen|wijzigen|inzien|verwijderen)|my (personal )?data|delete my data)\b/],
  ['cancel', /\b(annuleer\w*|annuler\w*|(per ongeluk|per abuis|perongeluk|by mistake|accidentally) (\w+ )?(besteld|geplaatst|ordered)|terug ?draaien|teruggedraaid|afbestellen|afbestel\w*|herroep\w*|cancel\w*|(bestelling|order|aankoop) (\w+ )?(intrekken|stopzetten|tegenhouden|ongedaan maken|stoppen)|stop (\w+ )?(bestelling|order)|niet meer (hebben|nodig|willen))\b/],
  ['address', /\b((bezorg|aflever|verzend)?adres (\w+ ){0,2}(wijzigen|veranderen|aanpassen|is fout|klopt niet|verkeerd)|(verkeerd|fout|ander|nieuw) (bezorg|aflever)?adres|(huisnummer|postcode|straatnaam|adres) (\w+ ){0,2}(verkeerd|fout|vergeten|wijzigen|gewijzigd|veranderen|veranderd|aanpassen|aangepast)|(verkeerde?|foute?) (huisnummer|postcode|straatnaam)|adreswijziging|verhuisd|change (my|the) (\w+ )?address|wrong address)\b/],
  ['loss', /\b(kwijt(geraakt)?|zoekgeraakt|zoek geraakt|gestolen|diefstal|stolen|(pakket|pakketje|zending|bestelling|brief|order) (\w+ ){0,2}zoek|(verkeerde )?buren (afgeleverd|bezorgd|gegeven)|verkeerd (afgeleverd|bezorgd)|verloren|nooit (aangekomen|ontvangen|gekregen|gekomen|bezorgd|geleverd|aan)|(bezorgd|afgeleverd|geleverd) (\w+ ){0,5}(niks|niets|niet|geen \w+) (\w+ )?(ontvangen|gekregen|gezien)|niet meer te volgen|lost|never (arrived|received|came|showed up|got here))\b/],
  ['damage', /\b(beschadigd\w*|kapot\w*|gebroken|geplet|lek|verkeerde? (zaden|product|artikel|soort|bestelling|pakket)|verkeerd (geleverd|gestuurd|verzonden)|ontbre\w+|(er )?mist (er )?\w+|niet compleet|onvolledig|half leeg|(zaten|zat|kreeg|ontving|gekregen|ontvangen)( er)? (maar|slechts)|(maar|slechts) \d+ (zaden|zaadjes|stuks)|te weinig|(zakje|verpakking|pakket|doos|envelop|zegel) (\w+ ){0,2}(was|kwam|is) (\w+ )?(open|gescheurd|leeg|nat)|(gat|scheur|scheurtje) in|(waren|was|zijn) (allemaal |helemaal |bijna )?(leeg|kapot|stuk|geplet|nat|verkruimeld)|verkeerde \w+ (ontvangen|gekregen|geleverd|gestuurd)|(een )?andere (soort|zaden|strain|variant) (\w+ ){0,2}(dan|gekregen|ontvangen|geleverd|gestuurd)|damaged|broken|crushed|wrong (item|items|seeds|product|order|strain)|(seeds?|items?|something|some) (are |is |were |was )?missing|arrived (\w+ )?(open|opened|wet|empty|torn))\b/],
  ['complaint', /\b(klacht\w*|klagen|ontevreden|niet tevreden|niet blij|(derde|tweede|zoveelste) keer|(geen|niks|niets) (reactie|antwoord)|(ben|zijn) het zat|oplicht\w*|fraude|bedrog|bedrieg\w*|scam|waardeloos|teleurgesteld|boos|schandalig|belachelijk|slechte service|slecht geholpen|complain\w*|unhappy|disappointed)\b/],
];

// What was ordered and whose, as customers write it: "me pakje", "m'n zaadjes", "onze bestelling".
const GOODS = '(bestelling|bestellingen|pakket|pakketje|pakje|order|zending|zaden|zaadjes|spullen|levering)';
const MINE = '(mijn|me|de|het|onze|ons|my)';
const ORDER_MORE = new RegExp(
  `\\b(waar (is|zijn|blijft|blijven) ${MINE} ${GOODS}|hoe (staat het|zit het|ver is) (\\w+ ){0,2}${GOODS}|wanneer (krijg|ontvang|heb) ik ${MINE} ${GOODS}|` +
    `${MINE} ${GOODS} al (op weg|onderweg|weg|verstuurd|verzonden|de deur uit)|(is|zijn) ${MINE} ${GOODS} (op weg|onderweg)|my (order|package|parcel) (has|is) (\\w+ )?(been )?(shipped|sent|dispatched)|` +
    `(is|zijn) ${MINE} ${GOODS} (er )?(nog )?(steeds |altijd )?(niet|nog niet)|(nog|steeds|altijd)( steeds| altijd)? (niks|niets|niet|geen \\w+) (binnen|ontvangen|gekregen|aangekomen|gehoord|bezorgd|geleverd)\\w*|` +
    `wanneer (wordt|word) ${MINE} ${GOODS} (bezorgd|geleverd|afgeleverd)|hoe lang (duurt het )?nog (voor|voordat|tot) ${MINE} ${GOODS}|${MINE} ${GOODS} (is|zijn) (er )?(nog )?(steeds |altijd )?niet (binnen|aan|bezorgd|geleverd|ontvangen)\\w*|wanneer (komt|komen) ${MINE} ${GOODS}|${MINE} ${GOODS} is er (nog )?(steeds |altijd )?niet)\\b`,
);
const ORDER = /\b(waar is (mijn|de) (bestelling|pakket|pakketje|order|zending|zaden)|waar blijft|waar (mijn|de) (bestelling|pakket|pakketje|order|zending) (blijft|is|zit)|(^| )status (van )?(mijn |de )?(bestelling|order)|nog (niks|niets|steeds niet|altijd niet|niet) (ontvangen|binnen|gekregen|aangekomen|gehoord)|(bestelling|pakket|order|zending|zaden) (is |zijn )?(nog )?(steeds |altijd )?(niet|nog niet) (binnen|ontvangen|aangekomen|gekregen|geleverd)|wanneer (komt|komen|krijg ik|ontvang ik) (mijn|de) (bestelling|pakket|pakketje|order|zending|zaden)|(al|nog niet) (verstuurd|verzonden|onderweg)|(is|zijn) (mijn|de) (bestelling|pakket|pakketje|order|zending|zaden) (al )?(onderweg|verzonden|verstuurd)|hoe ver (is|zit) (mijn|de) (bestelling|pakket|order|zending)|wacht (al|nog) (\w+ ){0,4}op (mijn|de) (bestelling|pakket|order|zending|zaden)|(mijn|de|al|nog|my) (\w+ ){0,3}(track ?(and|&|en|n)? ?trace|trackingcode|tracking)|(track ?(and|&|en|n)? ?trace|trackingcode) (\w+ ){0,3}(mijn|van mijn|my)|status van (mijn|de|een) (bestelling|order)|(bestelling|pakket|order) (volgen|opzoeken|nog niet|niet) ?(binnen|ontvangen|aangekomen|gekregen)?|volg(en)? (mijn|de) (bestelling|pakket|order)|track ?(and|&)? ?trace|bestelstatus|bestelnummer|is mijn (bestelling|pakket|order) (al|nog)|(bestelling|pakket|pakketje|order|zending|zaden) (is|zijn) er (\w+ ){0,4}(nog )?(steeds |altijd )?niet|mijn (bestelling|pakket|order) (al|nog) (verzonden|onderweg|binnen)|where is my (order|package|parcel)|when (will|does|do|is) my (order|package|parcel|seeds|shipment) (\w+ )?(arrive|come|get here|be delivered|delivered)|(still |have not |has not |not )(yet )?(received|gotten|got) my|where my (order|package|parcel|seeds|shipment) is|my (order|package|parcel|seeds|shipment) (still )?(has|have) not (arrived|come)|(is|has) my (order|package|parcel) (\w+ )?(shipped|sent|dispatched|on its way)|track my (order|package|parcel)|order status|status of my order)\b/;
const SHIPPING_WORD = /\b(verzend\w*|verzonden|versturen|verstuur\w*|stuur\w*|opsturen|sturen|bezorg\w*|lever\w*|porto|pakket|briefpost|ship\w*|deliver\w*|postage)\b/;
const SHIPPING_ASK = /\b(kost\w*|prijs|tarief|hoeveel|hoe lang|levertijd|duur\w*|dagen|werkdagen|wanneer (is|ben|heb)|snel|gratis|goedkop\w*|goedkoper|duurder|\w+kosten|levertijd\w*|bezorgtijd\w*|verzendtijd\w*|reken\w*|rekent|(wat|hoeveel) (betaal|betalen)|fast|quick\w*|cost\w*|price|charge\w*|how long|how much|days|free)\b/;
const PAYMENT = /\b(beta(al|lings)(methode|mogelijkhe|optie|wijze|manier)\w*|hoe (kan|moet) ik (\w+ ){0,2}(betalen|afrekenen)|hoe (betalen|afrekenen)|hoe betaal ik|waarmee (kan ik )?betalen|kan ik betalen met|(kan|mag) ik (\w+ ){0,3}betalen|betalen (met|via|per)|achteraf betalen|(onder )?rembours|cash on delivery|pinnen|welke manieren|manieren (van|om te) betalen|accepteren jullie|accept|payment (methods?|options?)|how (can|do) i pay|pay (with|by)|credit card)\b/;
// What the shop does not sell or cannot help with: grow gear, smoking gear, growing the plant, other goods, other
// matters. Any question the shop's texts have no title word for is off-topic as well (chat.server.ts).
const OFFTOPIC = new RegExp(
  '\\b(' +
    [
      'kweeklamp\\w*|lamp(en)?|led|verlichting|kweektent\\w*|grow ?tents?|grow ?box\\w*|growtent\\w*|tent(en)?|kweekkast\\w*|kweekruimte\\w*|kweekset\\w*|growbox\\w*|kweekpot\\w*|bloempot\\w*',
      'potgrond|aarde|substraat|voeding|meststof\\w*|kunstmest|plantvoeding|hydro\\w*|koolstoffilter\\w*|ventilator\\w*|afzuig\\w*',
      'bong\\w*|pijp(je|en)?|vaporizer\\w*|vape\\w*|grinder\\w*|vloei\\w*|rolling papers|aansteker\\w*|tabak|sigaret\\w*',
      '(wiet|weed|marihuana|hasj|toppen) (kopen|bestellen|roken|verkopen)|toppen|hasj|joint\\w*|edibles|gummies|space ?cake\\w*|cbd[ -]?olie|olie',
      'stekje\\w*|stekken|clones?|moederplant\\w*|paddo\\w*|truffel\\w*|mushrooms?|kratom|coffeeshop\\w*',
      // Growing the plant: the shop sells seeds as souvenirs and gives no growing advice.
      'oogst\\w*|snoei\\w*|bemest\\w*|water geven|bladeren|blaadjes|(mijn|de|een|je) (plant|planten|plantje)|(beste|ideale) \\w+ (om|voor) (te )?kweken|hoe kweek|hoe (zaai|plant|kiem|ontkiem|stek) (ik|je|jij|u)|tips? (voor|om|bij) (het )?kweken',
      'tomat\\w*|groente\\w*|bloemzaden|moestuin\\w*',
      '(gram|grammen|kilo|ons) (wiet|weed|hasj)|(zaden|zaadjes) van (bloemen|groente\\w*|tomat\\w*|bomen|kruiden)|bloemen|grow ?lights?|soil|nutrients?|fertili[sz]er\\w*|pipes?|papers|weed|buds|oil|harvest\\w*',
      'recept\\w*|weerbericht|het weer|wat voor weer|hoofdstad|voetbal\\w*|wedstrijd\\w*|vakantie|hotel\\w*|restaurant\\w*|hypotheek|lening|gedicht|mopje?',
    ].join('|') +
    ')\\b',
);
// Paying in general, with a word that asks for the means ("opties om te betalen", "gespreid betalen", "hoe reken ik af").
const PAY_ANY = /\b(betal(en|ing)|betaal\w*|afreken\w*|reken (\w+ ){0,2}af|pinnen|pay|paying|payment)\b/;
const PAY_MEANS = /\b(opties?|mogelijkhe\w*|manier\w*|methode\w*|wijze\w*|keuze\w*|welke|waarmee|termijn\w*|gespreid|achteraf|ways?|options?|methods?|accept\w*|take|hoe (reken|betaal|betalen|kan|moet|doe))\b/;
// Payment methods by name: a question about paying with one, not about the card's details ("zien jullie mijn creditcard").
const METHOD = /\b(ideal|bancontact|creditcard|paypal|klarna|bitcoin|crypto\w*|apple ?pay|google ?pay|pinpas|visa|mastercard|maestro|credit ?cards?|payconiq|tikkie|sofort|giropay|rembours|(bank|debit|credit) ?cards?|cards?)\b/;

/** Whether a message names a payment method the shop may not offer: then it asks which there are, not how one works. */
export const namesOtherMethod = (message: string) => METHOD.test(normalise(message));
const PAY_WORD = /\b(betal\w*|afreken\w*|accept\w*|mogelijk|pay\w*|gebruiken|take|nemen|aannemen|bieden|aanbieden|offer\w*|support\w*)\b/;
// A payment that went wrong is a problem to solve (the FAQ has it), not a question which methods there are.
const FAILED = /\b(mislukt\w*|niet gelukt|lukt(e)? niet|werkt(e)? niet|ging mis|gaat mis|fout\w*|geweigerd|afgewezen|failed|declined)\b/;
// Whether paying is safe or what is kept of a card asks about the card's details, not which methods there are.
const SAFETY = /\b(veilig\w*|beveilig\w*|gegevens|opslaan|bewaren|bewaard|zien jullie|safe|secure|details|stored)\b/;
// An order number as typed: any case, spaces, dashes of any kind, dots or slashes between the parts ("kk–7q4m–9xhd").
const ORDER_NUMBER = /\bkk[\s\-–—_./]?[a-z0-9]{4}[\s\-–—_./]?[a-z0-9]{4}\b/i;
// Without its KK: two groups of four of the number's alphabet, next to a word that says it is one.
const BARE_NUMBER = /(\bbestel\w*|\border\w*|\bnummer|\bnr|\bnumber|#)( (is|was|=))? ?:? ?#?\b([2-9a-hj-km-np-z]{4}[\s\-–—]?[2-9a-hj-km-np-z]{4})\b/i;
const EMAIL = /[^\s@<>()]+@[^\s@<>()]+\.[a-z]{2,}/i;

/** Why a message must go to a person, or null. Asking how something works (retourneren, account verwijderen) is not one. */
export function handoffReason(message: string): HandoffReason | null {
  const n = normalise(message);
  return HANDOFF.find(([, re]) => re.test(n))?.[0] ?? null;
}

/** The message as the intents read it: "wat levert het op" asks for a yield, not a delivery. */
const intentText = (message: string) => normalise(message).replace(/\blever(t|en)?((?: \w+){0,3}) op$/, 'opbrengst$2');

/** The intent of a message: a person's matter first, then an order number (always about an order), then the rest. */
export function intentOf(message: string, countries: Record<string, string[]> = DEFAULT_COUNTRY_NAMES): ChatIntent {
  const n = intentText(message);
  if (handoffReason(message)) return 'human';
  // "Buiten Nederland" asks about every other country, not the one named.
  const country = countryIn(message, countries) !== null && !/\b(buiten|outside|behalve|except)\b/.test(n);
  // "Kosten met track & trace naar Italië" asks a country's rates; "mijn pakket" is about an order.
  const countryShipping = country && SHIPPING_ASK.test(n) && !/\b(mijn|me|my|ons|onze)\b/.test(n);
  if (ORDER_NUMBER.test(message) || orderNumberIn(message) || ((ORDER.test(n) || ORDER_MORE.test(n)) && !countryShipping)) return 'order_status';
  if (OFFTOPIC.test(n)) return 'offtopic';
  const paying = PAYMENT.test(n) || (PAY_ANY.test(n) && PAY_MEANS.test(n)) || (METHOD.test(n) && (PAY_WORD.test(n) || n.split(' ').length <= 3));
  if (paying && !FAILED.test(n) && !SAFETY.test(n)) return 'payment';
  // Getting shipping costs back with a return is a refund question ("krijg ik de verzendkosten terug").
  const refund = /\b(terug\w*|retour\w*|refund\w*)\b/.test(n) && !country;
  if (refund) return 'question';
  if ((SHIPPING_WORD.test(n) && (SHIPPING_ASK.test(n) || country)) || (country && SHIPPING_ASK.test(n))) return 'shipping';
  return 'question';
}

/** Whether a message asks for goods ("verkopen jullie…", "kan ik hier … kopen"): a thing the texts do not know is not sold. */
export const asksForGoods = (message: string) =>
  /\b(verkop\w*|verkoop|hebben jullie|heb je|hebt u|kopen|koop|sell|buy|purchase|do you have|have you got)\b/.test(normalise(message));

/** Whether a message asks for a strain's facts: with a strain named, "hoeveel oogst je" is its yield, not growing advice. */
export const asksStrainFacts = (message: string) =>
  /\b(oogst\w*|opbrengst|levert|bloei\w*|thc|cbd|sterk\w*|sativa|indica|hybride|voorraad|prijs|kost|vertel\w*|yield|harvest|flowering|potency|stock|price|tell)\b/.test(
    normalise(message),
  );

/** Whether a message asks about shipping at all (with a strain named, "what does shipping cost" is still shipping). */
export const asksShipping = (message: string) => SHIPPING_WORD.test(intentText(message));

/** The bot reads English; a message with two or more English words is answered with a note in English (ADR 065). */
export const isEnglish = (message: string) => englishWords(message) >= 2 && englishWords(message) * 3 >= wordsOf(message).length;

export function orderNumberIn(message: string): string | null {
  const m = ORDER_NUMBER.exec(message);
  if (m) return normaliseOrderNumber(m[0].replace(/[\s\-–—_./]+/g, '-'));
  const bare = BARE_NUMBER.exec(message)?.[4];
  return bare && /\d/.test(bare) ? normaliseOrderNumber(`KK-${bare.replace(/[\s\-–—]+/g, '')}`) : null;
}

/** The message without order numbers and e-mail addresses: they are no words to search with. */
export const withoutIdentifiers = (message: string) =>
  message
    .replace(new RegExp(ORDER_NUMBER.source, 'gi'), ' ')
    .replace(new RegExp(BARE_NUMBER.source, 'gi'), '$1 ')
    .replace(new RegExp(EMAIL.source, 'gi'), ' ');

export function emailIn(message: string): string | null {
  const m = EMAIL.exec(message);
  return m ? m[0].replace(/[.,;:!?]+$/, '').toLowerCase() : null;
}

/** Dutch and English names and adjectives (and own-language names) of the countries the shop ships to, by ISO code. */
export const DEFAULT_COUNTRY_NAMES: Record<string, string[]> = {
  NL: ['nederland', 'holland', 'netherlands', 'the netherlands', 'nederlands', 'nederlandse', 'hollands', 'hollandse', 'dutch'],
  BE: ['belgie', 'belgium', 'vlaanderen', 'belgisch', 'belgische', 'belgian'],
  DE: ['duitsland', 'germany', 'deutschland', 'duits', 'duitse', 'german'],
  FR: ['frankrijk', 'france', 'frans', 'franse', 'french'],
  AT: ['oostenrijk', 'austria', 'osterreich', 'oostenrijks', 'oostenrijkse', 'austrian'],
  CH: ['zwitserland', 'switzerland', 'schweiz', 'suisse', 'zwitsers', 'zwitserse', 'swiss'],
  GB: ['engeland', 'verenigd koninkrijk', 'vk', 'groot brittannie', 'uk', 'united kingdom', 'great britain', 'britain', 'england', 'schotland', 'scotland', 'wales', 'brits', 'britse', 'engelse', 'british'],
  US: ['amerika', 'verenigde staten', 'usa', 'vs', 'the states', 'united states', 'america', 'amerikaans', 'amerikaanse', 'american'],
  CA: ['canada', 'canadees', 'canadese', 'canadian'],
  AU: ['australie', 'australia', 'australisch', 'australische', 'australian'],
  NZ: ['nieuw zeeland', 'new zealand', 'nieuw zeelandse', 'nieuwzeelands'],
  LU: ['luxemburg', 'luxembourg', 'luxemburgs', 'luxemburgse'],
  ES: ['spanje', 'spain', 'espana', 'spaans', 'spaanse', 'spanish'],
  IT: ['italie', 'italy', 'italia', 'italiaans', 'italiaanse', 'italian'],
  PT: ['portugal', 'portugees', 'portugese', 'portuguese'],
  DK: ['denemarken', 'denmark', 'deens', 'deense', 'danish'],
  SE: ['zweden', 'sweden', 'zweeds', 'zweedse', 'swedish'],
  IE: ['ierland', 'ireland', 'iers', 'ierse', 'irish'],
  CZ: ['tsjechie', 'czechia', 'czech republic', 'tsjechisch', 'tsjechische'],
  PL: ['polen', 'poland', 'pools', 'poolse', 'polish'],
  GR: ['griekenland', 'greece', 'grieks', 'griekse', 'greek'],
  FI: ['finland', 'fins', 'finse', 'finnish'],
  MC: ['monaco', 'monegaskisch', 'monegaskische'],
  LI: ['liechtenstein'],
  SK: ['slowaaks', 'slowaakse', 'slovak'],
  SI: ['sloveens', 'sloveense', 'slovenian'],
  HR: ['kroatisch', 'kroatische', 'croatian'],
  EE: ['ests', 'estse', 'estonian'],
  LV: ['lets', 'letse', 'latvian'],
  LT: ['litouws', 'litouwse', 'lithuanian'],
  MT: ['maltees', 'maltese'],
  CY: ['cypriotisch', 'cypriotische', 'cypriot'],
};

// The names the shop's own customers use besides its Dutch ones: English, and the languages of its regions.
const NAME_LANGUAGES = ['nl', 'en', 'de', 'fr'];

/**
 * Every name of the countries the shop ships to: the list above (adjectives, old names) plus each country's name as
 * the shop's data spells it and as Intl names it in Dutch, English, German and French, so a country added to a
 * region is known by its names without a code change.
 */
export function countryNamesOf(countries: { iso: string; name: string }[]): Record<string, string[]> {
  const names: Record<string, string[]> = {};
  for (const [iso, list] of Object.entries(DEFAULT_COUNTRY_NAMES)) names[iso] = [...list];
  const displays = NAME_LANGUAGES.map((l) => new Intl.DisplayNames([l], { type: 'region', fallback: 'none' }));
  for (const c of countries) {
    const list = (names[c.iso] ??= []);
    for (const name of [c.name, ...displays.map((d) => d.of(c.iso) ?? '')]) {
      const n = wordsOf(name).join(' ');
      if (n.length >= 4 && !list.includes(n)) list.push(n);
    }
  }
  return names;
}

// Every other country of the world by its Dutch and English name (Intl), built on first use: a shipping question
// about a country the shop does not ship to must not be answered with the visitor's own rates.
let worldNames: { iso: string; name: string; words: string }[] | null = null;
function world() {
  if (worldNames) return worldNames;
  const nl = new Intl.DisplayNames(['nl'], { type: 'region', fallback: 'none' });
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  worldNames = [];
  for (const a of letters)
    for (const b of letters) {
      const iso = a + b;
      // Not a country: the EU, the euro zone, the UN, "outlying Oceania", unknown and private-use codes.
      if (/^(EU|EZ|UN|QO|ZZ|X.|AA|Q[M-Z])$/.test(iso)) continue;
      const name = nl.of(iso);
      if (!name || name === iso) continue;
      for (const n of new Set([name, en.of(iso) ?? ''])) if (wordsOf(n).join('').length >= 4) worldNames.push({ iso, name, words: ` ${wordsOf(n).join(' ')} ` });
    }
  return worldNames;
}

/** A country the message names that is none of `shipped` (ISO codes), by its Dutch name, or null. */
export function otherCountryIn(message: string, shipped: Set<string>): string | null {
  const n = ` ${wordsOf(message).join(' ')} `;
  return world().find((c) => !shipped.has(c.iso) && n.includes(c.words))?.name ?? null;
}

/** The ISO code of the country a message names (a long name forgives one typo), or null. */
export function countryIn(message: string, names: Record<string, string[]>): string | null {
  const words = wordsOf(message);
  const n = ` ${words.join(' ')} `;
  for (const [iso, list] of Object.entries(names)) if (list.some((name) => n.includes(` ${wordsOf(name).join(' ')} `))) return iso;
  for (const [iso, list] of Object.entries(names))
    if (list.some((name) => !name.includes(' ') && name.length >= 7 && words.some((w) => editDistance(w, name, 1) <= 1))) return iso;
  return null;
}

/**
 * The message without country names: outside a shipping question a country says where, not what about ("mag ik
 * dat in België bezitten"), and the FAQ's list of countries would answer it; "daar" keeps the sentence's shape. The
 * shop's language stays.
 */
export function withoutCountries(message: string, names: Record<string, string[]> = DEFAULT_COUNTRY_NAMES): string {
  let text = ` ${wordsOf(message).join(' ')} `;
  for (const name of Object.values(names).flat()) if (name !== 'nederlands' && name !== 'dutch') text = text.replaceAll(` ${wordsOf(name).join(' ')} `, ' daar ');
  return text.trim();
}

/** A strain as the bot can name it. */
export type NamedStrain = { slug: string; name: string };

// "autoflower" and "automatic" name the same line as the catalogue's "Auto"; "#" and "nr" say nothing.
const strainWords = (text: string) =>
  wordsOf(text)
    .map((w) => (/^auto(flower\w*|matic)?$/.test(w) ? 'auto' : w))
    .filter((w) => w !== 'nr' && w !== 'no');

/**
 * The strain a message names, forgiving typos by length (spaces and hyphens ignored: "ak47", "white widdow"),
 * the longest name first so "Northern Lights Auto" is not read as "Northern Lights".
 */
export function strainIn<S extends NamedStrain>(message: string, strains: S[], known: (word: string) => boolean = () => false): S | null {
  const words = strainWords(message);
  let best: { strain: S; distance: number; length: number } | null = null;
  for (const strain of strains) {
    const name = strainWords(strain.name);
    const target = name.join('');
    const max = typosAllowed(target.length);
    // Any window: a name's number or ratio is often left out ("cbd balans" for CBD Balans 1:1).
    for (let size = 1; size <= name.length + 1; size++)
      for (let i = 0; i + size <= words.length; i++) {
        const d = editDistance(words.slice(i, i + size).join(''), target, max);
        if (d > max) continue;
        if (!best || target.length - d * 4 > best.length - best.distance * 4) best = { strain, distance: d, length: target.length };
      }
  }
  // All of a name's words in another order ("critical mass cbd") name it as surely.
  const typed = new Set(words);
  for (const strain of strains) {
    const name = strainWords(strain.name);
    const target = name.join('');
    if (name.length > 1 && name.every((w) => typed.has(w)) && (!best || target.length > best.length - best.distance * 4)) best = { strain, distance: 0, length: target.length };
  }
  if (best) return best.strain;
  // By one word only when the message asks for a strain's facts or goods ("kan ik express bestellen" is no strain).
  return asksStrainFacts(message) || asksForGoods(message) ? byOwnWord(words, strains, known) : null;
}

/**
 * A strain by one word of its name that no other line of the catalogue has ("amnesia", "widow", "stroopwafel"): the
 * shortest name with it, so the photoperiod line before its Auto. Not a word the shop's texts use for something else
 * (known), nor a short one; one typo forgiven in a long word.
 */
function byOwnWord<S extends NamedStrain>(words: string[], strains: S[], known: (word: string) => boolean): S | null {
  const base = (s: S) => strainWords(s.name).filter((w) => w !== 'auto');
  for (const word of words) {
    if (word.length < 5 || known(word)) continue;
    const max = word.length >= 7 ? 1 : 0;
    const having = strains.filter((s) => base(s).some((w) => w.length >= 5 && editDistance(w, word, max) <= max));
    const lines = new Set(having.map((s) => base(s).join(' ')));
    if (lines.size === 1) return having.reduce((a, s) => (s.name.length < a.name.length ? s : a));
  }
  return null;
}
