// What the page cache (server/page-cache.ts) and the header share to put a cart visitor's cart into a cached
// anonymous page (ADR 031): the badge's marker, the description's id and the id of the JSON with the cart.
export const CART_BADGE = 'badge';
export const CART_COUNT_ID = 'cart-count-description';
export const PERSONAL_DATA_ID = 'kk-personal';
