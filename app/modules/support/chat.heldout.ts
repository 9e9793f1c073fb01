// The chat bot's held-out evaluation set: questions written from the shop's data and the SPEC before the bot was
// tuned, never from its code or its own test set, so a score on them says how the bot does on questions it has not
// seen. `expect` is the source the bot's first reply must come from; `facts` are what a correct reply must state
// (matched after lower-casing and dropping accents and everything but a-z and 0-9). The visitor is in region nl.
// chat.heldout.test.ts checks every source and fact against the seeded data.

export type HeldOutKind = 'faq' | 'shipping' | 'payment' | 'order' | 'handoff' | 'strain' | 'offtopic' | 'english';
export type HeldOutCase = { q: string; kind: HeldOutKind; expect: string; facts: string[] };

export const faq = (q: string, expect: string, facts: string[] = []): HeldOutCase => ({ q, kind: 'faq', expect, facts });
export const shipping = (q: string, facts: string[]): HeldOutCase => ({ q, kind: 'shipping', expect: 'intent:shipping', facts });
export const payment = (q: string, expect = 'intent:payment', facts: string[] = expect === 'intent:payment' ? ['bankoverschrijving', 'contant'] : []): HeldOutCase => ({ q, kind: 'payment', expect, facts });
export const order = (q: string): HeldOutCase => ({ q, kind: 'order', expect: 'intent:order_status', facts: [] });
export const handoff = (q: string): HeldOutCase => ({ q, kind: 'handoff', expect: 'intent:human', facts: [] });
export const strain = (q: string, slug: string, facts: string[]): HeldOutCase => ({ q, kind: 'strain', expect: `strain:${slug}`, facts });
export const offtopic = (q: string): HeldOutCase => ({ q, kind: 'offtopic', expect: 'intent:offtopic', facts: [] });
export const english = (q: string, expect: string, facts: string[] = []): HeldOutCase => ({ q, kind: 'english', expect, facts });

export const CHAT_HELDOUT: HeldOutCase[] = [
  // FAQ entries and content pages, asked the way someone who never read them would.
  faq('mag mijn neefje van 16 ook iets bestellen of moet je volwassen zijn', 'Wie mag er bij Kiemkracht bestellen?', ['18']),
  faq('krijg ik iets van korting als ik me inschrijf voor jullie mails', 'Krijg ik korting als ik me aanmeld voor de nieuwsbrief?', ['10%']),
  faq('hoe lang moet ik wachten op antwoord als ik jullie een mailtje stuur', 'Hoe snel reageert de klantenservice?', ['24 uur']),
  faq('staat er op de doos wat erin zit? mn huisgenoten hoeven dat niet te weten', 'Is de verpakking discreet?'),
  faq('zijn zaadjes van een paar jaar oud nog bruikbaar of zijn ze dan dood', 'Hoe lang blijven zaden goed?'),
  faq('waar leg ik mijn zaadjes thuis het beste neer, in de koelkast ofzo', 'Hoe bewaar ik zaden het best?'),
  faq('snap het niet helemaal.. een autoflower vs een gewone fem, wat is nou het verschil', 'Wat is het verschil tussen feminized, regular en autoflower?'),
  faq('hoeveel dagen heb ik om iets terug te sturen als ik me bedenk', 'Kan ik mijn bestelling retourneren?', ['14 dagen']),
  faq('de helft van mijn zaadjes kwam niet op, doen jullie daar iets aan', 'Hebben jullie een kiemgarantie?', ['60 dagen']),
  faq('moet ik me eerst registreren of kan ik gewoon als gast afrekenen', 'Heb ik een account nodig om te bestellen?'),
  faq('retour gestuurd vorige week, wanneer staat het geld weer op mijn rekening', 'Wanneer krijg ik mijn geld terug?', ['14 dagen']),
  faq('als ik om 11 uur betaal gaat het pakketje dan vandaag nog de deur uit', 'Wanneer wordt mijn bestelling verzonden?', ['14:00']),
  faq('hoeveel commissie krijg ik als ik een link naar jullie op mijn blog zet', 'page:affiliate-programma', ['10%']),
  faq('zoeken jullie nog mensen voor in het magazijn? zou graag solliciteren', 'page:werk-carriere'),
  faq('hoe lang houden jullie mijn adres en bestelgegevens eigenlijk bij', 'page:privacybeleid', ['7 jaar']),

  // Shipping to a named country, as a visitor in region nl sees it: EUR rates, delivery days with the handling delay.
  shipping('wat kost verzenden naar duitsland', ['9,95', '5,95']),
  shipping('hoe lang doet een pakketje naar belgië erover', ['1–3 werkdagen']),
  shipping('sturen jullie ook naar engeland en hoelang duurt dat dan', ['5–9 werkdagen']),
  shipping('naar de VS verzenden jullie ook? hoeveel dagen ongeveer', ['8–15 werkdagen']),
  shipping('verzendkosten frankrijk', ['9,95', '5,95']),
  shipping('woon in oostenrijk, hoe snel heb ik het in huis', ['2–5 werkdagen']),
  shipping('vanaf welk bedrag verzenden jullie gratis naar belgie', ['50']),
  shipping('goedkoopste manier van verzenden binnen nederland wat kost dat', ['3,95']),
  shipping('kan ik het op mijn duitse adres laten bezorgen met track en trace? kosten?', ['9,95']),
  shipping('leveren jullie in zwitserland en wat is de levertijd', ['4–7 werkdagen']),
  shipping('amai wat kost da opsturen naar belgie', ['7,95', '4,95']),
  shipping('hoelang duurt briefpost naar spanje', ['5–11 werkdagen']),
  shipping('nederland verzendkosten met tracking', ['6,95']),
  shipping(
    'hoi, ik woon sinds kort in duitsland (vlakbij aken) en wil wat zaadjes voor mn verzameling bestellen, maar wat kost het om het daarheen te laten sturen en hoelang duurt het ongeveer',
    ['9,95', '2–4 werkdagen'],
  ),

  // Payment: which methods there are (the shop's payment options), and three questions only one FAQ entry answers.
  payment('kan ik met ideal betalen'),
  payment('paypal mogelijk?'),
  payment('hoe kan ik bij jullie afrekenen, welke opties zijn er'),
  payment('kan ik achteraf betalen met klarna'),
  payment('betalen met bitcoin of andere crypto kan dat'),
  payment('kan ik in belgie met bancontact betalen'),
  payment('accepteren jullie creditcard of alleen overmaken'),
  payment('welke manieren van betalen hebben jullie allemaal'),
  payment('apple pay??'),
  payment('betaling ging mis bij het afrekenen, moet ik nu alles opnieuw bestellen', 'Mijn betaling is mislukt. Wat nu?'),
  payment('krijgen jullie mijn creditcardnummer te zien als ik online betaal', 'Zien jullie mijn kaartgegevens?'),
  payment('wat moet ik bij de omschrijving zetten als ik het geld overmaak', 'Hoe werkt betalen per bankoverschrijving?'),

  // Order status, with the order number in the forms customers type it, and without one.
  order('kk-7q4m-9xhd'),
  order('waar blijft mijn bestelling KK 7Q4M 9XHD'),
  order('bestelling 7Q4M9XHD al verzonden?'),
  order('vorige week besteld en nog niks gehoord, is het al onderweg'),
  order('status van mn order'),
  order('hebben jullie al een track en trace code voor mij'),
  order('ordernummer KK-3FZP-8WQN is die al betaald'),
  order('KK3FZP8WQN'),
  order('wanneer komt mijn pakketje, nummer is KK-B6TR-2HJX'),
  order('mijn nummer is b6tr-2hjx, is het al verstuurd'),
  order(
    'Hallo, ik heb zaterdag een bestelling geplaatst met bestelnummer kk-9ndw-5gtc en ik vroeg me af of die al onderweg is want ik ga volgende week op vakantie en wil hem graag voor die tijd binnen hebben',
  ),
  order('zijn mijn zaadjes al verstuurd'),
  order('kunt ge efkes kijken waar mijn bestelling blijft'),

  // Hand-off to a person: damage, customs, loss, privacy requests, cancelling, a new address, complaints, a human.
  handoff('pakket kwam helemaal nat binnen en de zaadjes zijn beschimmeld. bestelnr KK-7Q4M-9XHD'),
  handoff('de douane heeft mijn pakket in beslag genomen, wat nu'),
  handoff('volgens de track en trace is het bezorgd maar ik heb niks gekregen'),
  handoff('ik wil op grond van de AVG inzage in alle gegevens die jullie van mij hebben'),
  handoff('kan ik mijn bestelling nog annuleren, heb me vergist'),
  handoff('ik ben verhuisd, kan het afleveradres nog aangepast worden? order kk 3fzp 8wqn'),
  handoff('ik wil een klacht indienen over jullie service, dit is echt slecht'),
  handoff('kan ik iemand aan de lijn krijgen'),
  handoff('gewoon een mens graag, geen bot'),
  handoff('doos was kapot en er zat een zakje open in, KK-B6TR-2HJX'),
  handoff('mijn pakske is al 3 weken zoek en postnl weet van niks'),
  handoff('stuur me een kopie van al mijn persoonsgegevens (gdpr)'),
  handoff('annuleer order KK-9NDW-5GTC aub'),
  handoff(
    'Goedemiddag, ik heb vorige maand bij jullie besteld (KK-9NDW-5GTC) en de verpakking was bij aankomst helemaal opengescheurd, er missen twee zakjes. Ik ben hier eerlijk gezegd best boos over, hoe gaan jullie dit oplossen',
  ),

  // One named strain's facts, some names misspelt.
  strain('hoe lang bloeit nothern lights', 'northern-lights', ['49', '56 dagen']),
  strain('is white widdow meer indica of sativa', 'white-widow', ['overwegend indica']),
  strain('gracht glue hoeveel thc zit daarin', 'gracht-glue', ['27%']),
  strain('amnesia haze auto hoelang van zaadje tot oogst', 'amnesia-haze-auto', ['77', '84 dagen']),
  strain('wat kost een 5 pack critical', 'critical', ['36,95']),
  strain('hebben jullie van super silver haze nog losse zaadjes', 'super-silver-haze', []),
  strain('big bud opbrengst binnen per m2?', 'big-bud', ['650 g']),
  strain('is blue dream nou een sativa of niet', 'blue-dream', ['overwegend sativa']),
  strain('cbd gehalte cbd harmonie', 'cbd-harmonie', ['15%']),
  strain('wat betaal ik voor 10 zaadjes zkittles', 'zkittlez', ['72,95']),
  strain('bloeitijd skunk nr 1', 'skunk-1', ['52', '60 dagen']),
  strain('is hindu kush regulier of gefeminiseerd', 'hindu-kush', ['regular']),
  strain('wedding cake nog op voorraad?', 'wedding-cake', []),

  // Things the shop does not sell or cannot help with.
  offtopic('verkopen jullie ook growtenten'),
  offtopic('welke ledlamp is goed voor een tent van 1 bij 1'),
  offtopic('wat voor voeding geef ik het best tijdens de bloei'),
  offtopic('hebben jullie ook stekjes of klonen te koop'),
  offtopic('kan ik bij jullie ook gewoon wiet kopen om te roken'),
  offtopic('helpt cbd olie tegen mijn migraine'),
  offtopic('wordt het morgen droog in utrecht'),
  offtopic('hoe draai je een goede joint'),
  offtopic('verkopen jullie bongs of een vaporizer'),
  offtopic('wat is de beste coffeeshop in amsterdam'),
  offtopic('welke potgrond moet ik kopen'),
  offtopic('kun je een verjaardagsgedicht voor mijn moeder schrijven'),
  offtopic('mijn plant krijgt gele blaadjes wat doe ik fout'),

  // English, across the kinds; facts are numbers so a Dutch or an English reply can state them.
  english('do you ship to germany, how much does it cost', 'intent:shipping', ['9,95', '5,95']),
  english('what payment methods do you accept', 'intent:payment'),
  english('where is my order KK-7Q4M-9XHD', 'intent:order_status'),
  english('i want to talk to a real person please', 'intent:human'),
  english('how much thc does gorilla glue have', 'strain:gorilla-glue', ['26%']),
  english('can i send the seeds back if i change my mind', 'Kan ik mijn bestelling retourneren?', ['14']),
  english('do you sell grow lights', 'intent:offtopic'),
  english('is the package discreet? no logo on the box?', 'Is de verpakking discreet?'),
  english('flowering time of amnesia haze', 'strain:amnesia-haze', ['70', '84']),
  english('my parcel arrived damaged, order kk-3fzp-8wqn', 'intent:human'),
  english('how long does shipping to the uk take', 'intent:shipping', ['5–9']),
  english('do u have a germination guarantee', 'Hebben jullie een kiemgarantie?', ['60']),
  english('do i need to be 18 to order', 'Wie mag er bij Kiemkracht bestellen?', ['18']),
];
