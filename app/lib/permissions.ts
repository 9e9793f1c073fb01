// The back office's one permission matrix (ADR 026). Every /beheer loader and action asks `can` through
// requireStaff (staff-auth.server.ts); tests walk the route table to make sure none forgets.
import { type StaffRole, staffRoles } from '~/lib/db-enums.ts';

export { staffRoles, type StaffRole };

export const permissions = [
  'dashboard.view',
  'orders.view',
  'orders.notes',
  'orders.manage',
  'payments.manage',
  'catalogue.manage',
  'content.manage',
  'reviews.manage',
  'messages.manage',
  'staff.manage',
  'audit.view',
  'exports.view',
  'customers.manage',
  'newsletter.manage',
  'affiliates.manage',
  'promotions.manage',
  'redirects.manage',
  'credit.manage',
  'claims.manage',
  'claims.rules',
  'loyalty.manage',
] as const;
export type Permission = (typeof permissions)[number];

/** Who may do what. The owner may do everything; the other roles only their own area. */
const MATRIX: Record<Permission, readonly StaffRole[]> = {
  'dashboard.view': ['owner', 'orders', 'catalogue', 'content', 'support'],
  // Support answers customers' questions about their orders and keeps notes, but changes nothing else.
  'orders.view': ['owner', 'orders', 'support'],
  'orders.notes': ['owner', 'orders', 'support'],
  // Payments received, shipments, cancellations, refunds, address changes.
  'orders.manage': ['owner', 'orders'],
  'payments.manage': ['owner', 'orders'],
  'catalogue.manage': ['owner', 'catalogue'],
  'content.manage': ['owner', 'content'],
  // Customer service looks after what customers write about the shop.
  'reviews.manage': ['owner', 'support'],
  // The contact messages inbox: reading and answering what customers sent through /contact.
  'messages.manage': ['owner', 'support'],
  'staff.manage': ['owner'],
  'audit.view': ['owner'],
  // Bookkeeping exports (orders and payments with customers' names and amounts): not for support.
  'exports.view': ['owner', 'orders'],
  // Customer accounts: look up, block, reset mail, privacy export and deletion on request (ADR 037).
  'customers.manage': ['owner', 'support'],
  // The subscriber list and its export for the mail tool.
  'newsletter.manage': ['owner', 'content'],
  // Applications, commission rates and payouts: money leaves the shop, so the owner only.
  'affiliates.manage': ['owner'],
  // Coupons, batches of single-use codes and free-seed promotions: the shop's offer, with the catalogue.
  'promotions.manage': ['owner', 'catalogue'],
  // Redirect rules beyond content paths: the shop's working pages, any other site, and the list of sites
  // content staff may send visitors to. A rule can send every visitor of a page elsewhere: the owner only.
  'redirects.manage': ['owner'],
  // Store credit given or taken by hand (ADR 073) is money given away: the owner only, like affiliate payouts.
  // Refunds as credit stay with orders.manage (the order's refund form); every role that sees a customer sees the balance.
  'credit.manage': ['owner'],
  // Germination claims (ADR 074): customer service and the order desk judge them, approve a replacement or reject.
  'claims.manage': ['owner', 'orders', 'support'],
  // The guarantee's rules (window, minimum, exclusions) are the shop's promise: the owner sets them.
  'claims.rules': ['owner'],
  // Kiempunten (ADR 075) by hand and the rates and tiers: points are money's worth, so the owner only, like credit.
  'loyalty.manage': ['owner'],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return MATRIX[permission].includes(role);
}

export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && (permissions as readonly string[]).includes(value);
export const isStaffRole = (value: unknown): value is StaffRole => typeof value === 'string' && (staffRoles as readonly string[]).includes(value);
