// The blog (nl-NL): three authors and eight published posts. Bodies use the Markdown subset of
// app/modules/blog/markdown.ts. Dates are fixed so the seed is deterministic.
import { inArray } from 'drizzle-orm';
import type { Db } from '../client.server.ts';
import * as s from '../schema/index.ts';

export type AuthorSeed = { slug: string; name: string; role: string; bio: string; expertise: string[]; createdAt: string; updatedAt: string };

export type PostSeed = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  createdAt: string;
  publishedAt: string;
  updatedAt: string;
  coverStrain: string;
  relatedStrains: string[];
  body: string;
};

const authorSeeds: AuthorSeed[] = [
  {
    slug: 'sanne-de-vries',
    name: 'Sanne de Vries',
    role: 'Hoofdredacteur en specialist zaadbewaring',
    expertise: ['Zaden bewaren', 'Kiemkracht', 'Soortenprofielen'],
    bio: `Sanne studeerde plantenwetenschappen in Wageningen en werkte daarna zes jaar bij een zadenbank voor groente- en sierteeltgewassen, waar ze verantwoordelijk was voor de opslag en het periodiek testen van de kiemkracht van duizenden partijen.

Bij Kiemkracht bewaakt ze de omstandigheden waarin onze voorraad ligt en schrijft ze over bewaren, houdbaarheid en het lezen van soortinformatie. Haar uitgangspunt: liever één eerlijk getal dan drie mooie beloftes.`,
    createdAt: '2025-01-06T09:00:00Z',
    updatedAt: '2026-03-02T09:00:00Z',
  },
  {
    slug: 'joost-verbeek',
    name: 'Joost Verbeek',
    role: 'Redacteur genetica en geschiedenis',
    expertise: ['Veredeling', 'Landraces', 'Geschiedenis van de zaadbanken'],
    bio: `Joost verzamelt al meer dan twintig jaar verhalen over de herkomst van bekende cannabissoorten: van de Afghaanse en Thaise landraces tot de Nederlandse zaadbanken van de jaren tachtig. Hij spreekt veredelaars, duikt in oude catalogi en probeert feiten te scheiden van de vele legendes.

Voor de Kiemkracht-blog schrijft hij over genetica, stambomen en de geschiedenis achter de soorten in ons assortiment.`,
    createdAt: '2025-01-06T09:00:00Z',
    updatedAt: '2025-11-10T09:00:00Z',
  },
  {
    slug: 'lotte-janssen',
    name: 'Lotte Janssen',
    role: 'Redacteur wet- en regelgeving',
    expertise: ['Wet- en regelgeving', 'Terpenen', 'Consumenteninformatie'],
    bio: `Lotte is jurist en werkte als beleidsmedewerker bij een gemeente voordat ze de overstap maakte naar consumentenvoorlichting. Ze volgt de Nederlandse en Europese regels rond cannabis op de voet en vertaalt ze naar begrijpelijke taal.

Daarnaast is ze gefascineerd door geur en smaak: over terpenen kan ze uren vertellen, liefst met de onderzoeksliteratuur erbij.`,
    createdAt: '2025-03-03T09:00:00Z',
    updatedAt: '2026-09-28T09:00:00Z',
  },
];

export const postSeeds: PostSeed[] = [
  {
    slug: 'cannabiszaden-bewaren-koel-droog-donker',
    title: 'Cannabiszaden bewaren: koel, droog en donker',
    excerpt: 'Temperatuur, luchtvochtigheid en licht bepalen hoe lang zaden hun kiemkracht behouden. Zo bewaar je een collectie jarenlang in topconditie.',
    category: 'bewaren',
    author: 'sanne-de-vries',
    createdAt: '2025-02-03T10:00:00Z',
    publishedAt: '2025-02-11T08:00:00Z',
    updatedAt: '2026-04-03T09:30:00Z',
    coverStrain: 'zeeuws-goud',
    relatedStrains: ['afghan', 'hindu-kush', 'malawi'],
    body: `Een zaadje lijkt een onverwoestbaar ding: hard, droog en klein. Toch is het levend materiaal. In elk zaad zit een embryo met een kleine voedselvoorraad, en dat embryo verbruikt heel langzaam energie, ook als er ogenschijnlijk niets gebeurt. Hoe sneller dat proces verloopt, hoe eerder de kiemkracht afneemt. Goed bewaren draait daarom om één ding: het zaad zo rustig mogelijk houden.

Drie factoren maken daarbij het verschil: **temperatuur**, **luchtvochtigheid** en **licht**. Wie die drie onder controle heeft, kan een collectie jarenlang in goede conditie houden.

## Temperatuur: koel en vooral constant

Warmte versnelt de stofwisseling in het zaad. Bij kamertemperatuur blijft een goed gedroogd zaad meestal een paar jaar vitaal; in een koele omgeving kan dat aanzienlijk langer zijn. Professionele zadenbanken werken met temperaturen ver onder nul, maar voor een thuiscollectie is een stabiele temperatuur tussen ongeveer 4 en 8 °C een prima uitgangspunt. Dat is precies het bereik van een gewone koelkast.

Minstens zo belangrijk als de temperatuur zelf is de **stabiliteit**. Elke keer dat een zaad opwarmt en weer afkoelt, kan er condens ontstaan. Bewaar je zaden daarom niet in de deur van de koelkast, waar de temperatuur bij elke opening schommelt, maar achterin op een vaste plek.

### En de vriezer?

Invriezen kan, maar alleen als de zaden zeer droog zijn en luchtdicht verpakt. Restvocht kan bij het bevriezen kristallen vormen die het embryo beschadigen. Bovendien is herhaald ontdooien en invriezen funest. Voor de meeste verzamelaars is de koelkast de veiligere keuze.

## Luchtvochtigheid: droog, maar niet uitgedroogd

Vocht is de grootste vijand van opgeslagen zaden. Een vochtig zaad 'wordt wakker': de stofwisseling komt op gang en schimmels krijgen een kans. Streef naar een lage relatieve luchtvochtigheid in de verpakking, ruwweg tussen 20 en 30 procent.

Praktische hulpmiddelen:

- een **luchtdicht potje** van glas of een goed sluitend blikje;
- een zakje **silicagel** als vochtvreter, eventueel met een kleurindicator die verkleurt zodra het verzadigd is;
- een **klein formaat** verpakking, zodat er weinig lucht (en dus weinig vocht) bij de zaden zit.

Haal je een koud potje uit de koelkast, laat het dan eerst dicht op kamertemperatuur komen voordat je het opent. Anders condenseert de vochtige kamerlucht direct op de koude zaden.

## Licht: bewaar alles donker

Licht, en vooral uv-licht, geeft energie af aan het zaad en kan de zaadhuid en het embryo op termijn aantasten. Een ondoorzichtige verpakking of een doosje in de koelkast is voldoende. Bewaar zaden nooit op een vensterbank of in een doorzichtig zakje in de zon.

## Labelen en overzicht houden

Een collectie is pas waardevol als je weet wat je hebt. Noteer op elk potje de soortnaam, de breeder, het type (feminized, regular of autoflower) en de datum waarop je de zaden kreeg. Bewaar de originele verpakking van de breeder erbij: daarop staat vaak een lotnummer.

> Vuistregel: hoe ouder het zaad, hoe belangrijker de bewaarcondities. Een vers zaad vergeeft een warme week; een zaad van vijf jaar niet.

## Hoe lang blijven zaden goed?

Daar is geen exact antwoord op, want het hangt af van de soort, de rijpheid bij de oogst en de manier waarop het zaad is gedroogd. Onder goede omstandigheden blijven de meeste zaden enkele jaren vitaal, en vaak langer. De kiemkracht neemt geleidelijk af, niet ineens.

Bij Kiemkracht liggen alle zaden in een geconditioneerde ruimte, koel, droog en donker, tot ze naar jou worden verstuurd. Meer praktische antwoorden vind je in onze [veelgestelde vragen](/faq). Wil je weten hoe je de informatie op een soortpagina leest, lees dan ook [ons artikel over soortprofielen](/blog/soortprofiel-lezen-thc-cbd-bloeitijd).`,
  },
  {
    slug: 'feminized-regular-autoflower-verschillen',
    title: 'Feminized, regular of autoflower: de verschillen uitgelegd',
    excerpt:
      'Drie woorden die je op elke soortpagina tegenkomt. Wat betekenen ze precies, hoe ontstaan zulke zaden en waarom verzamelen liefhebbers alle drie?',
    category: 'genetica',
    author: 'joost-verbeek',
    createdAt: '2025-03-28T10:00:00Z',
    publishedAt: '2025-04-08T08:00:00Z',
    updatedAt: '2025-04-08T08:00:00Z',
    coverStrain: 'white-widow-auto',
    relatedStrains: ['skunk-1', 'white-widow', 'northern-lights-auto'],
    body: `Wie door een zadencatalogus bladert, ziet bij bijna elke soort dezelfde termen staan: *feminized*, *regular*, *autoflower* of *fotoperiode*. Het zijn geen marketingkreten maar beschrijvingen van twee verschillende eigenschappen: het **geslacht** van de planten die uit de zaden voortkomen, en de manier waarop de plant **begint met bloeien**. In dit artikel zetten we ze naast elkaar.

## Regular: zoals de natuur het doet

Cannabis is van nature tweehuizig: er zijn mannelijke en vrouwelijke planten. Bij een gewone bestuiving ontstaan zaden waarvan grofweg de helft mannelijk en de helft vrouwelijk is. Zulke zaden heten **regular**, oftewel regulier.

Reguliere zaden zijn de oorspronkelijke vorm waarin soorten werden verspreid. Veredelaars werken er graag mee, omdat je met mannelijke én vrouwelijke planten nieuwe kruisingen kunt maken en een lijn stabiel kunt houden. Voor verzamelaars hebben ze een historische waarde: een klassieker als [Skunk #1](/product/skunk-1) hoort eigenlijk in reguliere vorm in een collectie.

## Feminized: (bijna) alleen vrouwelijk

Bij **feminized** zaden is de kans op een mannelijke plant heel klein. Dat bereikt een veredelaar door een vrouwelijke plant zelf stuifmeel te laten vormen. Omdat dat stuifmeel geen mannelijke chromosomen bevat, zijn de zaden die ermee ontstaan vrijwel allemaal vrouwelijk.

Feminized zaden kwamen eind jaren negentig op de markt en zijn sindsdien de meest verkochte vorm. Ze zijn genetisch gezien een momentopname van één vrouwelijke plant, wat ze uniform maakt. Daar staat tegenover dat je er geen nieuwe lijnen mee kunt opbouwen op de klassieke manier.

## Fotoperiode: bloeien op het ritme van de seizoenen

De meeste cannabissoorten zijn **fotoperiodiek**. Ze reageren op de lengte van de nacht: zolang de nachten kort zijn, groeit de plant; worden de nachten langer, zoals in de nazomer, dan schakelt ze over op bloei. Dat is een aanpassing aan het klimaat waar de oorspronkelijke landraces vandaan komen.

De bloeitijd die je op een soortpagina ziet, bijvoorbeeld acht tot negen weken, gaat bij fotoperiodieke soorten over de periode vanaf die omschakeling.

## Autoflower: bloeien op leeftijd

**Autoflowers** trekken zich niets aan van de daglengte. Ze gaan na een vast aantal weken vanzelf bloeien. Die eigenschap komt van *Cannabis ruderalis*, een wilde ondersoort uit Centraal-Azië en Rusland, waar de zomers zo kort zijn dat een plant niet kan wachten op langere nachten.

Door ruderalis te kruisen met bekende soorten ontstonden autoflowering versies van klassiekers, zoals [Northern Lights Auto](/product/northern-lights-auto). De eerste generaties waren klein en mild; moderne autoflowers lijken in geur en profiel veel meer op hun fotoperiodieke ouders. Bij een autoflower gaat de vermelde tijd meestal over de hele levenscyclus, niet alleen over de bloei.

## Twee eigenschappen, vier combinaties

Geslacht en bloeiwijze staan los van elkaar. Daarom kom je in ons assortiment verschillende combinaties tegen:

- **feminized en fotoperiode**: de grootste groep, bijvoorbeeld [White Widow](/product/white-widow);
- **regular en fotoperiode**: de klassieke vorm, geliefd bij veredelaars en puristen;
- **feminized en autoflower**: de moderne, compacte varianten;
- **regular en autoflower**: zeldzaam, vooral interessant voor veredelaars.

Op elke productpagina staat bij *Soort* welke combinatie het is, en in de [lijst met alle soorten](/product) kun je er ook op filteren.

## Waarom verzamelaars alle drie bewaren

Voor een verzamelaar vertellen de drie vormen samen het verhaal van de moderne veredeling: van de reguliere lijnen uit de jaren zeventig, via de feminized revolutie rond de eeuwwisseling, naar de autoflowers van nu. Wie een soort in meerdere vormen bezit, heeft eigenlijk een klein stukje geschiedenis in huis.

> Let op: onze zaden worden uitsluitend verkocht als souvenir en om te bewaren. Of kweken in jouw land is toegestaan, lees je in [ons artikel over de wet](/blog/cannabiszaden-nederlandse-wet).`,
  },
  {
    slug: 'skunk-1-geschiedenis',
    title: 'Skunk #1: de stamvader van de moderne hybride',
    excerpt:
      'Uit Afghanistan, Mexico en Colombia samengesteld in het Californië van de jaren zeventig, en via Nederland de hele wereld over. Het verhaal van Skunk #1.',
    category: 'soortenprofielen',
    author: 'joost-verbeek',
    createdAt: '2025-06-05T10:00:00Z',
    publishedAt: '2025-06-17T08:00:00Z',
    updatedAt: '2025-07-01T12:00:00Z',
    coverStrain: 'skunk-1',
    relatedStrains: ['skunk-1', 'cheese', 'super-silver-haze', 'big-bud'],
    body: `Er zijn soorten die populair zijn, en er zijn soorten die de geschiedenis hebben veranderd. [Skunk #1](/product/skunk-1) hoort onmiskenbaar in de tweede groep. Zonder deze lijn hadden Cheese, Big Bud en Super Silver Haze er heel anders uitgezien, of hadden ze niet bestaan.

## Drie werelddelen in één plant

Skunk #1 ontstond in de jaren zeventig in Californië. Veredelaars brachten er drie bekende landraces samen: een **Afghaanse** indica, de Mexicaanse **Acapulco Gold** en de Colombiaanse **Colombian Gold**. Elk bracht iets mee. De Afghaanse lijn zorgde voor een compacte bouw, een korte bloei en veel hars; de twee Latijns-Amerikaanse sativa's voor een heldere, vrolijke karaktertrek en een hogere groeikracht.

Bijzonder was niet zozeer de kruising zelf, maar wat er daarna gebeurde. De lijn werd generatie na generatie geselecteerd tot de nakomelingen opvallend gelijk waren. Skunk #1 was daarmee een van de eerste **stabiele hybrides**: een zaad gaf met grote voorspelbaarheid een plant die op de ouders leek.

## De overstap naar Nederland

Begin jaren tachtig kwam de genetica naar Nederland. In die tijd ontstonden hier de eerste professionele zaadbanken, die reguliere zaden per post verstuurden naar liefhebbers in heel Europa. Skunk #1 werd een van hun paradepaardjes en won in 1988 de allereerste Cannabis Cup in Amsterdam.

Het gevolg laat zich raden. Skunk #1 werd de standaard waarmee andere soorten werden vergeleken, en veredelaars gebruikten haar massaal als ouder. Het woord *skunk* werd in Engelstalige landen zelfs een verzamelnaam voor sterke, geurige wiet, los van de echte soort.

## Geur, smaak en karakter

De naam verklapt het al: Skunk #1 heeft een onmiskenbare geur. Zoet en aards, met een scherpe, wat kruidige ondertoon. In terpeentermen zijn vooral myrceen, caryofylleen en humuleen dominant. Liefhebbers omschrijven het karakter als vrolijk en euforisch, met een ontspannen afronding, een echte hybride dus.

Op de soortpagina vind je de gegevens op een rij:

- **type**: overwegend indica, met een duidelijke sativa-inslag;
- **bloeitijd**: ongeveer acht weken;
- **vorm**: regulier, zoals de lijn oorspronkelijk werd verspreid.

## De nakomelingen

Een paar bekende soorten in ons assortiment die Skunk #1 in hun stamboom hebben:

1. [Cheese](/product/cheese): een Engelse selectie uit Skunk-zaden, beroemd om haar kaasachtige geur.
2. [Super Silver Haze](/product/super-silver-haze): een kruising van Skunk, Northern Lights en Haze.
3. [Big Bud](/product/big-bud): bekend om haar forse toppen, met Skunk-genen aan beide kanten.

Wil je weten hoe de andere twee grote ouders van de Nederlandse genetica ontstonden, lees dan ook onze verhalen over [Northern Lights](/blog/northern-lights-geschiedenis) en [Haze](/blog/haze-sativa-legende).

## Waarom Skunk #1 in elke collectie hoort

Skunk #1 is meer dan een soort: het is een ijkpunt. Wie de ontwikkeling van de moderne genetica wil begrijpen, begint hier. Wij verkopen haar daarom bewust in reguliere vorm, als het originele stukje geschiedenis dat ze is.`,
  },
  {
    slug: 'terpenen-geur-en-smaak-uitgelegd',
    title: 'Terpenen uitgelegd: waar geur en smaak vandaan komen',
    excerpt:
      'Citrus, dennen, peper of zoete bessen: de geur van een soort komt van terpenen. Wat zijn het, welke zijn het belangrijkst en wat zeggen ze over een soort?',
    category: 'genetica',
    author: 'lotte-janssen',
    createdAt: '2025-08-20T10:00:00Z',
    publishedAt: '2025-09-02T08:00:00Z',
    updatedAt: '2026-01-14T10:00:00Z',
    coverStrain: 'lemon-haze',
    relatedStrains: ['lemon-haze', 'jack-herer', 'blueberry', 'og-kush'],
    body: `Wie twee soorten naast elkaar ruikt, merkt meteen dat ze verschillen. De ene ruikt naar citroen, de andere naar dennenbos of zwarte peper. Die verschillen komen vooral van **terpenen**: vluchtige, geurige stoffen die de plant in dezelfde harsklieren aanmaakt als de cannabinoïden.

## Wat zijn terpenen?

Terpenen zijn geen uitvinding van cannabis. Ze komen voor in vrijwel alle planten en zijn verantwoordelijk voor de geur van sinaasappelschil, lavendel, hop en dennennaalden. Planten gebruiken ze onder meer om insecten af te schrikken of juist aan te trekken.

In cannabis zijn inmiddels meer dan honderd verschillende terpenen aangetroffen, maar meestal bepalen een handvol de hoofdtoon. Welke dat zijn, is grotendeels erfelijk. Daarom vermelden we bij elke soort de belangrijkste terpenen op de soortpagina.

## De belangrijkste terpenen op een rij

### Myrceen

De meest voorkomende terpeen in cannabis. Aards, muskusachtig en licht fruitig; je vindt hem ook in mango, hop en tijm. Veel klassieke indica's, zoals [Northern Lights](/product/northern-lights), hebben myrceen als hoofdtoon.

### Limoneen

Fris en citrusachtig, zoals de naam doet vermoeden. Limoneen zit ook in de schil van citroenen en sinaasappels. Soorten als [Lemon Haze](/product/lemon-haze) danken er hun heldere, zure geur aan.

### Caryofylleen

Kruidig en peperig; je kent de geur van zwarte peper en kruidnagel. Caryofylleen valt op omdat het, anders dan de meeste terpenen, ook aan een cannabinoïdereceptor kan binden. Dat maakt het een populair onderwerp in onderzoek.

### Pineen

Ruikt naar dennennaalden en verse hars. Pineen is in de natuur de meest voorkomende terpeen en geeft veel sativa's een frisse, 'groene' geur.

### Linalool en terpinoleen

Linalool is bloemig en doet aan lavendel denken. Terpinoleen ruikt fris, kruidig en een beetje bloemig tegelijk; het is kenmerkend voor [Jack Herer](/product/jack-herer) en veel Haze-lijnen.

## Geur is meer dan één stof

Het aroma van een soort is nooit één terpeen, maar een mengsel van tientallen stoffen in wisselende verhoudingen. Daarom ruiken twee soorten met dezelfde hoofdterpeen toch verschillend. Ook omstandigheden spelen mee: hoe een plant is gegroeid, wanneer is geoogst en hoe het materiaal is gedroogd en bewaard, heeft invloed op het uiteindelijke profiel.

> Een zaad zelf ruikt nergens naar. Het terpenenprofiel op een soortpagina beschrijft de volwassen plant, zoals de breeder die heeft vastgelegd.

## En de effecten?

Over terpenen wordt veel beweerd: de ene zou ontspannen, de andere juist energie geven. Wees daar kritisch op. Er is interessant onderzoek gaande, maar veel van die claims zijn (nog) niet wetenschappelijk onderbouwd. Wij beschrijven terpenen daarom vooral als wat ze aantoonbaar zijn: de bron van geur en smaak.

## Zo gebruik je terpenen bij het kiezen

Zoek je een soort met een bepaald karakter, kijk dan naar de combinatie van **smaken** en **terpenen** op de soortpagina. Houd je van fruitig en zoet, zoals [Blueberry](/product/blueberry)? Of juist van aards en kruidig, zoals [OG Kush](/product/og-kush)? In [alle soorten](/product) kun je filteren op smaak, zodat je snel soorten met een vergelijkbaar profiel vindt.`,
  },
  {
    slug: 'northern-lights-geschiedenis',
    title: 'Northern Lights: van Seattle naar de Nederlandse zaadbanken',
    excerpt:
      'Een compacte, harsrijke indica die in de jaren tachtig Nederland veroverde en daarna in talloze stambomen opdook. Het verhaal achter Northern Lights.',
    category: 'soortenprofielen',
    author: 'joost-verbeek',
    createdAt: '2025-11-04T10:00:00Z',
    publishedAt: '2025-11-18T08:00:00Z',
    updatedAt: '2025-11-18T08:00:00Z',
    coverStrain: 'northern-lights',
    relatedStrains: ['northern-lights', 'northern-lights-auto', 'super-silver-haze', 'afghan'],
    body: `Weinig soorten hebben zo'n sterke reputatie als [Northern Lights](/product/northern-lights). Ze staat bekend als compact, harsrijk, betrouwbaar en vergevingsgezind. Maar waar komt ze eigenlijk vandaan? Zoals bij veel klassiekers is de geschiedenis deels gedocumenteerd en deels legende.

## Het begin in de Pacific Northwest

Het verhaal begint eind jaren zeventig in de omgeving van Seattle, in het noordwesten van de Verenigde Staten. Een groep hobbyveredelaars werkte daar met planten die waarschijnlijk afstamden van **Afghaanse** landraces, aangevuld met een vleugje **Thaise** genetica. Ze nummerden hun selecties: Northern Lights #1 tot en met #11.

Die nummers zijn belangrijk. Ze laten zien dat Northern Lights geen enkele plant was, maar een familie van verwante selecties. Sommige waren zuiver indica, andere hadden een duidelijkere sativa-invloed. Later zou vooral **#5** de bekendste worden.

## De oversteek naar Amsterdam

Halverwege de jaren tachtig kwam de genetica naar Nederland. Hier werd de lijn verder geselecteerd en als zaad verkocht door een van de eerste Nederlandse zaadbanken. Het compacte formaat en de korte bloeitijd maakten de soort geliefd, en binnen een paar jaar was Northern Lights een begrip in heel Europa.

In dezelfde periode begonnen veredelaars Northern Lights te combineren met andere klassiekers. Het bekendste resultaat is de kruising met Haze, die begin jaren negentig prijzen won en de basis legde voor latere iconen als [Super Silver Haze](/product/super-silver-haze).

## Kenmerken in het kort

Northern Lights is een bijna zuivere indica. Op de soortpagina zie je onder meer:

- **genetica**: Afghaanse landrace × Thaise landrace;
- **bloeitijd**: zeven tot acht weken, kort voor een fotoperiodieke soort;
- **geur en smaak**: zoet en aards, met een lichte toets van pijnboom;
- **terpenen**: vooral myrceen, caryofylleen en pineen.

Liefhebbers beschrijven het karakter als diep ontspannend en kalm, een profiel dat traditioneel bij de avond hoort.

## De erfenis van Northern Lights

Wie stambomen van moderne soorten uitpluist, komt Northern Lights overal tegen. Ze gaf haar compacte bouw, korte bloei en harsproductie door aan generaties nieuwe kruisingen. Daarmee is ze, samen met [Skunk #1](/blog/skunk-1-geschiedenis) en [Haze](/blog/haze-sativa-legende), een van de drie pijlers van de Nederlandse genetica.

Ook in autoflowering vorm leeft de lijn voort. [Northern Lights Auto](/product/northern-lights-auto) combineert de klassieke genetica met *Cannabis ruderalis*, zodat de plant op leeftijd gaat bloeien in plaats van op daglengte. Meer over dat verschil lees je in [ons artikel over feminized, regular en autoflower](/blog/feminized-regular-autoflower-verschillen).

## Legende en werkelijkheid

Over Northern Lights circuleren veel verhalen: over de eerste veredelaars, over hoeveel planten er ooit de oversteek maakten en over welke selectie de 'echte' is. Veel daarvan is niet meer te controleren. Wat wel vaststaat, is de invloed: weinig soorten hebben de Europese veredeling zo sterk gevormd.

> Northern Lights is voor veel verzamelaars de eerste klassieker in hun collectie, en dat is geen toeval.

Zoek je de oorsprong van deze lijn? Bekijk dan ook de [Afghaanse landrace](/product/afghan) in onze [landracecollectie](/collecties/landrace).`,
  },
  {
    slug: 'cannabiszaden-nederlandse-wet',
    title: 'Cannabiszaden en de Nederlandse wet: wat mag wel en wat niet?',
    excerpt:
      'Waarom mogen cannabiszaden in Nederland worden verkocht, wat regelt de Opiumwet en waar liggen de grenzen? Een zakelijk overzicht, zonder juridische mist.',
    category: 'wet-en-regelgeving',
    author: 'lotte-janssen',
    createdAt: '2026-01-29T10:00:00Z',
    publishedAt: '2026-02-10T08:00:00Z',
    updatedAt: '2026-10-06T14:00:00Z',
    coverStrain: 'nachtwacht',
    relatedStrains: [],
    body: `Er is veel verwarring over cannabiszaden. Mogen ze verkocht worden? Mag je ze bezitten? En wat als je ze naar het buitenland meeneemt? In dit artikel zetten we op een rij wat de Nederlandse regels zeggen. Het is algemene informatie en **geen juridisch advies**: regels veranderen en elk geval is anders.

## De Opiumwet en zaden

De belangrijkste wet is de **Opiumwet**. Cannabis staat daarin op lijst II, de lijst van middelen die de wet als minder schadelijk beschouwt dan bijvoorbeeld heroïne of cocaïne. Verboden zijn onder meer het telen, bereiden, verkopen, vervoeren en aanwezig hebben van cannabis.

Zaden vallen daar niet onder. De Opiumwet noemt de zaden van de cannabisplant niet als verboden middel, omdat ze zelf geen noemenswaardige hoeveelheid THC bevatten. Daarom is het bezit en de verkoop van zaden in Nederland op zich niet strafbaar.

## De grens: voorbereiding van teelt

Sinds 2015 kent de Opiumwet wel een belangrijke aanvulling: **artikel 11a**. Dat artikel maakt het strafbaar om handelingen te verrichten ter voorbereiding of vergemakkelijking van illegale hennepteelt op grote of beroepsmatige schaal. Dat geldt ook voor het verkopen of leveren van goederen, zoals zaden, als iemand weet of ernstige reden heeft om te vermoeden dat ze voor zulke teelt bedoeld zijn.

Voor verkopers betekent dit dat zorgvuldigheid geen formaliteit is. Kiemkracht verkoopt zaden daarom uitsluitend als **souvenir en om te bewaren**, levert alleen aan volwassenen en geeft geen kweekadvies.

## En thuisteelt?

Telen is in Nederland verboden, ook als het om een paar planten gaat. Wel bestaat er een gedoogbeleid: bij een klein aantal planten voor eigen gebruik wordt doorgaans geen strafzaak begonnen. Gedogen is echter iets anders dan toestaan. De politie kan planten in beslag nemen en vernietigen, en een verhuurder of woningcorporatie kan maatregelen nemen, tot en met het ontbinden van het huurcontract.

## Het experiment gesloten coffeeshopketen

Wie het nieuws volgt, kent het **experiment gesloten coffeeshopketen**. Daarin verkopen coffeeshops in een aantal gemeenten uitsluitend cannabis van aangewezen, legale telers. Het experiment onderzoekt of de aanvoer naar coffeeshops op die manier te regelen is. Voor particulieren verandert het niets: zelf telen blijft verboden, en het experiment gaat niet over de verkoop van zaden.

## Over de grens

De Nederlandse regels gelden alleen in Nederland. In andere landen kan het bezit, de invoer of de verzending van cannabiszaden anders geregeld zijn, en in sommige landen is al het bezit verboden. Daar kunnen de regels bovendien per regio verschillen.

Daarom geldt voor iedereen die bij ons bestelt:

- je bent **18 jaar of ouder**;
- je bent zelf verantwoordelijk voor het naleven van de wetgeving in je eigen land;
- je gebruikt de zaden als souvenir of bewaart ze als onderdeel van een collectie.

We leveren alleen naar landen waarvoor we een verzendoptie aanbieden; welke dat zijn, zie je op de pagina [verzending en bezorging](/verzending-bezorging).

## Waarom verzamelen?

Zaden verzamelen is een hobby met een lange traditie, vergelijkbaar met het verzamelen van zeldzame groente- of bloemenzaden. Soorten vertellen een verhaal over herkomst, veredeling en cultuur. Lees bijvoorbeeld over de geschiedenis van [Skunk #1](/blog/skunk-1-geschiedenis) of leer [hoe je zaden goed bewaart](/blog/cannabiszaden-bewaren-koel-droog-donker).

> Twijfel je over wat in jouw situatie mag? Raadpleeg dan een jurist of de overheidsinformatie van je eigen land. Onze klantenservice kan geen juridisch advies geven.`,
  },
  {
    slug: 'soortprofiel-lezen-thc-cbd-bloeitijd',
    title: 'Zo lees je een soortprofiel: THC, CBD, bloeitijd en meer',
    excerpt:
      'Percentages, bloeitijden, opbrengsten en een rij terpenen: wat staat er precies op een soortpagina en hoe vergelijk je soorten eerlijk met elkaar?',
    category: 'soortenprofielen',
    author: 'sanne-de-vries',
    createdAt: '2026-05-07T10:00:00Z',
    publishedAt: '2026-05-19T08:00:00Z',
    updatedAt: '2026-06-02T09:00:00Z',
    coverStrain: 'cbd-harmonie',
    relatedStrains: ['northern-lights', 'cbd-harmonie', 'amnesia-haze'],
    body: `Elke soort in onze winkel heeft een uitgebreid profiel. Bij [Northern Lights](/product/northern-lights) zie je bijvoorbeeld een rij van bijna twintig gegevens, van genetica tot klimaat. Dat is veel informatie. In dit artikel lopen we de belangrijkste onderdelen door, zodat je weet wat ze betekenen en waar je op moet letten.

## Genetica, afstamming en breeder

Bovenaan het profiel staan de **genetica** en de **afstamming**: de ouders waaruit de soort is gekruist. Bij een landrace is dat de regio van herkomst, bij een moderne hybride een combinatie van bekende soorten. De **breeder** is de veredelaar of zaadbank die de lijn heeft ontwikkeld en onderhoudt.

Deze gegevens zijn interessant voor verzamelaars die stambomen willen volgen. Veel moderne soorten blijken bij nadere beschouwing familie van elkaar.

## Type en verhouding

Het **type** loopt van indica via hybride naar sativa, met daartussen *overwegend indica* en *overwegend sativa*. De **verhouding**, bijvoorbeeld 70% indica en 30% sativa, geeft aan hoe de genetica volgens de breeder is verdeeld.

Traditioneel werden indica's geassocieerd met compacte planten en sativa's met lange, slanke planten. Die indeling is vooral botanisch en historisch; zie het als een globale aanduiding, niet als een exacte voorspelling.

## Soort: fotoperiode of autoflower, feminized of regular

Onder *Soort* staat hoe de plant gaat bloeien (fotoperiode of autoflower) en welk geslacht de zaden hebben (feminized of regular). Het verschil leggen we uitgebreid uit in [feminized, regular of autoflower](/blog/feminized-regular-autoflower-verschillen).

## THC, CBD en CBG

De percentages **THC**, **CBD** en **CBG** zijn de gehalten aan de drie bekendste cannabinoïden, gemeten in gedroogde toppen van de moederplanten. Een paar kanttekeningen:

- een zaad bevat zelf geen noemenswaardige hoeveelheid van deze stoffen;
- de waarden zijn een indicatie: individuele planten van dezelfde soort kunnen verschillen;
- de verhouding tussen THC en CBD zegt vaak meer over het karakter dan het absolute THC-getal.

Soorten met veel CBD en weinig THC, zoals [CBD Harmonie](/product/cbd-harmonie), vind je in onze collectie [Hoog CBD](/collecties/hoog-cbd).

## Bloeitijd

De **bloeitijd** staat in dagen, bijvoorbeeld 49 tot 56 dagen. Bij fotoperiodieke soorten gaat het om de bloeifase; bij autoflowers meestal om de totale levensduur van de plant. Een korte bloeitijd hoort vaak bij indica-dominante soorten, een lange bij sativa's: [Amnesia Haze](/product/amnesia-haze) bloeit bijvoorbeeld duidelijk langer dan Northern Lights.

## Opbrengst en hoogte

**Opbrengst** en **hoogte** worden binnen en buiten apart vermeld. Het zijn waarden die de breeder opgeeft onder gunstige omstandigheden. Ze zijn vooral nuttig om soorten onderling te vergelijken: een soort met een hoge opgegeven opbrengst is in aanleg productiever dan een soort met een lage.

## Klimaat en moeilijkheid

Bij **klimaat** staat in welk soort klimaat de genetica van nature thuishoort: gematigd, mediterraan, tropisch, droog of bergachtig. De **moeilijkheid** (beginner, gevorderd of expert) zegt iets over hoe gevoelig de lijn is; landraces en zuivere sativa's zijn doorgaans veeleisender dan moderne hybrides.

## Terpenen, smaken en effecten

Tot slot vind je de **terpenen**, **smaken** en **effecten**. Terpenen en smaken beschrijven het aroma; daarover lees je meer in [terpenen uitgelegd](/blog/terpenen-geur-en-smaak-uitgelegd). De effecten zijn de omschrijvingen die liefhebbers en breeders aan een soort geven. Ze zijn subjectief en geen belofte.

> Vergelijk soorten altijd op meerdere kenmerken tegelijk. Eén getal, zoals het THC-percentage, vertelt nooit het hele verhaal.

Wil je snel soorten met een bepaald profiel vinden? Gebruik dan de filters in [alle soorten](/product) of laat je helpen door de [seedfinder](/seedfinder).`,
  },
  {
    slug: 'haze-sativa-legende',
    title: 'Haze: de lange weg van een sativa-legende',
    excerpt:
      'Ontstaan aan de Californische kust, beroemd om haar heldere karakter en beruchte lange bloei. Hoe Haze uitgroeide tot de grondlegger van een hele familie.',
    category: 'soortenprofielen',
    author: 'joost-verbeek',
    createdAt: '2026-09-08T10:00:00Z',
    publishedAt: '2026-09-22T08:00:00Z',
    updatedAt: '2026-10-13T11:00:00Z',
    coverStrain: 'haze',
    relatedStrains: ['haze', 'super-silver-haze', 'amnesia-haze', 'lemon-haze'],
    body: `Skunk #1 bracht stabiliteit, Northern Lights bracht compactheid. [Haze](/product/haze) bracht iets anders: een helder, opgewekt karakter en een complexe, wierookachtige geur. Het is de derde pijler onder de Nederlandse genetica, en misschien wel de meest eigenzinnige.

## Santa Cruz, eind jaren zestig

Haze ontstond in de omgeving van Santa Cruz, aan de Californische kust. Volgens de overlevering werkten twee broers daar met zaden van verschillende tropische sativa's: uit **Mexico**, **Colombia**, **Thailand** en **Zuid-India**. Door die lijnen jarenlang te combineren en te selecteren ontstond een sativa met een uitzonderlijk karakter.

Er was één groot nadeel. Tropische sativa's zijn gewend aan een klimaat waarin het hele jaar door ongeveer even lange dagen en nachten zijn. Haze erfde daardoor een **extreem lange bloeitijd**, vaak drie maanden of meer. Buiten in Californië werd ze pas laat in het najaar rijp, als het weer het toeliet.

## De sprong naar Nederland

Begin jaren tachtig kwam Haze-genetica naar Nederland, waar de eerste zaadbanken haar gingen bewaren en verspreiden. Als zuivere soort bleef ze een uitdaging, maar veredelaars zagen vooral haar potentieel als **ouder**. Door Haze te kruisen met snellere indica-lijnen probeerden ze het karakter te behouden en de bloeitijd te verkorten.

Dat leverde een hele familie op. Twee voorbeelden uit ons assortiment:

- [Super Silver Haze](/product/super-silver-haze): Skunk, Northern Lights en Haze in één lijn, eind jaren negentig meermaals bekroond;
- [Amnesia Haze](/product/amnesia-haze): een moderne klassieker met een uitgesproken citrus- en aardetoon.

## Geur en karakter

Haze heeft een geur die je niet snel vergeet: kruidig, houtachtig en citrusachtig, met een toets die vaak met wierook wordt vergeleken. Terpinoleen en limoneen spelen daarin een belangrijke rol. Meer over die stoffen lees je in [terpenen uitgelegd](/blog/terpenen-geur-en-smaak-uitgelegd).

Liefhebbers omschrijven het karakter als helder, creatief en energiek, het tegenovergestelde van de zware indica's. Daarmee is Haze traditioneel een soort voor overdag.

## Waarom de bloeitijd ertoe doet

Voor verzamelaars is de lange bloeitijd van Haze geen praktisch gegeven maar een historisch kenmerk. Hij laat zien hoe nauw een soort verbonden is met het klimaat van haar voorouders. Tropische landraces als [Thai](/product/thai) en [Kerala](/product/kerala) hebben hetzelfde 'probleem', en juist dat maakt ze tot levende archieven van hun herkomst.

### Haze in de moderne veredeling

Vandaag zit Haze-genetica in een groot deel van de sativa-dominante soorten. Veredelaars gebruiken haar om geur en karakter toe te voegen aan snellere lijnen, zoals bij [Lemon Haze](/product/lemon-haze). De oorspronkelijke Haze blijft daarbij het referentiepunt.

## Drie pijlers, één verhaal

Met Haze is de drie-eenheid compleet. [Skunk #1](/blog/skunk-1-geschiedenis) gaf de moderne genetica haar stabiliteit, [Northern Lights](/blog/northern-lights-geschiedenis) haar compacte bouw en Haze haar karakter. Bijna elke bekende soort van de afgelopen veertig jaar draagt iets van minstens één van de drie.

> Een collectie met Skunk #1, Northern Lights en Haze vertelt in drie zakjes zaad het verhaal van de hele moderne veredeling.`,
  },
];

/** Upserts the authors and posts by slug (idempotent); needs the post categories seeded first. */
export async function seedBlog(tx: Db, authors = authorSeeds, posts = postSeeds) {
  const authorIds = new Map<string, number>();
  for (const a of authors) {
    const values = { ...a, createdAt: new Date(a.createdAt), updatedAt: new Date(a.updatedAt) };
    const [row] = await tx.insert(s.authors).values(values).onConflictDoUpdate({ target: s.authors.slug, set: values }).returning({ id: s.authors.id });
    authorIds.set(a.slug, row!.id);
  }
  const categories = await tx
    .select({ id: s.postCategories.id, slug: s.postCategories.slug })
    .from(s.postCategories)
    .where(
      inArray(
        s.postCategories.slug,
        posts.map((p) => p.category),
      ),
    );
  const categoryIds = new Map(categories.map((c) => [c.slug, c.id]));
  for (const p of posts) {
    const { category, author, createdAt, publishedAt, updatedAt, ...rest } = p;
    const categoryId = categoryIds.get(category);
    const authorId = authorIds.get(author);
    if (!categoryId || !authorId) throw new Error(`Onbekende categorie of auteur in blogseed: ${p.slug}`);
    const values = {
      ...rest,
      categoryId,
      authorId,
      status: 'published' as const,
      createdAt: new Date(createdAt),
      publishedAt: new Date(publishedAt),
      updatedAt: new Date(updatedAt),
    };
    await tx.insert(s.posts).values(values).onConflictDoUpdate({ target: s.posts.slug, set: values });
  }
}
