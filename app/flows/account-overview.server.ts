// The account overview (/account) in one statement. Its page shows the tables of five modules (orders, sessions,
// addresses and grower profile, store credit, Kiempunten); read one query each, the page cost seven round trips to the
// database per view, each with the driver's and drizzle's work around it, about four times the CPU of one statement
// that reads them all. Each module still writes the SQL for its own tables (its *Json fragment, which also serves
// its own reader) and reads its part of the answer; this flow only puts the fragments in one select.
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/db/client.server.ts';
import type { Region } from '~/lib/regions.ts';
import { addressCountries, defaultAddressesJson, defaultAddressViews } from '~/modules/accounts/addresses.server.ts';
import type { AddressFields } from '~/modules/accounts/addresses.ts';
import { growerProfileJson, growerProfileOf } from '~/modules/accounts/details.server.ts';
import type { GrowerProfile } from '~/modules/accounts/grower-profile.ts';
import { type SessionListRow, sessionListJson, sessionListOf } from '~/modules/accounts/sessions.server.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { creditBalanceJson } from '~/modules/credit/credit.server.ts';
import { loyaltySummaryJson, loyaltySummaryOf } from '~/modules/loyalty/loyalty.server.ts';
import { orderListItems, orderListJson, type OrderListRow } from '~/modules/orders/orders.server.ts';
import { growerOverviewOf } from './grower-overview.server.ts';

/** How many orders the overview lists (the rest are on /account/orders). */
const RECENT_ORDERS = 5;

type OverviewRow = {
  orders: OrderListRow[];
  sessions: SessionListRow[];
  addresses: AddressFields[];
  grower: GrowerProfile | null;
  credit: { currency: string; balanceMinor: number }[];
  loyalty: { points: number; spend: number; settings: unknown };
};

/**
 * Everything /account shows of the logged-in user: recent orders, live sessions (`currentToken` marks this one),
 * default addresses, grower profile with recommendations in the region's currency, store credit and Kiempunten.
 */
export async function accountOverview(db: Db, userId: number, opts: { region: Region; currentToken: string | null; now?: Date }) {
  const now = opts.now ?? new Date();
  // The countries and the catalogue come from the process's caches: no query once warm.
  const [[row], countries, { products }] = await Promise.all([
    queryRows<OverviewRow>(
      db,
      sql`select ${orderListJson(userId, RECENT_ORDERS)} as orders, ${sessionListJson(userId, now)} as sessions,
        ${defaultAddressesJson(userId)} as addresses, ${growerProfileJson(userId)} as grower, ${creditBalanceJson(userId)} as credit,
        ${loyaltySummaryJson(userId, now)} as loyalty`,
    ),
    addressCountries(db),
    loadCatalogue(db),
  ]);
  return {
    orders: orderListItems(row!.orders),
    sessions: sessionListOf(row!.sessions, opts.currentToken),
    defaultAddresses: defaultAddressViews(row!.addresses, countries, opts.region),
    // Grower profile card and "Aanbevolen voor jou": strains for sale in the visitor's currency.
    grower: growerOverviewOf(growerProfileOf(row!.grower), products, opts.region.currency, now),
    // Store credit per currency (ADR 073).
    credit: row!.credit,
    // Kiempunten (ADR 075): balance, tier and progress.
    loyalty: loyaltySummaryOf(row!.loyalty),
  };
}
