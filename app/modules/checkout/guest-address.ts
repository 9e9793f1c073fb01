// A guest's address for the next visit, kept in this browser only (no account needed).
// The checkout stashes what was sent in sessionStorage; the thank-you page keeps it in
// localStorage, so an address is remembered only after an order actually went through.

const PENDING = 'kk-checkout-address-pending';
const SAVED = 'kk-checkout-address';
const ADDRESS_KEYS = ['firstName', 'lastName', 'phone', 'line1', 'line2', 'city', 'postalCode', 'country', 'state'] as const;

export type GuestAddress = { email: string; shipping: Record<(typeof ADDRESS_KEYS)[number], string> };

function read(storage: Storage, key: string): GuestAddress | null {
  try {
    const raw = JSON.parse(storage.getItem(key) ?? 'null') as unknown;
    if (!raw || typeof raw !== 'object') return null;
    const { email, shipping } = raw as Record<string, unknown>;
    if (typeof email !== 'string' || !shipping || typeof shipping !== 'object') return null;
    const a = shipping as Record<string, unknown>;
    // Only known string fields: the stored value is user-editable and ends up in form fields.
    const clean = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, typeof a[k] === 'string' ? (a[k] as string).slice(0, 254) : ''])) as GuestAddress['shipping'];
    if (!clean.firstName || !clean.line1 || !clean.city) return null;
    return { email: email.slice(0, 254), shipping: clean };
  } catch {
    // Storage blocked (private mode, cookie settings) or a broken value: nothing remembered.
    return null;
  }
}

function write(storage: Storage, key: string, value: GuestAddress | null) {
  try {
    if (value) storage.setItem(key, JSON.stringify(value));
    else storage.removeItem(key);
  } catch {
    /* storage blocked: the address is simply not remembered */
  }
}

/** On submit of the checkout form: what the customer entered, until the order is confirmed. */
export function stashGuestAddress(form: HTMLFormElement) {
  const data = new FormData(form);
  const shipping = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, String(data.get(`shipping.${k}`) ?? '').trim()])) as GuestAddress['shipping'];
  write(sessionStorage, PENDING, { email: String(data.get('email') ?? '').trim(), shipping });
}

/** On the thank-you page: the order went through, so remember the address it used. */
export function keepStashedGuestAddress() {
  const pending = read(sessionStorage, PENDING);
  if (pending) write(localStorage, SAVED, pending);
  write(sessionStorage, PENDING, null);
}

export const savedGuestAddress = () => read(localStorage, SAVED);

export const forgetGuestAddress = () => write(localStorage, SAVED, null);
