// Every page path of SPEC §2 and its place in the menus. A page is linked only
// when it has a route module (see routes.ts), so no link leads to a missing page.

// 'none': routed but not in the menus (e.g. a second address of a listing).
export type PageGroup = 'shop' | 'service' | 'about' | 'legal' | 'account' | 'none';
/**
 * Who may point a redirect rule at the page (ADR 055): content staff by default (content pages); 'owner' for
 * the shop's working pages; 'nobody' for a customer's own pages and their sub-paths (log-in, account,
 * registration, password, cart, checkout, order status and payment return), which a rule could phish.
 */
export type Redirectable = 'owner' | 'nobody';
export type SitePage = { path: string; group: PageGroup; module?: string; id?: string; redirectable?: Redirectable };

export const sitePages: SitePage[] = [
  { path: '/product', group: 'shop', module: 'routes/shop/products.tsx', redirectable: 'owner' },
  { path: '/collecties', group: 'shop', module: 'routes/shop/collections.tsx', redirectable: 'owner' },
  { path: '/collections/all', group: 'none', module: 'routes/shop/all-strains.tsx', redirectable: 'owner' },
  { path: '/seedfinder', group: 'shop', module: 'routes/shop/seedfinder.tsx', redirectable: 'owner' },
  { path: '/prijslijst', group: 'shop', module: 'routes/shop/price-list.tsx', redirectable: 'owner' },
  { path: '/kortingscodes', group: 'shop', module: 'routes/shop/coupons.tsx', redirectable: 'owner' },
  { path: '/beoordelingen', group: 'shop', module: 'routes/shop/reviews.tsx', redirectable: 'owner' },
  { path: '/blog', group: 'about', module: 'routes/content/blog.tsx' },
  { path: '/auteurs', group: 'about', module: 'routes/content/authors.tsx' },
  { path: '/ons-verhaal', group: 'about', module: 'routes/content/page.tsx', id: 'our-story' },
  { path: '/werk-carriere', group: 'about', module: 'routes/content/page.tsx', id: 'careers' },
  { path: '/affiliate-programma', group: 'about', module: 'routes/content/affiliate-programme.tsx', id: 'affiliate-programme' },
  { path: '/faq', group: 'service', module: 'routes/content/faq.tsx' },
  { path: '/contact', group: 'service', module: 'routes/content/contact.tsx', redirectable: 'owner' },
  { path: '/order-status', group: 'service', module: 'routes/shop/order-status.tsx', redirectable: 'nobody' },
  // A guest's germination claim (ADR 074): reached from the order page and the lookup, not from the menus.
  { path: '/kiemgarantie', group: 'none', module: 'routes/shop/claim.tsx', redirectable: 'nobody' },
  { path: '/verzending-bezorging', group: 'service', module: 'routes/content/shipping.tsx', redirectable: 'owner' },
  { path: '/betalingsverwerking', group: 'service', module: 'routes/content/page.tsx', id: 'payment-processing' },
  { path: '/retourbeleid', group: 'service', module: 'routes/content/page.tsx', id: 'return-policy' },
  { path: '/restitutiebeleid', group: 'service', module: 'routes/content/page.tsx', id: 'refund-policy' },
  { path: '/sitemap', group: 'service', module: 'routes/content/sitemap.tsx', redirectable: 'owner' },
  { path: '/algemene-voorwaarden', group: 'legal', module: 'routes/content/page.tsx', id: 'terms' },
  { path: '/privacybeleid', group: 'legal', module: 'routes/content/page.tsx', id: 'privacy-policy' },
  { path: '/inloggen', group: 'account', module: 'routes/account/login.tsx', redirectable: 'nobody' },
  { path: '/registreren', group: 'account', module: 'routes/account/register.tsx', redirectable: 'nobody' },
  // Only for logged-in customers: linked from the account panel, not from the footer.
  { path: '/account', group: 'none', module: 'routes/account/account.tsx', redirectable: 'nobody' },
  { path: '/account/orders', group: 'none', module: 'routes/account/orders.tsx' },
  { path: '/account/order', group: 'none', module: 'routes/account/order-redirect.ts' },
  { path: '/account/details', group: 'none', module: 'routes/account/details.tsx' },
  { path: '/account/adressen', group: 'none', module: 'routes/account/addresses.tsx' },
  { path: '/account/wishlist', group: 'none', module: 'routes/account/wishlist.tsx' },
  { path: '/account/tegoed', group: 'none', module: 'routes/account/credit.tsx' },
  { path: '/wachtwoord-vergeten', group: 'none', module: 'routes/account/forgot-password.tsx', redirectable: 'nobody' },
  { path: '/wachtwoord-herstellen', group: 'none', module: 'routes/account/reset-password.tsx', redirectable: 'nobody' },
  { path: '/besteloverzicht', group: 'account', module: 'routes/shop/cart.tsx', redirectable: 'nobody' },
  { path: '/checkout', group: 'none', module: 'routes/shop/checkout.tsx', redirectable: 'nobody' },
];

const livePaths = new Set(['/', ...sitePages.filter((p) => p.module).map((p) => p.path)]);
export const isLive = (path: string) => livePaths.has(path.split(/[?#]/)[0]!);
