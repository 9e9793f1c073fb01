// The back office's menu: only finished pages, and only those the role may open (the same matrix).
import { can, type Permission, type StaffRole } from '~/lib/permissions.ts';

export const STAFF_LOGIN_PATH = '/beheer/inloggen';
export const STAFF_CODE_PATH = '/beheer/inloggen/code';
export const BACKOFFICE_HOME = '/beheer/overzicht';

export type NavKey = 'dashboard' | 'orders' | 'paymentReview' | 'claims' | 'bank' | 'customers' | 'catalogue' | 'stock' | 'coupons' | 'promotions' | 'content' | 'reviews' | 'messages' | 'newsletter' | 'affiliates' | 'loyalty' | 'exports' | 'staff' | 'audit';
const NAV: { key: NavKey; to: string; permission: Permission }[] = [
  { key: 'dashboard', to: BACKOFFICE_HOME, permission: 'dashboard.view' },
  { key: 'orders', to: '/beheer/bestellingen', permission: 'orders.view' },
  { key: 'paymentReview', to: '/beheer/betalingen-controle', permission: 'payments.manage' },
  { key: 'claims', to: '/beheer/claims', permission: 'claims.manage' },
  { key: 'bank', to: '/beheer/bank', permission: 'payments.manage' },
  { key: 'customers', to: '/beheer/klanten', permission: 'customers.manage' },
  { key: 'catalogue', to: '/beheer/catalogus', permission: 'catalogue.manage' },
  { key: 'stock', to: '/beheer/voorraad', permission: 'catalogue.manage' },
  { key: 'coupons', to: '/beheer/kortingscodes', permission: 'promotions.manage' },
  { key: 'promotions', to: '/beheer/acties', permission: 'promotions.manage' },
  { key: 'content', to: '/beheer/inhoud', permission: 'content.manage' },
  { key: 'reviews', to: '/beheer/beoordelingen', permission: 'reviews.manage' },
  { key: 'messages', to: '/beheer/berichten', permission: 'messages.manage' },
  { key: 'newsletter', to: '/beheer/nieuwsbrief', permission: 'newsletter.manage' },
  { key: 'affiliates', to: '/beheer/affiliates', permission: 'affiliates.manage' },
  { key: 'loyalty', to: '/beheer/kiempunten', permission: 'loyalty.manage' },
  { key: 'exports', to: '/beheer/export', permission: 'exports.view' },
  { key: 'staff', to: '/beheer/medewerkers', permission: 'staff.manage' },
  { key: 'audit', to: '/beheer/audit', permission: 'audit.view' },
];

export const navFor = (role: StaffRole) => NAV.filter((item) => can(role, item.permission)).map(({ key, to }) => ({ key, to }));
