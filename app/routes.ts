import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { sitePages } from './site-pages.ts';

// Dutch paths of SPEC §2 -> route modules named in English (ADR 0004).
export default [
  index('routes/home.tsx'),
  ...sitePages.filter((p) => p.module).map((p) => route(p.path, p.module!, { id: p.id ?? p.path.slice(1) })),
  route('/product/:slug', 'routes/product.tsx'),
  route('/product/:slug/beoordelen', 'routes/review-write.tsx'),
  route('/blog/:slug', 'routes/blog-post.tsx'),
  route('/auteurs/:slug', 'routes/author.tsx'),
  route('/collecties/:slug', 'routes/collection.tsx', { id: 'collection' }),
  route('/collecties/:slug/:page', 'routes/collection.tsx', { id: 'collection-page' }),
  route('/api/:locale/settings', 'routes/api.settings.ts'),
  route('/api/search', 'routes/api.search.ts'),
  route('/api/region', 'routes/api.region.ts'),
  route('/api/age', 'routes/api.age.ts'),
  route('/api/consent', 'routes/api.consent.ts'),
  route('/api/betalingen/:provider/webhook', 'routes/api.payment-webhook.ts'),
  route('/api/staff/orders', 'routes/api.staff-orders.ts'),
  route('/api/staff/mail', 'routes/api.staff-mail.ts'),
  route('/betalen/sandbox/:reference', 'routes/sandbox-payment.tsx'),
  route('/registreren/bevestigen', 'routes/verify-email.tsx'),
  route('/uitloggen', 'routes/logout.ts'),
  route('/account/orders/:number', 'routes/account-order.tsx'),
  route('/account/gegevens', 'routes/account-data.ts'),
  route('/account/verwijderen', 'routes/account-delete.tsx'),
  route('/account/adressen/nieuw', 'routes/account-address.tsx', { id: 'account-address-new' }),
  route('/account/adressen/:id', 'routes/account-address.tsx', { id: 'account-address' }),
  route('/account/e-mail-bevestigen', 'routes/confirm-email-change.tsx'),
  route('/404', 'routes/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/not-found.tsx', { id: 'not-found' }),
] satisfies RouteConfig;
