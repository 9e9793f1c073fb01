import { describe, expect, it } from 'vitest';
import { buildIndex, editDistance, expand, search } from './chat-index.ts';
import { searchWords, stem } from './chat-words.ts';
import { asksForGoods, countryIn, countryNamesOf, DEFAULT_COUNTRY_NAMES, emailIn, handoffReason, intentOf, isEnglish, normalise, orderNumberIn, otherCountryIn, strainIn, withoutCountries } from './chat.ts';

describe('chat bot: reading a message', () => {
  it('normalises case, accents and punctuation', () => {
    expect(normalise('Wat kóst verzenden naar België?!')).toBe('wat kost verzenden naar belgie');
    expect(normalise("waar is m'n pakketje, ipv da andere")).toBe('waar is mijn pakketje in plaats van dat andere');
  });
  it('reads questions as the texts say them: separable verbs, phrases, synonyms by stem, typos of stop words', () => {
    expect(searchWords('hoe lang heb ik om het bedrag over te maken')).toEqual([['bedrag'], ['overmaken', 'bankoverschrijving']]);
    expect(searchWords('ideal lukt niet')).toEqual([['ideal'], ['mislukt']]);
    expect(searchWords('een herkenbare verpakking')).toEqual([['herkenbare', 'discreet'], ['verpakking']]);
    expect(searchWords('waneer word het verstuurd')).toEqual([['verstuurd', 'verzonden']]);
    expect(searchWords('de zaden zijn niet opgekomen')[1]).toEqual(['opgekomen', 'opkomen', 'kiemen']);
    expect(withoutCountries('mag ik dat in België bezitten')).toBe('mag ik dat in daar bezitten');
    expect(searchWords('hoe sluit ik mijn account af')[0]).toEqual(['sluit', 'afsluit', 'verwijderen']);
    expect(searchWords('my payment did not go through')).toEqual([['betaling'], ['mislukt']]);
    // A verb form by its infinitive, a compound by the part the synonym list knows; a prefixed verb is no compound.
    expect(searchWords('ik schrijf me in, inschrijft')[1]).toEqual(['inschrijft', 'aanmelden']);
    expect(searchWords('klantprofiel')).toEqual([['klantprofiel', 'profiel', 'account']]);
    expect(searchWords('verkopen')).toEqual([['verkopen']]);
  });
  it('finds the intent', () => {
    expect(intentOf('Waar is mijn bestelling?')).toBe('order_status');
    expect(intentOf('status KK-7Q4M-9XHD')).toBe('order_status');
    expect(intentOf('Wanneer wordt mijn bestelling verzonden?')).toBe('question');
    expect(intentOf('Kan ik mijn bestelling retourneren?')).toBe('question');
    expect(intentOf('Wat kost verzenden naar België?')).toBe('shipping');
    expect(intentOf('verzending frankrijk')).toBe('shipping');
    expect(intentOf('hoe lang duurt het naar een duits adres')).toBe('shipping');
    expect(intentOf('Is de verpakking discreet?')).toBe('question');
    expect(intentOf('Welke betaalmethoden zijn er?')).toBe('payment');
    expect(intentOf('Ik wil iemand spreken')).toBe('human');
    expect(intentOf('verkopen jullie kweeklampen')).toBe('offtopic');
    expect(intentOf('Hoe bewaar ik zaden?')).toBe('question');
    // A payment method by name is a payment question only when paying is asked about; a failed payment is a problem.
    expect(intentOf('kan ik met paypal betalen')).toBe('payment');
    expect(intentOf('zien jullie mijn creditcard')).toBe('question');
    expect(intentOf('ideal werkte niet, wat nu')).toBe('question');
    expect(intentOf('is mijn bestelling onderweg')).toBe('order_status');
    expect(intentOf('is track en trace mogelijk')).toBe('question');
    expect(intentOf('verzendkosten')).toBe('shipping');
    expect(intentOf('hoeveel water moet mijn plant krijgen')).toBe('offtopic');
    expect(asksForGoods('verkopen jullie zonnebrillen')).toBe(true);
    expect(asksForGoods('hoe bewaar ik zaden')).toBe(false);
  });
  it('sends a person’s matters to a person, not a question about how something works', () => {
    expect(handoffReason('ik wil mijn bestelling annuleren')).toBe('cancel');
    expect(handoffReason('mijn pakket is bij de douane in beslag genomen')).toBe('seizure');
    expect(handoffReason('het zakje was kapot')).toBe('damage');
    expect(handoffReason('ik ben verhuisd')).toBe('address');
    expect(handoffReason('verwijder al mijn gegevens')).toBe('privacy');
    expect(handoffReason('I want to complain')).toBe('complaint');
    expect(handoffReason('Kan ik mijn bestelling retourneren?')).toBeNull();
    expect(handoffReason('is kweken legaal')).toBeNull();
    expect(handoffReason('ik ben niet tevreden')).toBe('complaint');
    expect(handoffReason('mijn pakket is gestolen')).toBe('loss');
    expect(handoffReason('er zaten maar 3 zaden in')).toBe('damage');
    expect(handoffReason('verkeerd huisnummer ingevuld')).toBe('address');
    expect(handoffReason('hoe aansprakelijk zijn jullie volgens de voorwaarden')).toBeNull();
  });
  it('reads an order number, an e-mail address, a country (names, adjectives, English, one typo)', () => {
    expect(orderNumberIn('het is kk-7q4m-9xhd denk ik')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('KK 7Q4M 9XHD')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('geen nummer')).toBeNull();
    // Any dash, dots, and the number without its KK when the message says it is one.
    expect(orderNumberIn('kk–7q4m–9xhd')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('KK.7Q4M.9XHD')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('mijn bestelnummer is 7Q4M-9XHD')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('order #7q4m 9xhd')).toBe('KK-7Q4M-9XHD');
    expect(orderNumberIn('de code abcd-efgh')).toBeNull();
    expect(intentOf('waar is bestelling 7Q4M-9XHD')).toBe('order_status');
    // Every country of the regions by its names in Dutch, English, German and French, from the data.
    const names = countryNamesOf([{ iso: 'HR', name: 'Kroatië' }, { iso: 'SK', name: 'Slowakije' }]);
    for (const [q, iso] of [['shipping to croatia', 'HR'], ['versand nach kroatien', 'HR'], ['verzenden naar slowakije', 'SK'], ['een slowaaks adres', 'SK']] as const)
      expect(countryIn(q, names), q).toBe(iso);
    expect(intentOf('bezorgen jullie in slowakije', names)).toBe('shipping');
    // A country the shop does not ship to is named too, so its question is not answered with the visitor's rates.
    const shipped = new Set(['NL', 'BE', 'US']);
    expect(otherCountryIn('wat kost verzenden naar noorwegen', shipped)).toBe('Noorwegen');
    expect(otherCountryIn('shipping to south africa', shipped)).toBe('Zuid-Afrika');
    expect(otherCountryIn('wat kost verzenden naar belgie', shipped)).toBeNull();
    expect(otherCountryIn('wat kost verzenden', shipped)).toBeNull();
    expect(emailIn('mijn adres is Sanne@Example.com.')).toBe('sanne@example.com');
    expect(emailIn('sanne at example')).toBeNull();
    expect(countryIn('naar belgië graag', DEFAULT_COUNTRY_NAMES)).toBe('BE');
    expect(countryIn('verzenden naar de VS', DEFAULT_COUNTRY_NAMES)).toBe('US');
    expect(countryIn('naar een Duits adres', DEFAULT_COUNTRY_NAMES)).toBe('DE');
    expect(countryIn('shipping to the United Kingdom', DEFAULT_COUNTRY_NAMES)).toBe('GB');
    expect(countryIn('naar Nieuw-Zeeland', DEFAULT_COUNTRY_NAMES)).toBe('NZ');
    expect(countryIn('naar oostenrjik', DEFAULT_COUNTRY_NAMES)).toBe('AT');
    expect(countryIn('vsop', DEFAULT_COUNTRY_NAMES)).toBeNull();
  });
  it('names a strain with typos, the longest name first', () => {
    const strains = ['Northern Lights', 'Northern Lights Auto', 'AK-47', 'Skunk #1', 'White Widow', 'Haze', 'Amnesia Haze'].map((name) => ({ slug: normalise(name).replace(/\W+/g, '-'), name }));
    expect(strainIn('hoeveel thc heeft white widdow', strains)?.name).toBe('White Widow');
    expect(strainIn('northern lights autoflower bloeitijd', strains)?.name).toBe('Northern Lights Auto');
    expect(strainIn('northen lights', strains)?.name).toBe('Northern Lights');
    expect(strainIn('ak47', strains)?.name).toBe('AK-47');
    expect(strainIn('skunk 1 prijs', strains)?.name).toBe('Skunk #1');
    expect(strainIn('amnesia haze', strains)?.name).toBe('Amnesia Haze');
    expect(strainIn('hoe bewaar ik zaden', strains)).toBeNull();
    const more = ['Critical', 'CBD Critical Mass', 'CBD Balans 1:1'].map((name) => ({ slug: normalise(name).replace(/\W+/g, '-'), name }));
    expect(strainIn('critical mass cbd', more)?.name).toBe('CBD Critical Mass');
    expect(strainIn('hoeveel cbd heeft cbd balans', more)?.name).toBe('CBD Balans 1:1');
    // One word no other line has names the line, its photoperiod strain first; a word two lines share names none.
    expect(strainIn('hoeveel thc heeft amnesia', strains)?.name).toBe('Amnesia Haze');
    expect(strainIn('bloeitijd northern', strains)?.name).toBe('Northern Lights');
    expect(strainIn('hoeveel thc heeft widow', strains)?.name).toBe('White Widow');
    expect(strainIn('bloeitijd van haze', [...strains, { slug: 'purple-haze', name: 'Purple Haze' }])?.name).toBe('Haze');
    expect(strainIn('is critical sterk', [...more, { slug: 'x', name: 'Critical Auto' }])?.name).toBe('Critical');
    expect(strainIn('welke mass', more)).toBeNull();
    expect(strainIn('hoe lang is een white pakket', strains, (w) => w === 'white')).toBeNull();
  });
  it('tells English from Dutch', () => {
    expect(isEnglish('how much does shipping to germany cost')).toBe(true);
    expect(isEnglish('wat kost verzenden naar duitsland')).toBe(false);
  });
});

describe('chat bot: retrieval', () => {
  const index = buildIndex([
    { key: 'faq:1', title: 'Wat kost verzending?', body: 'De verzendkosten hangen af van je land.', href: '/faq' },
    { key: 'faq:2', title: 'Hoe bewaar ik zaden het best?', body: 'Koel, donker en droog, in een luchtdichte pot.', href: '/faq' },
    { key: 'faq:3', title: 'Kan ik mijn bestelling retourneren?', body: 'Ja, binnen 14 dagen.', href: '/faq' },
  ]);
  it('stems Dutch, with the spelling of open and closed syllables brought together', () => {
    expect(stem('zaden')).toBe(stem('zaad'));
    expect(stem('bestellen')).toBe(stem('bestel'));
    expect(stem('zaadjes')).toBe(stem('zaad'));
  });
  it('finds compounds by their last part and participles by their verb', () => {
    const more = buildIndex([
      { key: 'faq:1', title: 'Hebben jullie een kiemgarantie?', body: 'Ja, als een zaad niet kiemt.', href: '/faq' },
      { key: 'faq:2', title: 'Kiemen', body: 'Zaden kiemen in het donker.', href: '/faq' },
    ]);
    expect(expand(more, 'garantie').map((e) => e.term)).toContain('kiemgarantie');
    expect(expand(more, 'gekiemd').map((e) => e.term)).toEqual([stem('kiemen')]);
  });
  it('forgives typos by word length and splits compounds against the vocabulary', () => {
    expect(editDistance('bewaren', 'bewaern', 2)).toBe(1);
    expect(expand(index, 'bewaaren').length).toBeGreaterThan(0);
    expect(expand(index, 'zadenpot').map((e) => e.term)).toEqual([stem('zaden'), stem('pot')]);
    expect(expand(index, 'xq')).toEqual([]);
  });
  it('ranks the entry a question is about first, a synonym and English included', () => {
    expect(search(index, searchWords('hoe bewaar ik zaadjes')).hits[0]!.doc.key).toBe('faq:2');
    expect(search(index, searchWords('terugsturen?')).hits[0]!.doc.key).toBe('faq:3');
    expect(search(index, searchWords('how should I store seeds')).hits[0]!.doc.key).toBe('faq:2');
    expect(search(index, searchWords('kwantumfysica')).knownWords).toBe(0);
  });
  it("finds an entry by staff's search words, stemmed like the rest, and counts them as what the shop is about", () => {
    const docs = [
      { key: 'faq:1', title: 'Hebben jullie een kiemgarantie?', body: 'Ja, meld het binnen 60 dagen.', href: '/faq' },
      { key: 'faq:2', title: 'Hoe snel reageert de klantenservice?', body: 'Binnen 24 uur antwoord.', href: '/faq' },
      { key: 'faq:3', title: 'Kan ik contant betalen?', body: 'Ja, per aangetekende brief.', href: '/faq' },
    ];
    const without = buildIndex(docs);
    expect(search(without, searchWords('mijn pitjes komen niet op')).hits[0]?.doc.key).not.toBe('faq:1');
    const words = buildIndex([
      { ...docs[0]!, searchWords: 'pitjes opkomen, komen niet op, ontkiemen' },
      { ...docs[1]!, searchWords: 'mailtje, reactietijd' },
      docs[2]!,
    ]);
    const found = search(words, searchWords('mijn pitjes komen niet op'));
    expect(found.hits[0]!.doc.key).toBe('faq:1');
    expect(found.topical).toBe(true);
    // Stemmed and typo-tolerant as the texts are: "mailtjes" and "reactitijd" still find them.
    expect(search(words, searchWords('hoe snel krijg ik een mailtjes terug')).hits[0]!.doc.key).toBe('faq:2');
    expect(search(words, searchWords('wat is jullie reactitijd')).hits[0]!.doc.key).toBe('faq:2');
  });
  it('gives a title its bonus by the share of the question it holds: one common word shared with a short title is not enough', () => {
    const near = buildIndex([
      { key: 'faq:1', title: 'Hoe plaats ik een bestelling?', body: 'Leg de zaden in je winkelwagen en reken af.', href: '/faq' },
      { key: 'faq:2', title: 'Wie mag er bestellen?', body: 'Je moet 18 jaar of ouder zijn om te bestellen.', href: '/faq' },
      { key: 'faq:3', title: 'Kan ik contant betalen?', body: 'Ja, per aangetekende brief.', href: '/faq' },
    ]);
    const scoreOf = (q: string) => search(near, searchWords(q)).hits.find((h) => h.doc.key === 'faq:1')!.score;
    expect(search(near, searchWords('hoe bestel ik')).hits[0]!.doc.key).toBe('faq:1');
    // The same title word, a smaller share of what is asked: a smaller bonus.
    expect(scoreOf('vanaf welke leeftijd mag je bestellen')).toBeLessThan(scoreOf('hoe bestel ik') - 1);
  });
});
