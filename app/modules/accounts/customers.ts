// Limits of the customer page shared by its form (browser) and the server.
export const CUSTOMER_PAGE_SIZE = 25;
export const BLOCK_REASON_MAX = 500;
