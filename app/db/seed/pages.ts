// Content pages (nl-NL) for the informational pages of Kiemkracht.

export type ContentBlock =
  | { type: 'h2'; text: string }
  | { type: 'p'; text: string }
  | { type: 'ul'; items: string[] };

export type ContentPageSeed = { slug: string; title: string; description: string; blocks: ContentBlock[] };

/** Markdown would read these as formatting; the seed texts mean them literally. */
const escapeMarkdown = (text: string) => text.replace(/([\\`*_[\]])/g, '\\$1');

/** The page body as stored: the blog's Markdown subset (ADR 036), the same conversion as migration 0022. */
export function pageMarkdown(blocks: ContentBlock[]): string {
  return blocks
    .map((b) => (b.type === 'h2' ? `## ${escapeMarkdown(b.text)}` : b.type === 'p' ? escapeMarkdown(b.text) : b.items.map((i) => `- ${escapeMarkdown(i)}`).join('\n')))
    .join('\n\n');
}

export const contentPages: ContentPageSeed[] = [
  {
    slug: 'ons-verhaal',
    title: 'Ons verhaal',
    description:
      'Waarom Kiemkracht bestaat: zorgvuldig geselecteerde genetica, goed bewaarde zaden, discrete verpakking en eerlijke informatie in het Nederlands.',
    blocks: [
      {
        type: 'p',
        text: 'Kiemkracht is ontstaan uit een simpele ergernis: wie cannabiszaden wilde verzamelen, kwam vaak terecht in webshops met vage beschrijvingen, overdreven beloftes en zaden waarvan niemand wist hoe lang ze al in een warm magazijn lagen. Wij wilden het anders doen. Rustig, eerlijk en met oog voor kwaliteit.',
      },
      { type: 'h2', text: 'Geselecteerde genetica van betrouwbare kwekers' },
      {
        type: 'p',
        text: 'We verkopen geen alles-op-een-hoop-assortiment. Elke soort in onze shop komt van een breeder met een goede naam, een stabiele lijn en een duidelijke herkomst. Zaden komen bij ons binnen in de originele, verzegelde verpakking van de kweker en zo gaan ze ook weer de deur uit.',
      },
      { type: 'h2', text: 'Koel, donker en droog bewaard' },
      {
        type: 'p',
        text: 'Zaden zijn levend materiaal. Warmte, licht en vocht zijn hun grootste vijanden. Daarom bewaren we onze voorraad in een koele, donkere ruimte met een constante temperatuur en lage luchtvochtigheid. We werken met overzichtelijke voorraden, zodat zaden niet maandenlang op de plank blijven liggen.',
      },
      { type: 'h2', text: 'Waar je op kunt rekenen' },
      {
        type: 'ul',
        items: [
          'Eerlijke soortinformatie: genetica, type (feminized, regular of autoflower) en de gegevens die de breeder zelf publiceert, zonder opgeklopte claims.',
          'Discrete verpakking: een neutrale envelop of doos zonder logo of verwijzing naar de inhoud.',
          'Snelle verzending: betaal je op een werkdag vóór 14:00, dan gaat je bestelling dezelfde dag de deur uit.',
          'Nederlandstalige klantenservice die je vraag binnen 24 uur beantwoordt.',
        ],
      },
      { type: 'h2', text: 'Verzamelen, met verantwoordelijkheid' },
      {
        type: 'p',
        text: 'Onze zaden zijn uitsluitend bedoeld als souvenir en om te bewaren, en we verkopen alleen aan volwassenen van 18 jaar en ouder. Wetgeving rond cannabiszaden verschilt per land. Jij bent er zelf verantwoordelijk voor dat je je aan de regels houdt die gelden waar je woont.',
      },
      {
        type: 'p',
        text: 'Heb je een vraag over een soort, je bestelling of over ons? Neem gerust contact met ons op via de contactpagina (/contact). We denken graag met je mee.',
      },
    ],
  },
  {
    slug: 'verzending-bezorging',
    title: 'Verzending & bezorging',
    description:
      'Verzending naar 11 regio\'s, discreet verpakt, met of zonder track & trace. Gratis vanaf € 50 en vóór 14:00 betaald is dezelfde werkdag verzonden.',
    blocks: [
      {
        type: 'p',
        text: 'We versturen onze zaden naar een groot deel van de wereld, altijd discreet verpakt. Op deze pagina lees je waar we naartoe verzenden, welke verzendopties er zijn en wat je kunt verwachten.',
      },
      { type: 'h2', text: 'Waar verzenden we naartoe?' },
      {
        type: 'p',
        text: 'Je kiest bovenaan de site je regio. Daarmee zie je prijzen in de juiste valuta en de verzendopties die voor jouw land gelden. We leveren in de volgende 11 regio\'s:',
      },
      {
        type: 'ul',
        items: [
          'Nederland',
          'België en de rest van Europa',
          'Duitsland',
          'Frankrijk',
          'Oostenrijk',
          'Zwitserland',
          'Verenigd Koninkrijk',
          'Verenigde Staten',
          'Canada',
          'Australië',
          'Nieuw-Zeeland',
        ],
      },
      { type: 'h2', text: 'Verzendopties' },
      {
        type: 'ul',
        items: [
          'Verzekerd pakket met track & trace: je ontvangt een trackingcode zodra je pakket onderweg is. Raakt een pakket met track & trace zoek, dan sturen we je bestelling kosteloos opnieuw op.',
          'Standaard briefpost: de voordeligste optie, zonder trackingcode. Omdat we de zending niet kunnen volgen, kunnen we bij verlies geen herverzending garanderen. Voor grotere bestellingen raden we daarom het verzekerde pakket aan.',
        ],
      },
      { type: 'h2', text: 'Levertijden en verzendmoment' },
      {
        type: 'p',
        text: 'De verwachte levertijd verschilt per land en per verzendoptie. Bij het afrekenen zie je voor jouw land een bandbreedte in werkdagen, bijvoorbeeld 1 tot 2 werkdagen binnen Nederland. Heb je je bestelling op een werkdag vóór 14:00 betaald, dan verzenden we je bestelling nog dezelfde dag. Betalingen die later binnenkomen, verzenden we de eerstvolgende werkdag.',
      },
      { type: 'h2', text: 'Verzendkosten en gratis verzending' },
      {
        type: 'p',
        text: 'De verzendkosten zie je in je winkelwagen en bij het afrekenen, voordat je betaalt. Vanaf € 50 verzenden we gratis. Betaal je in een andere valuta, dan geldt een vergelijkbaar drempelbedrag in je lokale valuta; dat bedrag zie je in je winkelwagen.',
      },
      { type: 'h2', text: 'Discreet verpakt' },
      {
        type: 'p',
        text: 'Je bestelling gaat in een neutrale envelop of doos zonder logo, productnaam of andere verwijzing naar de inhoud. De zaden zitten in de originele, verzegelde verpakking van de breeder. Let op: bij zendingen buiten de EU kunnen douanecontroles, invoerrechten of btw van toepassing zijn, en je bent zelf verantwoordelijk voor het naleven van de lokale wetgeving. Vragen over je zending? Neem contact op via /contact.',
      },
    ],
  },
  {
    slug: 'betalingsverwerking',
    title: 'Betalingsverwerking',
    description:
      'Betaal via bankoverschrijving, contant per post of online via onze betaalpartner. Lees hoe elke methode werkt en wat de betaalstatussen betekenen.',
    blocks: [
      {
        type: 'p',
        text: 'Bij Kiemkracht kun je op drie manieren betalen. Je kiest je betaalmethode bij het afrekenen. Hieronder lees je per methode hoe het werkt en wat er daarna met je bestelling gebeurt.',
      },
      { type: 'h2', text: 'Bankoverschrijving' },
      {
        type: 'p',
        text: 'Na het plaatsen van je bestelling zie je onze bankgegevens en het te betalen bedrag. Gebruik je bestelnummer als betalingskenmerk, zodat we je betaling direct aan de juiste bestelling kunnen koppelen. Je hebt 7 dagen om te betalen. Ontvangen we binnen die termijn geen betaling, dan vervalt de bestelling en komen de voor jou gereserveerde artikelen weer vrij voor andere klanten.',
      },
      { type: 'h2', text: 'Contant per post' },
      {
        type: 'p',
        text: 'Liever contant betalen? Dat kan. Na het bestellen tonen we je de instructies: het bedrag, het adres waarnaar je het geld stuurt en welke gegevens je meestuurt. Stuur het geld in een aangetekende brief en voeg je bestelnummer toe. Verzending van contant geld is op eigen risico, tenzij je het aangetekend verstuurt.',
      },
      { type: 'h2', text: 'Online betalen via onze betaalpartner' },
      {
        type: 'p',
        text: 'Kies je voor online betalen, dan sturen we je door naar een beveiligde betaalpagina van onze betaalpartner. Daar rond je de betaling af. Kiemkracht ziet je kaartgegevens nooit en slaat ze ook niet op; we ontvangen alleen een bevestiging of de betaling is gelukt.',
      },
      { type: 'h2', text: 'Wat betekent de status van je betaling?' },
      {
        type: 'ul',
        items: [
          'In afwachting: we wachten nog op je betaling, bijvoorbeeld op je overschrijving of je brief met contant geld.',
          'Wordt verwerkt: je betaling is gestart of binnengekomen en wordt nog bevestigd door de bank of onze betaalpartner.',
          'Voltooid: je betaling is bevestigd. Je bestelling gaat naar ons magazijn om ingepakt te worden.',
          'Mislukt: de betaling is afgebroken of geweigerd. Er is dan geen geld afgeschreven.',
        ],
      },
      { type: 'h2', text: 'Is je betaling mislukt?' },
      {
        type: 'p',
        text: 'Geen zorgen, je hoeft niet opnieuw te bestellen. Je kunt op dezelfde bestelling gewoon een andere betaalmethode kiezen. De status van je bestelling bekijk je via /order-status met je bestelnummer en e-mailadres. Kom je er niet uit, neem dan contact met ons op via /contact; we reageren binnen 24 uur.',
      },
    ],
  },
  {
    slug: 'restitutiebeleid',
    title: 'Restitutiebeleid',
    description:
      'Wanneer je geld terugkrijgt, hoe snel dat gaat en hoe gedeeltelijke terugbetalingen en onze kiemgarantie werken.',
    blocks: [
      {
        type: 'p',
        text: 'Soms gaat er iets niet zoals gepland. In dat geval willen we het snel en duidelijk voor je oplossen. Hier lees je wanneer je recht hebt op een terugbetaling en hoe die verloopt.',
      },
      { type: 'h2', text: 'Wanneer betalen we terug?' },
      {
        type: 'ul',
        items: [
          'Je herroept je aankoop binnen de bedenktijd en stuurt de zaden ongeopend en verzegeld terug (zie ons retourbeleid).',
          'Een artikel blijkt na je betaling toch niet leverbaar.',
          'Je hebt een beschadigd of verkeerd product ontvangen en kiest liever voor je geld terug dan voor vervanging.',
          'Een pakket met track & trace is zoekgeraakt en vervanging is niet mogelijk.',
          'Je doet een geldige aanspraak op onze kiemgarantie en kiest voor terugbetaling.',
        ],
      },
      { type: 'h2', text: 'Hoe en hoe snel?' },
      {
        type: 'p',
        text: 'We betalen terug via de betaalmethode waarmee je oorspronkelijk hebt betaald, binnen 14 dagen nadat we de terugbetaling hebben goedgekeurd. Bij een herroeping mogen we wachten tot we de zaden retour hebben ontvangen. Heb je contant per post betaald, dan storten we het bedrag terug op een bankrekening die je aan ons doorgeeft. Hoe snel het bedrag op je rekening staat, hangt daarna nog af van je bank of kaartuitgever.',
      },
      { type: 'h2', text: 'Gedeeltelijke terugbetalingen' },
      {
        type: 'p',
        text: 'Gaat het maar om een deel van je bestelling, dan betalen we alleen het bedrag van de betreffende artikelen terug. Herroep je je volledige bestelling, dan krijg je ook de oorspronkelijke standaard verzendkosten terug. De kosten om een retour naar ons te sturen zijn voor jou, tenzij wij een fout hebben gemaakt.',
      },
      { type: 'h2', text: 'Kiemgarantie' },
      {
        type: 'p',
        text: 'We staan achter de kwaliteit van onze zaden. Woon je in een land waar het kiemen van cannabiszaden is toegestaan en kiemt een deel van je zaden niet, dan kun je een beroep doen op onze kiemgarantie. Je kiest dan voor vervanging door zaden van dezelfde soort (of een vergelijkbare soort als die niet meer leverbaar is) of voor terugbetaling van het aandeel dat niet is gekiemd.',
      },
      {
        type: 'ul',
        items: [
          'Je meldt het binnen 60 dagen na ontvangst, met je bestelnummer.',
          'De zaden zijn bewaard zoals wij adviseren: koel, donker en droog.',
          'Je beschrijft hoe je de zaden hebt laten kiemen en stuurt een duidelijke foto mee.',
          'De garantie geldt niet als je de wetgeving van je land hiermee zou overtreden.',
        ],
      },
      {
        type: 'p',
        text: 'Wil je een terugbetaling aanvragen? Stuur ons een bericht via /contact met je bestelnummer en een korte toelichting. We reageren binnen 24 uur.',
      },
    ],
  },
  {
    slug: 'retourbeleid',
    title: 'Retourbeleid',
    description:
      'Retourneren binnen 14 dagen bedenktijd, mits de originele verpakking ongeopend en verzegeld is. Beschadigd of verkeerd geleverd? Dan lossen wij het op.',
    blocks: [
      {
        type: 'p',
        text: 'Ben je niet tevreden over je aankoop of heb je je bedacht? Dan lees je hier hoe retourneren bij Kiemkracht werkt.',
      },
      { type: 'h2', text: '14 dagen bedenktijd' },
      {
        type: 'p',
        text: 'Als consument heb je herroepingsrecht. Je kunt je aankoop binnen 14 dagen na ontvangst zonder opgave van reden ongedaan maken. Na je melding heb je vervolgens nog 14 dagen om de zaden terug te sturen. Voorwaarde is dat de originele verpakking van de breeder ongeopend en verzegeld is.',
      },
      { type: 'h2', text: 'Waarom geopende zaadverpakkingen niet retour kunnen' },
      {
        type: 'p',
        text: 'Zaden worden door de breeder verzegeld om hun versheid en kwaliteit te bewaken. Zodra een verpakking geopend is, kunnen wij niet meer garanderen dat de zaden goed bewaard zijn en niet zijn blootgesteld aan vocht, licht of warmte. Om hygiënische redenen en om de kwaliteit voor volgende klanten te beschermen, nemen we geopende verpakkingen daarom niet retour.',
      },
      { type: 'h2', text: 'Zo meld je een retour aan' },
      {
        type: 'ul',
        items: [
          'Stuur ons binnen 14 dagen na ontvangst een bericht via /contact met je bestelnummer en de artikelen die je wilt retourneren.',
          'Je ontvangt van ons het retouradres en de instructies. Stuur geen pakket terug zonder aanmelding.',
          'Verpak de zaden goed in de originele, verzegelde verpakking en bewaar je verzendbewijs.',
          'Zodra we je retour hebben ontvangen en gecontroleerd, betalen we je terug volgens ons restitutiebeleid.',
        ],
      },
      { type: 'h2', text: 'Retourkosten' },
      {
        type: 'p',
        text: 'De kosten voor het terugsturen zijn voor jouw rekening. We raden je aan een verzendmethode met track & trace te gebruiken: zolang de retour niet bij ons is aangekomen, ben jij ervoor verantwoordelijk.',
      },
      { type: 'h2', text: 'Beschadigd of verkeerd geleverd?' },
      {
        type: 'p',
        text: 'Heb je een beschadigde verpakking of een verkeerde soort ontvangen? Dan is dat onze fout en lossen we het op onze kosten op. Meld het binnen 14 dagen na ontvangst via /contact, met je bestelnummer en een foto. Je kiest zelf of je de juiste zaden nagestuurd krijgt of je geld terugkrijgt.',
      },
    ],
  },
  {
    slug: 'privacybeleid',
    title: 'Privacybeleid',
    description:
      'Welke persoonsgegevens Kiemkracht verwerkt, waarom, hoe lang we ze bewaren en welke rechten je hebt onder de AVG.',
    blocks: [
      {
        type: 'p',
        text: 'Discretie is voor ons belangrijk, ook als het om je gegevens gaat. We verwerken niet meer gegevens dan nodig, we verkopen ze nooit aan derden en we houden ons aan de Algemene verordening gegevensbescherming (AVG). In dit privacybeleid lees je precies wat we doen.',
      },
      { type: 'h2', text: 'Welke gegevens we verwerken en waarom' },
      {
        type: 'ul',
        items: [
          'Account: je naam, e-mailadres en een versleuteld wachtwoord, zodat je kunt inloggen, je bestellingen kunt bekijken en een verlanglijst kunt bijhouden. Grondslag: uitvoering van de overeenkomst.',
          'Bestellingen: de bestelde artikelen, bedragen, betaalmethode en betaalstatus, om je bestelling te verwerken en te voldoen aan onze fiscale administratieplicht. Grondslag: uitvoering van de overeenkomst en wettelijke verplichting.',
          'Adressen: je bezorg- en factuuradres, om je bestelling te kunnen versturen. Grondslag: uitvoering van de overeenkomst.',
          'Contactberichten: wat je ons via /contact stuurt, om je vraag te beantwoorden. Grondslag: gerechtvaardigd belang en, als het om een bestelling gaat, uitvoering van de overeenkomst.',
          'Nieuwsbrief: je e-mailadres, om je onze nieuwsbrief te sturen. Grondslag: toestemming, die je altijd kunt intrekken via de afmeldlink in elke nieuwsbrief.',
        ],
      },
      { type: 'h2', text: 'Hoe lang we gegevens bewaren' },
      {
        type: 'ul',
        items: [
          'Accountgegevens: zolang je account bestaat. Verwijder je je account, dan wissen we deze gegevens.',
          'Bestel- en factuurgegevens: 7 jaar, vanwege de wettelijke fiscale bewaarplicht.',
          'Contactberichten: tot 1 jaar nadat je vraag is afgehandeld.',
          'Nieuwsbriefgegevens: tot je je afmeldt.',
        ],
      },
      { type: 'h2', text: 'Met wie we gegevens delen' },
      {
        type: 'p',
        text: 'We delen alleen wat nodig is: de vervoerder krijgt je naam en bezorgadres, en onze betaalpartner verwerkt online betalingen op een eigen beveiligde betaalpagina. Je kaartgegevens komen nooit bij ons terecht. Met partijen die namens ons gegevens verwerken, sluiten we een verwerkersovereenkomst. We verkopen of verhuren je gegevens nooit.',
      },
      { type: 'h2', text: 'Cookies' },
      {
        type: 'p',
        text: 'We gebruiken functionele cookies die nodig zijn om de winkel te laten werken: om je leeftijdsbevestiging te onthouden, je gekozen regio, de inhoud van je winkelwagen en je inlogsessie. Daarvoor is geen toestemming nodig. Analytische cookies plaatsen we alleen als je daar toestemming voor geeft, en die toestemming kun je altijd weer intrekken.',
      },
      { type: 'h2', text: 'Jouw rechten' },
      {
        type: 'p',
        text: 'Je hebt recht op inzage in je gegevens, correctie van onjuiste gegevens, verwijdering, bezwaar tegen de verwerking en dataportabiliteit (een kopie van je gegevens in een gangbaar formaat). Een verzoek kun je indienen via /contact. We reageren binnen 24 uur en handelen je verzoek uiterlijk binnen een maand af. Ben je niet tevreden over hoe we met je gegevens omgaan, dan kun je een klacht indienen bij de Autoriteit Persoonsgegevens.',
      },
    ],
  },
  {
    slug: 'algemene-voorwaarden',
    title: 'Algemene voorwaarden',
    description:
      'De algemene voorwaarden van Kiemkracht: voor wie ze gelden, bestellen en betalen, levering, herroepingsrecht, garantie, aansprakelijkheid en klachten.',
    blocks: [
      { type: 'h2', text: '1. Toepasselijkheid' },
      {
        type: 'p',
        text: 'Deze voorwaarden gelden voor elk aanbod van Kiemkracht en voor elke bestelling die je via onze webshop plaatst. Door een bestelling te plaatsen, ga je akkoord met deze voorwaarden. Wijzigingen gelden alleen voor bestellingen die na de wijziging zijn geplaatst.',
      },
      { type: 'h2', text: '2. Leeftijd en gebruik van de producten' },
      {
        type: 'p',
        text: 'Je moet 18 jaar of ouder zijn om bij ons te bestellen. Onze zaden worden uitsluitend verkocht als souvenir, verzamelobject en om te bewaren. Ze zijn niet bedoeld om te kweken waar dat verboden is. Jij bent als koper zelf verantwoordelijk voor het naleven van de wetgeving in het land waar je woont of waarnaar je laat verzenden. We kunnen een bestelling weigeren of annuleren als we vermoeden dat deze voorwaarden niet worden nageleefd.',
      },
      { type: 'h2', text: '3. Aanbod, prijzen en betaling' },
      {
        type: 'p',
        text: 'Prijzen worden getoond in de valuta van de regio die je hebt gekozen, inclusief btw waar die van toepassing is. Verzendkosten zie je voordat je betaalt. Bij zendingen buiten de EU kunnen invoerrechten, btw of afhandelingskosten in het land van bestemming voor jouw rekening komen. Kennelijke fouten in het aanbod, zoals een duidelijk verkeerde prijs, binden ons niet. De overeenkomst komt tot stand zodra je je bestelling plaatst en een bevestiging per e-mail ontvangt. Je betaalt via bankoverschrijving, contant per post of online via onze betaalpartner. Bij betaling per overschrijving moet het bedrag binnen 7 dagen bij ons binnen zijn; anders vervalt de bestelling.',
      },
      { type: 'h2', text: '4. Levering' },
      {
        type: 'p',
        text: 'We verzenden naar het adres dat je opgeeft, discreet verpakt. De levertijden die we bij het afrekenen tonen zijn een indicatie en geen fatale termijn. Het risico van verlies of beschadiging gaat op jou over zodra je het pakket hebt ontvangen. Raakt een pakket met track & trace onderweg zoek, dan versturen we je bestelling opnieuw. Meer hierover lees je op onze pagina over verzending en bezorging.',
      },
      { type: 'h2', text: '5. Herroepingsrecht, garantie en aansprakelijkheid' },
      {
        type: 'ul',
        items: [
          'Je hebt 14 dagen bedenktijd na ontvangst, mits de originele verpakking ongeopend en verzegeld is. De details staan in ons retourbeleid.',
          'Op onze zaden geldt een kiemgarantie onder de voorwaarden uit ons restitutiebeleid, voor zover kiemen in jouw land is toegestaan. Je wettelijke rechten blijven altijd gelden.',
          'Onze aansprakelijkheid is beperkt tot het bedrag van de betreffende bestelling, behalve bij opzet of grove nalatigheid.',
          'We zijn niet aansprakelijk voor gevolgen van gebruik van de producten in strijd met de wet of met deze voorwaarden.',
        ],
      },
      { type: 'h2', text: '6. Klachten en toepasselijk recht' },
      {
        type: 'p',
        text: 'Heb je een klacht? Meld die zo snel mogelijk via /contact, met je bestelnummer en een duidelijke omschrijving. We reageren binnen 24 uur en streven ernaar je klacht binnen 14 dagen op te lossen. Op deze voorwaarden en alle overeenkomsten met Kiemkracht is Nederlands recht van toepassing. Als consument behoud je de bescherming die de dwingende regels van je eigen woonland je bieden.',
      },
    ],
  },
  {
    slug: 'werk-carriere',
    title: 'Werken bij Kiemkracht',
    description:
      'Hoe het is om bij Kiemkracht te werken, welke teams we hebben en wat we belangrijk vinden. Geen vacature? Open sollicitaties zijn welkom.',
    blocks: [
      {
        type: 'p',
        text: 'Kiemkracht is een klein, hecht team. We houden van goede genetica, van nette processen en van klanten die we echt verder helpen. Korte lijnen, eigen verantwoordelijkheid en geen onnodige vergaderingen: zo werken we het liefst.',
      },
      { type: 'h2', text: 'Onze teams' },
      {
        type: 'ul',
        items: [
          'Klantenservice: je beantwoordt vragen over bestellingen, betalingen en soorten, in helder Nederlands en binnen 24 uur. Je lost problemen op in plaats van ze door te schuiven.',
          'Logistiek: je bewaakt de voorraad, zorgt dat zaden koel, donker en droog liggen en pakt bestellingen zorgvuldig en discreet in, zodat alles wat vóór 14:00 is betaald dezelfde dag vertrekt.',
          'Content: je schrijft eerlijke, goed onderbouwde soortbeschrijvingen en informatieve pagina\'s, op basis van wat breeders zelf publiceren en zonder overdreven claims.',
        ],
      },
      { type: 'h2', text: 'Wat we belangrijk vinden' },
      {
        type: 'ul',
        items: [
          'Eerlijkheid: tegen klanten en tegen elkaar. Liever een eerlijk nee dan een belofte die we niet waarmaken.',
          'Zorgvuldigheid: een verkeerd ingepakte bestelling of een slordige productbeschrijving vinden we niet goed genoeg.',
          'Discretie: we gaan respectvol om met de gegevens en de privacy van onze klanten.',
          'Verantwoordelijkheid: we verkopen alleen aan volwassenen en houden ons aan de regels die voor ons vak gelden.',
        ],
      },
      { type: 'h2', text: 'Openstaande vacatures' },
      {
        type: 'p',
        text: 'Op dit moment hebben we geen openstaande vacatures. Dat betekent niet dat we niet benieuwd zijn naar jou. Zodra er een plek vrijkomt, kijken we graag eerst naar mensen die al interesse hebben getoond.',
      },
      { type: 'h2', text: 'Open sollicitatie' },
      {
        type: 'p',
        text: 'Denk je dat je iets toevoegt aan een van onze teams? Stuur ons een open sollicitatie via /contact. Vertel kort wie je bent, in welk team je je ziet en wat je meebrengt. We lezen elke sollicitatie en laten je altijd weten wat we ermee doen.',
      },
    ],
  },
  {
    slug: 'affiliate-programma',
    title: 'Affiliateprogramma',
    description:
      'Verdien commissie op bestellingen van bezoekers die je naar Kiemkracht verwijst. Lees hoe ons affiliateprogramma werkt en hoe je je aanmeldt.',
    blocks: [
      {
        type: 'p',
        text: 'Heb je een website, blog, forum of kanaal over zaden, tuinieren of verzamelen? Met het affiliateprogramma van Kiemkracht verdien je commissie op bestellingen van bezoekers die via jou bij ons terechtkomen.',
      },
      { type: 'h2', text: 'Zo werkt het' },
      {
        type: 'ul',
        items: [
          'Na goedkeuring ontvang je een persoonlijke link met jouw eigen affiliatecode, herkenbaar aan ?a_aid= gevolgd door je code. Je kunt dat stukje ook achter een link naar een specifieke soort of categorie plakken.',
          'Klikt een bezoeker op jouw link, dan onthouden we de verwijzing 90 dagen lang.',
          'Plaatst die bezoeker binnen die 90 dagen een bestelling en wordt die betaald, dan ontvang je commissie over die bestelling.',
          'Over geannuleerde, verlopen of terugbetaalde bestellingen ontvang je geen commissie.',
        ],
      },
      { type: 'h2', text: 'Commissie en uitbetaling' },
      {
        type: 'p',
        text: 'Je commissie is een percentage van de orderwaarde exclusief verzendkosten. Je begint op 10%; voor grote partners spreken we een hoger percentage af. Commissie telt mee zodra een bestelling betaald is en is 30 dagen later uitbetaalbaar (de tijd voor retouren). In je affiliate-overzicht zie je je klikken, bestellingen en elke boeking; we betalen je uitbetaalbare commissie maandelijks uit.',
      },
      { type: 'h2', text: 'Spelregels' },
      {
        type: 'ul',
        items: [
          'Geen spam: je verspreidt je link niet via ongevraagde e-mails, berichten of reacties.',
          'Geen brand bidding: je adverteert niet op zoekwoorden met de naam Kiemkracht of varianten daarop.',
          'Alleen voor volwassenen: je richt je uitsluitend op een publiek van 18 jaar en ouder.',
          'Eerlijke communicatie: je doet geen misleidende beloftes over onze producten en presenteert de zaden niet als bedoeld voor teelt waar dat verboden is.',
        ],
      },
      {
        type: 'p',
        text: 'Houd je je niet aan deze regels, dan kunnen we je deelname beëindigen en vervalt de commissie over de betreffende bestellingen.',
      },
    ],
  },
];
