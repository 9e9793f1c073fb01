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
  { slug: 'soortenprofielen', name: 'Soortenprofielen' },
  { slug: 'genetica', name: 'Genetica' },
  { slug: 'bewaren', name: 'Zaden bewaren' },
  { slug: 'nieuws', name: 'Nieuws' },
];

const filter = (id: string, name: string, isPublic = true) => ({ id, name, public: isPublic });

export const settingSeeds: Record<string, unknown> = {
  logo_alt: 'Kiemkracht — cannabiszaden voor verzamelaars',
  max_seeds_per_cart: 100,
  payment_options: [
    { id: 'bank_transfer', name: 'Bankoverschrijving', description: 'Betaal binnen 7 dagen met je bestelnummer als kenmerk.' },
    { id: 'online', name: 'Online betalen', description: 'Betaal direct via de beveiligde betaalpagina van onze betaalpartner.' },
    { id: 'cash_by_mail', name: 'Contant per post', description: 'Stuur het bedrag aangetekend op; je krijgt de instructies na het bestellen.' },
  ],
  product_filters: {
    filterGroups: [
      { id: 'identity', name: 'Soort', filters: [filter('feminized', 'Feminized'), filter('regular', 'Regular'), filter('autoflower', 'Autoflower'), filter('photoperiod', 'Fotoperiode')] },
      { id: 'type', name: 'Type', filters: [filter('indica', 'Indica'), filter('mostly-indica', 'Overwegend indica'), filter('hybrid', 'Hybride'), filter('mostly-sativa', 'Overwegend sativa'), filter('sativa', 'Sativa')] },
      { id: 'difficulty', name: 'Moeilijkheid', filters: [filter('beginner', 'Beginner'), filter('advanced', 'Gevorderd'), filter('expert', 'Expert')] },
      { id: 'climate', name: 'Klimaat', filters: [filter('arid', 'Droog'), filter('mediterranean', 'Mediterraan'), filter('mountains', 'Bergen'), filter('polar', 'Poolklimaat', false), filter('temperate', 'Gematigd'), filter('tropical', 'Tropisch')] },
    ],
  },
};

// SPEC §2 lists /test123 without a purpose; we send it home (ADR 0004).
export const redirectSeeds = [
  { fromPath: '/test123', target: '/', status: 301 },
  { fromPath: '/collections', target: '/collections/all', status: 301 },
];
