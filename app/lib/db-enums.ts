// The closed lists the database checks (CHECK constraints in app/db/schema) and the modules' rules use.
// Pure values: the schema imports no module, and pages may import these without pulling in the database.

/** The back office's roles; what each may do is the permission matrix in modules/staff. */
export const staffRoles = ['owner', 'orders', 'catalogue', 'content', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const couponKinds = ['percent', 'fixed', 'free_shipping'] as const;

/** Why stock moved. 'import' is only written by the CSV import; staff pick one of the others. */
export const stockReasons = ['stocktake', 'received', 'correction', 'damaged', 'returned', 'import'] as const;
export type StockReason = (typeof stockReasons)[number];

/**
 * The default low-stock threshold: at or below a pack's threshold a product page names the count ("nog 3 op
 * voorraad"); above it, only "op voorraad". Staff set the threshold per pack (ADR 034).
 */
export const LOW_STOCK = 5;

/**
 * Why a customer's store credit moved (ADR 073): a refund given as credit, a germination claim, a staff
 * adjustment, spent at checkout, or given back when an order that used it was cancelled.
 */
export const creditKinds = ['refund', 'claim', 'staff', 'checkout', 'cancellation'] as const;
export type CreditKind = (typeof creditKinds)[number];
/**
 * Why a customer's Kiempunten moved (ADR 075): earned when an order shipped, for an approved review, by staff,
 * spent at checkout, given back when that order was cancelled, taken back for a refund or a cancellation.
 */
export const loyaltyKinds = ['order', 'review', 'staff', 'checkout', 'cancellation', 'reversal'] as const;
export type LoyaltyKind = (typeof loyaltyKinds)[number];
/** A germination claim (ADR 074): ingediend, goedgekeurd (as credit or a replacement order) or afgewezen. */
export const claimStates = ['submitted', 'approved', 'rejected'] as const;
export const claimOutcomes = ['credit', 'replacement'] as const;
/** How the customer germinated the seeds. */
export const germinationMethods = ['paper', 'water', 'soil', 'coco', 'rockwool', 'plug', 'other'] as const;
