// Collections (SPEC §3), blog categories, settings values and redirect rules.

export const collectionSeeds = [
  { slug: 'hoog-thc', name: 'Hoog THC', icon: 'flame', description: 'Soorten met de hoogste gemeten THC-waarden uit onze collectie.' },
  { slug: 'hoge-opbrengst', name: 'Hoge opbrengst', icon: 'wheat', description: 'Genetica die bekendstaat om royale oogsten, binnen én buiten.' },
  { slug: 'snelle-bloei', name: 'Snelle bloei', icon: 'timer', description: 'Soorten met een korte bloeitijd, ideaal voor wie niet graag wacht.' },
  { slug: 'hoog-cbd', name: 'Hoog CBD', icon: 'leaf', description: 'CBD-rijke soorten met een mild en evenwichtig profiel.' },
  { slug: 'makkelijk-te-kweken', name: 'Makkelijk te kweken', icon: 'sprout', description: 'Vergevingsgezinde genetica, geschikt voor beginnende verzamelaars.' },
  { slug: 'nieuwste-soorten', name: 'Nieuwste soorten', icon: 'sparkles', description: 'Net binnen: de nieuwste aanwinsten in ons assortiment.' },
  { slug: 'bestsellers', name: 'Bestsellers', icon: 'trophy', description: 'De soorten die onze klanten het vaakst kiezen.' },
  { slug: 'landrace', name: 'Landrace', icon: 'mountain', description: 'Oorspronkelijke soorten uit hun natuurlijke leefgebied.' },
];

export const postCategorySeeds = [
  { slug: 'soortenprofielen', name: 'Soortenprofielen', description: 'De herkomst, geschiedenis en eigenschappen van bekende soorten, en hoe je een soortprofiel leest.' },
  { slug: 'genetica', name: 'Genetica', description: 'Feminized, regular en autoflower, terpenen en veredeling: de achtergrond van elke soort.' },
  { slug: 'bewaren', name: 'Zaden bewaren', description: 'Zo blijft je collectie jarenlang in topconditie: temperatuur, vocht, licht en verpakking.' },
  { slug: 'wet-en-regelgeving', name: 'Wet & regelgeving', description: 'Wat de Nederlandse en Europese regels zeggen over cannabiszaden, helder uitgelegd.' },
  { slug: 'nieuws', name: 'Nieuws', description: 'Nieuws over Kiemkracht en ons assortiment.' },
];

const filter = (id: string, name: string, isPublic = true) => ({ id, name, public: isPublic });

export const settingSeeds: Record<string, unknown> = {
  logo_alt: 'Kiemkracht — cannabiszaden voor verzamelaars',
  max_seeds_per_cart: 100,
  // Where bank transfers and cash by mail go (shown in the payment instructions).
  bank_account: { name: 'Kiemkracht B.V.', iban: 'NL44 RABO 0123 4567 89', bic: 'RABONL2U' },
  // The customer-service inbox: /contact messages go here (ADR 012).
  support_email: 'klantenservice@kiemkracht.nl',
  cash_address: ['Kiemkracht B.V.', 'Afdeling betalingen', 'Postbus 10432', '1001 EK Amsterdam', 'Nederland'],
  payment_options: [
    { id: 'bank_transfer', name: 'Bankoverschrijving', description: 'Betaal binnen 7 dagen met je bestelnummer als kenmerk.' },
    { id: 'online', name: 'Online betalen', description: 'Betaal direct via de beveiligde betaalpagina van onze betaalpartner.' },
    { id: 'cash_by_mail', name: 'Contant per post', description: 'Stuur het bedrag aangetekend op; je krijgt de instructies na het bestellen.' },
  ],
  // Filter groups of /product and collection pages. `param` is the URL parameter; options groups
  // allow several values, min/max groups take one preset. Non-public filters are kept but not shown.
  product_filters: {
    filterGroups: [
      { id: 'identity', name: 'Soort', kind: 'options', param: 'soort', filters: [filter('feminized', 'Feminized'), filter('regular', 'Regular'), filter('autoflower', 'Autoflower'), filter('photoperiod', 'Fotoperiode')] },
      { id: 'type', name: 'Type', kind: 'options', param: 'type', filters: [filter('indica', 'Indica'), filter('mostly_indica', 'Overwegend indica'), filter('hybrid', 'Hybride'), filter('mostly_sativa', 'Overwegend sativa'), filter('sativa', 'Sativa')] },
      { id: 'thc', name: 'THC', kind: 'min', param: 'thc-min', filters: [filter('10', 'Minstens 10%'), filter('15', 'Minstens 15%'), filter('20', 'Minstens 20%'), filter('25', 'Minstens 25%')] },
      { id: 'cbd', name: 'CBD', kind: 'min', param: 'cbd-min', filters: [filter('1', 'Minstens 1%'), filter('5', 'Minstens 5%'), filter('10', 'Minstens 10%')] },
      { id: 'flowering', name: 'Bloeitijd', kind: 'max', param: 'bloeitijd', filters: [filter('56', 'Hoogstens 8 weken'), filter('63', 'Hoogstens 9 weken'), filter('70', 'Hoogstens 10 weken'), filter('84', 'Hoogstens 12 weken')] },
      { id: 'yield', name: 'Opbrengst binnen', kind: 'min', param: 'opbrengst', filters: [filter('400', 'Minstens 400 g/m²'), filter('500', 'Minstens 500 g/m²'), filter('600', 'Minstens 600 g/m²')] },
      { id: 'height', name: 'Hoogte binnen', kind: 'max', param: 'hoogte', filters: [filter('80', 'Tot 80 cm'), filter('120', 'Tot 120 cm'), filter('160', 'Tot 160 cm')] },
      { id: 'climate', name: 'Klimaat', kind: 'options', param: 'klimaat', filters: [filter('arid', 'Droog'), filter('mediterranean', 'Mediterraan'), filter('mountains', 'Bergen'), filter('polar', 'Poolklimaat', false), filter('temperate', 'Gematigd'), filter('tropical', 'Tropisch')] },
      { id: 'difficulty', name: 'Moeilijkheid', kind: 'options', param: 'moeilijkheid', filters: [filter('beginner', 'Beginner'), filter('advanced', 'Gevorderd'), filter('expert', 'Expert')] },
      { id: 'effect', name: 'Effect', kind: 'options', param: 'effect', filters: ['ontspannend', 'euforisch', 'creatief', 'energiek', 'gefocust', 'slaperig', 'vrolijk', 'kalmerend', 'sociaal', 'hongerig'].map((e) => filter(e, e[0]!.toUpperCase() + e.slice(1))) },
      { id: 'flavour', name: 'Smaak', kind: 'options', param: 'smaak', filters: ['aards', 'zoet', 'citrus', 'citroen', 'bessen', 'druif', 'kruidig', 'pijnboom', 'diesel', 'kaas', 'tropisch fruit', 'ananas', 'vanille', 'hasj', 'peper', 'bloemig', 'mint', 'koffie', 'wierook', 'honing'].map((f) => filter(f, f[0]!.toUpperCase() + f.slice(1))) },
    ],
  },
};

// SPEC §2 lists /test123 without a purpose; we send it home (ADR 0004).
export const redirectSeeds = [
  { fromPath: '/test123', target: '/', status: 301 },
  { fromPath: '/collections', target: '/collections/all', status: 301 },
];
