// Frequently asked questions (nl-NL), grouped by category.

/** searchWords: how customers name each subject (the staff's words for the chat bot, ADR 070), never shown. */
export type FaqSeed = { category: string; question: string; answer: string; searchWords: string };

export const faqItems: FaqSeed[] = [
  // Bestellen
  {
    category: 'Bestellen',
    question: 'Wie mag er bij Kiemkracht bestellen?',
    answer:
      'Je moet 18 jaar of ouder zijn om bij ons te bestellen. Onze zaden worden uitsluitend verkocht als souvenir en om te bewaren, en je bent zelf verantwoordelijk voor het naleven van de wetgeving in je eigen land.',
    searchWords: 'leeftijd, minimumleeftijd, hoe oud moet je zijn, 18+, volwassen, minderjarig, leeftijdsgrens, wie mag kopen, identiteit',
  },
  {
    category: 'Bestellen',
    question: 'Hoe plaats ik een bestelling?',
    answer:
      'Kies je regio, leg de gewenste zaden in je winkelwagen en ga naar afrekenen. Daar vul je je adres in, kies je een verzendoptie en een betaalmethode. Na het bestellen ontvang je een bevestiging met je bestelnummer per e-mail.',
    searchWords: 'bestellen, kopen, aanschaffen, zaden kopen, winkelmandje, winkelwagen, afrekenen, checkout, bestelproces, orderbevestiging, hoe werkt het',
  },
  {
    category: 'Bestellen',
    question: 'Hoe kan ik de status van mijn bestelling bekijken?',
    answer:
      'Ga naar /order-status en vul je bestelnummer en het e-mailadres in waarmee je hebt besteld. Je ziet dan direct de betaal- en verzendstatus. Heb je een account, dan vind je je bestellingen ook in je accountoverzicht.',
    searchWords: 'bestelstatus, orderstatus, bestelling volgen, order volgen, waar is mijn bestelling, onderweg, status bekijken, bestelnummer opzoeken',
  },
  {
    category: 'Bestellen',
    question: 'Krijg ik korting als ik me aanmeld voor de nieuwsbrief?',
    answer:
      'Ja, bij je aanmelding voor de nieuwsbrief ontvang je 10% korting op je bestelling. Afmelden kan altijd via de link onderaan elke nieuwsbrief.',
    searchWords: 'kortingscode, korting, aanbieding, actie, couponcode, welkomstkorting, 10 procent, nieuwsbrief, inschrijven nieuwsbrief, afmelden nieuwsbrief, mailinglijst',
  },
  {
    category: 'Bestellen',
    question: 'Hoe snel reageert de klantenservice?',
    answer:
      'Stuur je vraag via /contact, dan krijg je binnen 24 uur antwoord in het Nederlands. Vermeld je bestelnummer als je vraag over een bestelling gaat, dan kunnen we je sneller helpen.',
    searchWords: 'reactie, reactietijd, antwoord krijgen, bereikbaarheid, helpdesk, support, klantendienst, medewerker, vraag stellen',
  },

  // Betalen
  {
    category: 'Betalen',
    question: 'Welke betaalmethoden kan ik gebruiken?',
    answer:
      'Je kunt betalen via bankoverschrijving, contant per post of online via de beveiligde betaalpagina van onze betaalpartner. Je kiest je betaalmethode bij het afrekenen.',
    searchWords: 'betaalmogelijkheden, betaalopties, betaalwijze, hoe kan ik betalen, ideal, paypal, creditcard, bancontact, achteraf betalen, bitcoin, crypto',
  },
  {
    category: 'Betalen',
    question: 'Hoe werkt betalen per bankoverschrijving?',
    answer:
      'Na je bestelling zie je onze bankgegevens en het bedrag. Gebruik je bestelnummer als betalingskenmerk en betaal binnen 7 dagen. Daarna vervalt de bestelling en komen de gereserveerde artikelen weer vrij.',
    searchWords: 'overmaken, overboeken, bank, betalingskenmerk, omschrijving overschrijving, betaaltermijn, binnen hoeveel dagen betalen, bestelling vervallen, te laat betaald, reservering',
  },
  {
    category: 'Betalen',
    question: 'Kan ik contant betalen?',
    answer:
      'Ja, na het bestellen tonen we je de instructies om contant geld per post te sturen. Doe het geld samen met je bestelnummer in een aangetekende brief; niet-aangetekende verzending is op eigen risico.',
    searchWords: 'cash, contant geld, geld opsturen, geld in envelop, aangetekende brief, anoniem betalen, zonder bank, briefje geld',
  },
  {
    category: 'Betalen',
    question: 'Mijn betaling is mislukt. Wat nu?',
    answer:
      'Er is dan geen geld afgeschreven en je hoeft niet opnieuw te bestellen. Je kunt op dezelfde bestelling een andere betaalmethode kiezen. Lukt het niet, neem dan contact op via /contact.',
    searchWords: 'betalen lukt niet, betaling gaat niet, betaling geweigerd, foutmelding bij betalen, betaling afgebroken, niet gelukt, opnieuw betalen, andere betaalmethode',
  },
  {
    category: 'Betalen',
    question: 'Zien jullie mijn kaartgegevens?',
    answer:
      'Nee. Online betalingen lopen via een beveiligde betaalpagina van onze betaalpartner. Wij zien en bewaren je kaartgegevens nooit en krijgen alleen te horen of de betaling is gelukt.',
    searchWords: 'veilig betalen, creditcardgegevens, bankpas, pasgegevens, gegevens opslaan, beveiliging, betrouwbaar, fraude, privacy betaling',
  },

  // Verzending
  {
    category: 'Verzending',
    question: 'Wat kost verzending?',
    answer:
      'De verzendkosten hangen af van je land en de gekozen verzendoptie; je ziet ze in je winkelwagen voordat je betaalt. Vanaf € 50 verzenden we gratis, of vanaf een vergelijkbaar bedrag als je in een andere valuta betaalt.',
    searchWords: 'verzendkosten, portokosten, porto, gratis verzending, gratis verzenden, bezorgkosten, leveringskosten, wat kost opsturen',
  },
  {
    category: 'Verzending',
    question: 'Wanneer wordt mijn bestelling verzonden?',
    answer:
      'Is je betaling op een werkdag vóór 14:00 binnen, dan gaat je bestelling dezelfde dag de deur uit. De verwachte levertijd voor jouw land zie je bij het afrekenen als een aantal werkdagen.',
    searchWords: 'levertijd, hoe lang duurt levering, bezorgtijd, wanneer in huis, wanneer komt mijn pakket, verzenddag, hoe snel, binnen hoeveel dagen, werkdagen',
  },
  {
    category: 'Verzending',
    question: 'Is de verpakking discreet?',
    answer:
      'Ja. We versturen in een neutrale envelop of doos zonder logo, productnaam of andere verwijzing naar de inhoud.',
    searchWords: 'anoniem, onopvallend, neutrale verpakking, geen logo, buren, postbode, ziet iemand wat erin zit, afzender, discreet verzenden',
  },
  {
    category: 'Verzending',
    question: 'Wat is het verschil tussen een verzekerd pakket en briefpost?',
    answer:
      'Een verzekerd pakket heeft track & trace, en raakt het zoek, dan sturen we je bestelling kosteloos opnieuw op. Standaard briefpost is voordeliger maar niet te volgen, waardoor we bij verlies geen herverzending kunnen garanderen.',
    searchWords: 'track en trace, volgnummer, verzekerd verzenden, verzekering, brievenbus, envelop, goedkoopste verzending, verzendopties, verzendmethode',
  },
  {
    category: 'Verzending',
    question: 'Naar welke landen verzenden jullie?',
    answer:
      'We verzenden naar Nederland, België en de rest van Europa, Duitsland, Frankrijk, Oostenrijk, Zwitserland, het Verenigd Koninkrijk, de Verenigde Staten, Canada, Australië en Nieuw-Zeeland. Controleer wel altijd zelf of cannabiszaden in jouw land als souvenir toegestaan zijn.',
    searchWords: 'buitenland, leveren jullie naar, bezorgen in, internationaal, europa, wereldwijd, welk land, verzendlanden, verzenden naar mijn land',
  },

  // Zaden & bewaren
  {
    category: 'Zaden & bewaren',
    question: 'Wat is het verschil tussen feminized, regular en autoflower?',
    answer:
      'Regular zaden zijn de natuurlijke vorm en kunnen zowel mannelijke als vrouwelijke planten opleveren. Feminized zaden zijn zo veredeld dat ze vrijwel alleen vrouwelijke genetica bevatten. Autoflowers gaan op basis van hun leeftijd bloeien in plaats van door een veranderende daglengte.',
    searchWords: 'vrouwelijke zaden, mannetjes, mannelijke planten, fem, auto, autoflowering, soorten zaden, welke zaden kiezen, verschil zaadsoorten, fotoperiode',
  },
  {
    category: 'Zaden & bewaren',
    question: 'Hoe bewaar ik zaden het best?',
    answer:
      'Bewaar zaden koel, donker en droog. Een luchtdichte pot of doos in de koelkast werkt goed, eventueel met een zakje silicagel tegen vocht. Vermijd grote temperatuurschommelingen en open de verpakking zo min mogelijk.',
    searchWords: 'opslaan, koelkast, vriezer, koel bewaren, vocht, zaadjes opbergen, temperatuur, donker bewaren',
  },
  {
    category: 'Zaden & bewaren',
    question: 'Hoe lang blijven zaden goed?',
    answer:
      'Goed bewaarde zaden blijven meestal meerdere jaren vitaal, al neemt de kiemkracht langzaam af naarmate ze ouder worden. Koel, donker en droog bewaren in een luchtdichte verpakking maakt het grootste verschil.',
    searchWords: 'houdbaarheid, houdbaar, over de datum, oude zaden, vervaldatum, hoe oud, kiemkracht, jaren bewaren, nog goed',
  },
  {
    category: 'Zaden & bewaren',
    question: 'Mag ik de zaden kweken?',
    answer:
      'Wij verkopen onze zaden uitsluitend als souvenir en om te bewaren. Of kweken is toegestaan, hangt af van de wetgeving in je land; jij bent er zelf verantwoordelijk voor dat je je daaraan houdt.',
    searchWords: 'legaal, wet, toegestaan, mag het, strafbaar, thuis kweken, planten, zaaien, wetgeving, verboden',
  },

  // Account
  {
    category: 'Account',
    question: 'Heb ik een account nodig om te bestellen?',
    answer:
      'Nee, je kunt ook zonder account bestellen en je bestelling volgen via /order-status met je bestelnummer en e-mailadres. Met een account zie je wel al je bestellingen op één plek.',
    searchWords: 'registreren, account aanmaken, als gast bestellen, zonder inloggen, gastaccount, inloggen verplicht',
  },
  {
    category: 'Account',
    question: 'Hoe gebruik ik de verlanglijst?',
    answer:
      'Voor de verlanglijst heb je een account nodig. Log in en voeg bij een soort het product toe aan je verlanglijst, zodat je het later snel terugvindt.',
    searchWords: 'wensenlijst, favorieten, bewaren voor later, hartje, wishlist, lijstje, opslaan voor later',
  },
  {
    category: 'Account',
    question: 'Hoe verwijder ik mijn account?',
    answer:
      'Stuur ons een verzoek via /contact vanaf het e-mailadres van je account. We verwijderen je accountgegevens; bestelgegevens bewaren we alleen zolang de wet dat verplicht.',
    searchWords: 'account opzeggen, account opheffen, gegevens wissen, mijn gegevens verwijderen, profiel verwijderen, avg, account weg',
  },

  // Retour & garantie
  {
    category: 'Retour & garantie',
    question: 'Kan ik mijn bestelling retourneren?',
    answer:
      'Ja, binnen 14 dagen na ontvangst, zolang de originele verpakking ongeopend en verzegeld is. Meld je retour eerst aan via /contact met je bestelnummer; de retourkosten zijn voor jouw rekening.',
    searchWords: 'terugsturen, retour, ruilen, omruilen, bedenktijd, herroepingsrecht, retourkosten, spijt van aankoop, niet tevreden',
  },
  {
    category: 'Retour & garantie',
    question: 'Waarom kan ik een geopende zaadverpakking niet terugsturen?',
    answer:
      'Zaden worden verzegeld om hun versheid en kwaliteit te bewaken. Na het openen kunnen we niet meer garanderen dat ze goed bewaard zijn, dus nemen we geopende verpakkingen om hygiëne- en kwaliteitsredenen niet retour.',
    searchWords: 'open verpakking, zakje open, verzegeling verbroken, seal kapot, al geopend terugsturen, hygiëne',
  },
  {
    category: 'Retour & garantie',
    question: 'Ik heb een beschadigd of verkeerd product ontvangen. Wat doe ik?',
    answer:
      'Meld het binnen 14 dagen via /contact met je bestelnummer en een foto. We lossen het op onze kosten op: je krijgt de juiste zaden nagestuurd of je geld terug.',
    searchWords: 'kapot, stuk, gebroken zaden, verkeerde soort, fout geleverd, verkeerd geleverd, ontbreekt, te weinig zaden, geplet, mist iets',
  },
  {
    category: 'Retour & garantie',
    question: 'Wanneer krijg ik mijn geld terug?',
    answer:
      'We betalen binnen 14 dagen terug via je oorspronkelijke betaalmethode. Heb je contant per post betaald, dan storten we het bedrag op een bankrekening die je aan ons doorgeeft.',
    searchWords: 'terugbetaling, refund, terugstorting, geld teruggestort, wanneer terugbetaald, hoe lang duurt terugbetalen, geld retour',
  },
  {
    category: 'Retour & garantie',
    question: 'Hebben jullie een kiemgarantie?',
    answer:
      'Ja, als kiemen in jouw land is toegestaan en een deel van je zaden niet kiemt, krijg je vervanging of een terugbetaling van dat deel. Meld het binnen 60 dagen na ontvangst via /contact, met je bestelnummer, een beschrijving van je methode en een foto; de zaden moeten koel, donker en droog zijn bewaard.',
    searchWords: 'ontkiemen, kiemt niet, zaden doen niets, vervanging, slechte zaden, kiempercentage, garantie, niet gekiemd',
  },
];
