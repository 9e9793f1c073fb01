import { describe, expect, it } from 'vitest';
import { navFor } from './navigation.ts';
import { can, isPermission, isStaffRole, permissions, staffRoles } from '~/lib/permissions.ts';

describe('permission matrix', () => {
  it('the owner may do everything', () => {
    for (const p of permissions) expect(can('owner', p)).toBe(true);
  });

  it('every role sees the dashboard; only the owner manages staff and reads the audit log', () => {
    for (const role of staffRoles) expect(can(role, 'dashboard.view')).toBe(true);
    for (const role of staffRoles.filter((r) => r !== 'owner')) {
      expect(can(role, 'staff.manage')).toBe(false);
      expect(can(role, 'audit.view')).toBe(false);
    }
  });

  it('each role has its own area and none of the others', () => {
    const grants = Object.fromEntries(staffRoles.map((r) => [r, permissions.filter((p) => can(r, p))]));
    expect(grants).toEqual({
      owner: [...permissions],
      orders: ['dashboard.view', 'orders.view', 'orders.notes', 'orders.manage', 'payments.manage', 'exports.view', 'claims.manage'],
      catalogue: ['dashboard.view', 'catalogue.manage', 'promotions.manage'],
      content: ['dashboard.view', 'content.manage', 'newsletter.manage'],
      support: ['dashboard.view', 'orders.view', 'orders.notes', 'reviews.manage', 'messages.manage', 'customers.manage', 'claims.manage'],
    });
  });

  it('support reads orders and writes notes but changes no order or payment', () => {
    expect(can('support', 'orders.view')).toBe(true);
    expect(can('support', 'orders.manage')).toBe(false);
    expect(can('support', 'payments.manage')).toBe(false);
    expect(can('support', 'exports.view')).toBe(false);
  });

  it('customers for support, the newsletter for content, affiliates (payouts) for the owner only', () => {
    expect(staffRoles.filter((r) => can(r, 'customers.manage'))).toEqual(['owner', 'support']);
    expect(staffRoles.filter((r) => can(r, 'newsletter.manage'))).toEqual(['owner', 'content']);
    expect(staffRoles.filter((r) => can(r, 'affiliates.manage'))).toEqual(['owner']);
  });

  it('coupons and promotions are for the owner and the catalogue role only', () => {
    expect(staffRoles.filter((r) => can(r, 'promotions.manage'))).toEqual(['owner', 'catalogue']);
  });

  it('store credit adjusted by hand is for the owner only', () => {
    expect(staffRoles.filter((r) => can(r, 'credit.manage'))).toEqual(['owner']);
  });

  it('redirects beyond content paths (working pages, other sites, the list of allowed sites) are for the owner only', () => {
    expect(staffRoles.filter((r) => can(r, 'redirects.manage'))).toEqual(['owner']);
  });

  it('Kiempunten by hand and their rules are for the owner only (ADR 075)', () => {
    expect(staffRoles.filter((r) => can(r, 'loyalty.manage'))).toEqual(['owner']);
  });

  it('germination claims for the order desk and support; their rules for the owner only (ADR 074)', () => {
    expect(staffRoles.filter((r) => can(r, 'claims.manage'))).toEqual(['owner', 'orders', 'support']);
    expect(staffRoles.filter((r) => can(r, 'claims.rules'))).toEqual(['owner']);
  });

  it('the menu lists only pages the role may open', () => {
    expect(navFor('owner').map((n) => n.key)).toEqual([
      'dashboard',
      'orders',
      'paymentReview',
      'claims',
      'bank',
      'customers',
      'catalogue',
      'stock',
      'coupons',
      'promotions',
      'content',
      'reviews',
      'messages',
      'newsletter',
      'affiliates',
      'loyalty',
      'exports',
      'staff',
      'audit',
    ]);
    expect(navFor('orders').map((n) => n.key)).toEqual(['dashboard', 'orders', 'paymentReview', 'claims', 'bank', 'exports']);
    expect(navFor('catalogue').map((n) => n.key)).toEqual(['dashboard', 'catalogue', 'stock', 'coupons', 'promotions']);
    expect(navFor('content').map((n) => n.key)).toEqual(['dashboard', 'content', 'newsletter']);
    expect(navFor('support').map((n) => n.key)).toEqual(['dashboard', 'orders', 'claims', 'customers', 'reviews', 'messages']);
  });

  it('guards for unknown values', () => {
    expect(isPermission('orders.view')).toBe(true);
    expect(isPermission('orders.delete')).toBe(false);
    expect(isStaffRole('owner')).toBe(true);
    expect(isStaffRole('admin')).toBe(false);
  });
});
