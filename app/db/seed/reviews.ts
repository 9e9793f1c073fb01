// Demo reviews (ADR 013): written Dutch texts, a few translated from English or German with the original
// kept. Which strain gets which text, rating, author, date, verified flag and helpful count is decided by a
// seeded random generator, so every seeded database is the same. Products' rating_avg/review_count are then
// derived from these rows by refreshProductRatings, never typed in.
import { inArray, sql } from 'drizzle-orm';
import { refreshProductRatings } from '../../modules/reviews/reviews.server.ts';
import type { Db } from '../client.server.ts';
import * as s from '../schema/index.ts';
import type { StrainSeed } from './strain-types.ts';

type Vars = { naam: string; smaken: string; effect: string; veredelaar: string; dagen: string; type: string };
type Text = { rating: 1 | 2 | 3 | 4 | 5; title: string; body: string };
type Translated = Text & { language: 'en' | 'de'; originalTitle: string; originalBody: string };

const fill = (s: string, v: Vars) => s.replace(/\{(\w+)\}/g, (_, k: keyof Vars) => v[k]);

// 39 texts. Placeholders: {naam} strain, {smaken} "zoet, aards en pijnboom", {effect} its first effect,
// {veredelaar} breeder, {dagen} "49 tot 56", {type} "overwegend indica".
const dutch: Text[] = [
  {
    rating: 5,
    title: 'Eindelijk compleet',
    body: 'Met {naam} is mijn rijtje {type}-klassiekers compleet. Vlot geleverd, en het etiket vermeldt netjes de veredelaar ({veredelaar}). Precies wat je als verzamelaar wilt.',
  },
  {
    rating: 5,
    title: 'Cadeau voor mijn vader',
    body: 'Mijn vader verzamelt al sinds de jaren tachtig en was blij verrast met {naam}. De verpakking zag er verzorgd uit, niet goedkoop. Hij heeft ze direct in zijn archiefkist gelegd.',
  },
  {
    rating: 5,
    title: 'Zelfs sneller dan beloofd',
    body: 'Vrijdag besteld, zaterdag al binnen. Zaden zijn gaaf en egaal. Ik vind het fijn dat de site eerlijk vermeldt dat ze als souvenir worden verkocht, dat geeft vertrouwen.',
  },
  {
    rating: 5,
    title: 'Fijne winkel om mee te werken',
    body: 'Klein foutje in mijn adres gemaakt, binnen een uur gecorrigeerd door de klantenservice. {naam} kwam keurig aan, met een handgeschreven bedankje erbij. Dat zie je niet vaak meer.',
  },
  {
    rating: 5,
    title: 'Sterke genetica, mooie documentatie',
    body: 'De pagina over {naam} is uitgebreider dan die van de meeste zaadbanken: afstamming, terpenen en een smaakprofiel van {smaken}. De zaden zelf zien er prima uit.',
  },
  {
    rating: 4,
    title: 'Goed, al had ik liever regular',
    body: 'Mooie zaden van {naam}, netjes geleverd. Voor mijn verzameling had ik liever ook een reguliere variant gezien, maar dat is persoonlijk. Verder helemaal in orde.',
  },
  {
    rating: 4,
    title: 'Degelijk',
    body: 'Geen verrassingen, in positieve zin. Bestelling klopte, levering binnen drie dagen, zaden donker en hard. Eén ster minder omdat de track-and-trace pas een dag later werkte.',
  },
  {
    rating: 4,
    title: 'Mooie lijn voor de collectie',
    body: '{naam} stond op mijn lijst vanwege het karakter dat vaak wordt beschreven: {effect}. Zaden zien er gezond uit. De prijs per zaadje in het grote pakje is gunstig.',
  },
  {
    rating: 4,
    title: 'Netjes, kleine opmerking',
    body: 'Alles kwam heel aan. Het enige wat ik mis is een bewaaradvies op het etiket zelf; dat staat nu alleen op de website. Kwaliteit van de zaden is goed.',
  },
  {
    rating: 3,
    title: 'Prima zaden, trage mail',
    body: 'De zaden van {naam} zijn in orde, maar mijn vraag over de betaling bleef twee dagen liggen. Binnen 24 uur antwoorden lukte dit keer niet.',
  },
  {
    rating: 3,
    title: 'Niet helemaal wat ik verwachtte',
    body: 'Ik had op grond van de foto’s grotere zaden verwacht. Ze zien er wel gezond uit. Verzending was snel en discreet.',
  },
  {
    rating: 2,
    title: 'Verkeerd aantal',
    body: 'Besteld: vijf zaadjes, ontvangen: vier. Na een mail kreeg ik het ontbrekende zaadje nagestuurd, maar het had gewoon goed moeten gaan.',
  },
  {
    rating: 1,
    title: 'Niet ontvangen',
    body: 'Mijn pakket is onderweg zoekgeraakt. Het geld kreeg ik na twee weken terug, maar {naam} heb ik nog steeds niet. Jammer, want de site maakte een goede indruk.',
  },
  {
    rating: 5,
    title: 'Precies wat ik zocht',
    body: 'Al jaren op zoek naar een betrouwbare bron voor {naam}. De zaden zijn donker, stevig en mooi getekend, en kwamen binnen twee dagen in een stevig buisje. Ligt nu in de koelkast bij de rest van mijn verzameling.',
  },
  {
    rating: 5,
    title: 'Klassieker die in elke verzameling hoort',
    body: 'Over {naam} is al zoveel geschreven dat ik hem niet kon missen. De beschrijving op de site klopt met wat ik elders lees: {smaken}. Netjes verpakt, duidelijke etikettering met de batch erop. Top.',
  },
  {
    rating: 5,
    title: 'Snel en discreet',
    body: 'Zondagavond besteld, dinsdag in de brievenbus. Niets aan de buitenkant te zien. De zaadjes van {naam} zitten in een klein hard doosje met een droogzakje erbij, dat vind ik een mooi detail.',
  },
  {
    rating: 5,
    title: 'Mooie, volle zaden',
    body: 'Ik let altijd op hoe zaden eruitzien en deze zijn echt in orde: rond, hard, met een gaaf tijgerpatroon. Geen bleke of gebarsten exemplaren ertussen. {veredelaar} levert hier goed werk.',
  },
  {
    rating: 5,
    title: 'Tweede keer besteld, weer perfect',
    body: 'Vorig jaar een pakje van vijf gekocht, nu de tien. Zelfde kwaliteit, zelfde nette verpakking. Het profiel – {effect}, {type} – is precies waarom ik deze lijn wilde hebben.',
  },
  {
    rating: 5,
    title: 'Goede uitleg en goede service',
    body: 'Ik had een vraag over bewaren en kreeg binnen een paar uur een helder antwoord van de klantenservice: koel, donker en droog, en niet te vaak de koelkast open. De zaden van {naam} zelf zijn prachtig.',
  },
  {
    rating: 5,
    title: 'Geweldige geschiedenis',
    body: 'Wat mij aan {naam} trekt is de afstamming. De site legt dat goed uit, beter dan de meeste winkels. Levering was vlot en het gratis extra zaadje was een leuke verrassing.',
  },
  {
    rating: 5,
    title: 'Alles klopt',
    body: 'Juiste aantal zaden, netjes geseald, factuur zonder opvallende omschrijving. Meer hoeft een webshop niet te doen, en dat doen ze hier gewoon goed. {naam} is een aanwinst.',
  },
  {
    rating: 5,
    title: 'Beste aankoop dit jaar',
    body: 'Ik verzamel vooral {type}-lijnen en {naam} stond al lang op mijn lijstje. De bloeitijd van {dagen} dagen die ze opgeven komt overeen met wat ik in oude kweekverslagen heb gelezen. Heel tevreden.',
  },
  { rating: 5, title: 'Keurig', body: 'Kort en goed: snelle levering, mooie zaden, nette verpakking. Zou {naam} zo weer hier bestellen.' },
  {
    rating: 5,
    title: 'Een plaatje',
    body: 'De zaden zijn groot en egaal van kleur. Het buisje heeft een schroefdop en een etiket met naam en datum, zodat ik ze makkelijk kan archiveren. Zo hoort het.',
  },
  {
    rating: 4,
    title: 'Goede zaden, levering iets trager',
    body: 'De zaden van {naam} zien er uitstekend uit. Levering duurde vier werkdagen in plaats van twee, maar ze waren wel goed ingepakt. Daarom vier sterren.',
  },
  {
    rating: 4,
    title: 'Fijne soort, prijs mag iets lager',
    body: 'Over de kwaliteit geen klagen: gave, donkere zaden. Voor een pakje van drie vind ik de prijs wel aan de hoge kant vergeleken met andere lijnen. Het profiel ({smaken}) maakt veel goed.',
  },
  {
    rating: 4,
    title: 'Netjes, één zaadje kleiner',
    body: 'In mijn pakje van vijf zat één zaadje dat duidelijk kleiner was dan de rest. De andere vier zijn perfect. Verder niets dan lof over de verpakking en de snelheid.',
  },
  {
    rating: 4,
    title: 'Betrouwbaar adres',
    body: 'Derde bestelling bij Kiemkracht, dit keer {naam}. Alles zoals verwacht. Ik mis alleen wat meer informatie over het oogstjaar van de batch op het etiket.',
  },
  {
    rating: 4,
    title: 'Mooi profiel',
    body: 'Ik koos {naam} vanwege de beschrijving: {effect} en een geurprofiel van {smaken}. De zaden zien er gezond uit. Eén ster minder omdat de bevestigingsmail even op zich liet wachten.',
  },
  {
    rating: 4,
    title: 'Prima, maar verpakking kan duurzamer',
    body: 'Zaden in orde, levering snel. Het plastic buisje in een plastic zakje in een kartonnen doos is wel wat veel. Verder een aanrader.',
  },
  {
    rating: 4,
    title: 'Goede keuze voor een beginnende verzamelaar',
    body: 'Mijn eerste bestelling en het was makkelijker dan gedacht. De site legt het verschil tussen feminized, regular en autoflower helder uit. {naam} was een logische eerste aanwinst.',
  },
  {
    rating: 4,
    title: 'Zoals beschreven',
    body: 'Ontvangen wat ik besteld heb, in goede staat. Niet spectaculair, gewoon degelijk. De informatie over {veredelaar} op de site vond ik interessant.',
  },
  {
    rating: 3,
    title: 'Zaden goed, communicatie matig',
    body: 'De zaden van {naam} zien er prima uit. Alleen kreeg ik pas na een mailtje een track-and-tracecode. Dat mag beter.',
  },
  {
    rating: 3,
    title: 'Gemengd gevoel',
    body: 'Twee zaadjes zijn mooi donker, de derde is lichter van kleur en voelt wat zachter aan. Ik bewaar ze apart en houd het in de gaten. Klantenservice reageerde wel vriendelijk.',
  },
  {
    rating: 3,
    title: 'Redelijk',
    body: 'Niets mis mee, maar ook niet bijzonder. Levering duurde een week door de feestdagen. Voor {naam} had ik wat meer achtergrondinformatie verwacht.',
  },
  {
    rating: 3,
    title: 'Oké voor de prijs',
    body: 'Je krijgt waarvoor je betaalt. De zaden zien er normaal uit, de verpakking is eenvoudig. Voor een klassieker als {naam} had ik iets meer verwacht van de presentatie.',
  },
  {
    rating: 2,
    title: 'Pakketje beschadigd',
    body: 'De doos kwam ingedeukt aan en het buisje was gebarsten. De zaden zelf leken heel. Klantenservice bood een tegoedbon aan, maar dit had beter ingepakt moeten worden.',
  },
  {
    rating: 2,
    title: 'Lang gewacht',
    body: 'Bijna twee weken op mijn bestelling gewacht, zonder bericht tussendoor. De zaden van {naam} zijn in orde, maar de service viel tegen.',
  },
  {
    rating: 1,
    title: 'Verkeerde soort ontvangen',
    body: 'Ik bestelde {naam} maar kreeg een ander etiket in de doos. Na contact is het wel rechtgezet, maar het kostte me een week en twee mails.',
  },
];

const translated: Translated[] = [
  {
    rating: 5,
    language: 'en',
    title: 'Uitstekende kwaliteit, snel in Engeland',
    body: 'Besteld vanuit Manchester en binnen vijf dagen binnen. De zaden van {naam} zijn groot en donker, en de verpakking was volkomen discreet. Ik kom zeker terug.',
    originalTitle: 'Excellent quality, fast shipping to the UK',
    originalBody:
      'Ordered from Manchester and it arrived within five days. The {naam} seeds are large and dark, and the packaging was completely discreet. Will definitely be back.',
  },
  {
    rating: 4,
    language: 'en',
    title: 'Solide lijn, mooie presentatie',
    body: 'Ik verzamel al tien jaar en {naam} ontbrak nog. De zaden zien er gezond uit en het etiket is duidelijk. Verzending naar Ierland duurde een paar dagen langer dan verwacht.',
    originalTitle: 'Solid line, nice presentation',
    originalBody:
      'I have been collecting for ten years and {naam} was still missing. The seeds look healthy and the label is clear. Shipping to Ireland took a few days longer than expected.',
  },
  {
    rating: 5,
    language: 'en',
    title: 'Precies zoals beschreven',
    body: 'De omschrijving – {smaken} – komt overeen met alles wat ik over deze lijn heb gelezen. Snelle reactie van de klantenservice toen ik een vraag had over de douane.',
    originalTitle: 'Exactly as described',
    originalBody:
      'The description – {smaken} – matches everything I have read about this line. Quick reply from customer service when I had a question about customs.',
  },
  {
    rating: 3,
    language: 'en',
    title: 'Goede zaden, hoge verzendkosten',
    body: 'Aan de zaden zelf ligt het niet, die zijn prima. Maar de verzendkosten naar Canada zijn flink, en de levering duurde bijna drie weken.',
    originalTitle: 'Good seeds, steep shipping',
    originalBody: 'Nothing wrong with the seeds themselves, they are fine. But shipping to Canada is expensive, and delivery took almost three weeks.',
  },
  {
    rating: 5,
    language: 'de',
    title: 'Zeer tevreden',
    body: 'Bestelling naar Keulen kwam in drie dagen aan. Prachtige zaden van {naam}, sterk verpakt en met een droogzakje. Een echte aanwinst voor mijn collectie.',
    originalTitle: 'Sehr zufrieden',
    originalBody:
      'Die Bestellung nach Köln kam in drei Tagen an. Wunderschöne Samen von {naam}, stabil verpackt und mit einem Trockenbeutel. Eine echte Bereicherung für meine Sammlung.',
  },
  {
    rating: 4,
    language: 'de',
    title: 'Goede kwaliteit, duidelijke informatie',
    body: 'De productpagina geeft meer informatie dan de meeste winkels, vooral over de afstamming. De zaden zijn in orde. Alleen de site in het Duits zou handig zijn.',
    originalTitle: 'Gute Qualität, klare Informationen',
    originalBody:
      'Die Produktseite bietet mehr Informationen als die meisten Shops, vor allem zur Abstammung. Die Samen sind in Ordnung. Nur eine deutsche Version der Seite wäre praktisch.',
  },
];

const firstNames = [
  'Sanne',
  'Daan',
  'Lotte',
  'Bram',
  'Fleur',
  'Jeroen',
  'Eva',
  'Thijs',
  'Noor',
  'Ruben',
  'Iris',
  'Joost',
  'Femke',
  'Wouter',
  'Anouk',
  'Koen',
  'Marloes',
  'Sem',
  'Ilse',
  'Pieter',
  'Maaike',
  'Tom',
  'Lieke',
  'Gijs',
  'Esther',
  'Niels',
  'Yara',
  'Stijn',
  'Hanneke',
  'Jasper',
  'Mehmet',
  'Priya',
  'Karim',
  'Sofie',
  'Wim',
  'Annelies',
];
const foreignNames = { en: ['Mark', 'Sarah', 'James', 'Olivia', 'Liam', 'Chloe'], de: ['Jonas', 'Lena', 'Matthias', 'Katrin'] };
const initials = 'BDGHJKLMPRSTVWZ';

export type ReviewSeed = {
  seedKey: string;
  slug: string;
  authorName: string;
  rating: number;
  title: string;
  body: string;
  language: 'nl' | 'en' | 'de';
  originalTitle: string | null;
  originalBody: string | null;
  verified: boolean;
  helpfulCount: number;
  createdAt: Date;
};

// Deterministic pseudo-random numbers from a text (the same generator as the catalogue's stock).
function rng(seedText: string) {
  let h = 2166136261;
  for (const ch of seedText) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

const typeWords: Record<StrainSeed['type'], string> = {
  indica: 'indica',
  mostly_indica: 'overwegend indica',
  hybrid: 'hybride',
  mostly_sativa: 'overwegend sativa',
  sativa: 'sativa',
};
const list = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`);

/** How many demo reviews a strain gets: several for popular strains, none for a few of the least known. */
export function reviewCountFor(st: Pick<StrainSeed, 'popularity'>): number {
  const p = st.popularity;
  return p >= 95 ? 12 : p >= 90 ? 9 : p >= 85 ? 7 : p >= 80 ? 5 : p >= 70 ? 4 : p >= 60 ? 2 : p >= 45 ? 1 : 0;
}

/** Days before this date the reviews are dated (and never before the strain joined the shop). */
const REVIEW_DATE = Date.UTC(2026, 10, 20, 12);
const DAY = 86_400_000;

/**
 * The demo reviews for these strains. Each strain's ratings are drawn around its catalogue rating (`rating`,
 * average × 10), so a well-loved strain gets mostly fours and fives and the odd critical voice.
 */
export function reviewSeeds(strains: StrainSeed[]): ReviewSeed[] {
  const out: ReviewSeed[] = [];
  const textUse: number[] = [];
  for (const st of strains) {
    const n = reviewCountFor(st);
    const rand = rng(`reviews:${st.slug}`);
    const vars: Vars = {
      naam: st.name,
      smaken: list(st.flavours),
      effect: st.effects[0] ?? 'ontspannend',
      veredelaar: st.breeder,
      dagen: `${st.floweringDays[0]} tot ${st.floweringDays[1]}`,
      type: typeWords[st.type],
    };
    const usedTexts = new Set<number>();
    const usedTranslations = new Set<Translated>();
    const usedNames = new Set<string>();
    for (let i = 0; i < n; i++) {
      // Aim at the strain's rating: P(5) grows with it, and about one in ten reviews is critical.
      const r = rand();
      const target = st.rating / 10;
      const rating = r < 0.06 ? (rand() < 0.5 ? 2 : 1) : r < 0.14 ? 3 : r < 0.14 + (5 - target) * 0.9 ? 4 : 5;
      const foreign = rand() < 0.12;
      let text: Text & Partial<Translated>;
      if (foreign) {
        const options = translated.filter((t) => Math.abs(t.rating - rating) <= 1 && !usedTranslations.has(t));
        text = options[Math.floor(rand() * options.length)] ?? translated.find((t) => !usedTranslations.has(t))!;
        usedTranslations.add(text as Translated);
      } else {
        // The rating's own texts first; when a strain has used them all, the nearest rating's.
        const unused = dutch.map((t, idx) => ({ t, idx })).filter(({ idx }) => !usedTexts.has(idx));
        const nearest = Math.min(...unused.map(({ t }) => Math.abs(t.rating - rating)));
        const options = unused.filter(({ t }) => Math.abs(t.rating - rating) === nearest);
        // Across strains the least used text goes first, so a shop-wide page rarely shows the same text twice.
        const fewest = Math.min(...options.map(({ idx }) => textUse[idx] ?? 0));
        const least = options.filter(({ idx }) => (textUse[idx] ?? 0) === fewest);
        const pick = least[Math.floor(rand() * least.length)]!;
        textUse[pick.idx] = fewest + 1;
        usedTexts.add(pick.idx);
        text = pick.t;
      }
      const language = text.language ?? 'nl';
      let authorName: string;
      do {
        const names = language === 'nl' ? firstNames : foreignNames[language];
        authorName = `${names[Math.floor(rand() * names.length)]} ${initials[Math.floor(rand() * initials.length)]}.`;
      } while (usedNames.has(authorName));
      usedNames.add(authorName);
      const maxAge = Math.max(10, Math.min(st.addedDaysAgo - 12, 720));
      const daysAgo = 2 + Math.floor(rand() ** 1.6 * maxAge);
      out.push({
        seedKey: `${st.slug}:${i + 1}`,
        slug: st.slug,
        authorName,
        rating: text.rating,
        title: fill(text.title, vars),
        body: fill(text.body, vars),
        language,
        originalTitle: text.originalTitle ? fill(text.originalTitle, vars) : null,
        originalBody: text.originalBody ? fill(text.originalBody, vars) : null,
        verified: rand() < 0.65,
        // Most reviews get a few votes; older, longer ones more.
        helpfulCount: Math.floor(rand() ** 2.2 * (8 + daysAgo / 12)),
        createdAt: new Date(REVIEW_DATE - daysAgo * DAY - Math.floor(rand() * DAY)),
      });
    }
  }
  return out;
}

/**
 * Loads the demo reviews (upsert by seed key: re-seeding keeps ids, so votes stay attached; the helpful
 * count is only set on insert, so live votes are kept) and derives every product's rating from its reviews.
 */
export async function seedReviews(tx: Db, strains: StrainSeed[]) {
  const seeds = reviewSeeds(strains);
  const slugs = [...new Set(seeds.map((r) => r.slug))];
  const ids = new Map(
    (await tx.select({ id: s.products.id, slug: s.products.slug }).from(s.products).where(inArray(s.products.slug, slugs))).map((p) => [p.slug, p.id]),
  );
  // The demo reviews are the shop's own: not in the moderation queue.
  const rows = seeds.map(({ slug, ...r }) => ({ ...r, productId: ids.get(slug)!, updatedAt: r.createdAt, checkedAt: r.createdAt }));
  for (let i = 0; i < rows.length; i += 200) {
    await tx
      .insert(s.reviews)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: s.reviews.seedKey,
        set: {
          productId: sql`excluded.product_id`,
          authorName: sql`excluded.author_name`,
          rating: sql`excluded.rating`,
          title: sql`excluded.title`,
          body: sql`excluded.body`,
          language: sql`excluded.language`,
          originalTitle: sql`excluded.original_title`,
          originalBody: sql`excluded.original_body`,
          verified: sql`excluded.verified`,
          createdAt: sql`excluded.created_at`,
        },
      });
  }
  await refreshProductRatings(tx);
}
