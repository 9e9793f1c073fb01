// A guest's addresses for the next visit, kept in this browser only (no account needed).
// The checkout stashes what was sent in sessionStorage; the thank-you page adds it to the list in
// localStorage, so an address is remembered only after an order actually went through. The list keeps
// the last MAX_GUEST_ADDRESSES different addresses, most recent first (ADR 022).

const PENDING = 'kk-checkout-address-pending';
/** The list (since ADR 022). */
const SAVED_LIST = 'kk-checkout-addresses';
/** The single address of before ADR 022: still read (moved into the list), then removed. */
const SAVED_OLD = 'kk-checkout-address';
const ADDRESS_KEYS = ['firstName', 'lastName', 'phone', 'line1', 'line2', 'city', 'postalCode', 'country', 'state'] as const;

export const MAX_GUEST_ADDRESSES = 3;

export type GuestAddress = { email: string; shipping: Record<(typeof ADDRESS_KEYS)[number], string> };

/** One remembered address from an untrusted value (storage is user-editable and ends up in form fields), or null. */
export function sanitiseGuestAddress(raw: unknown): GuestAddress | null {
  if (!raw || typeof raw !== 'object') return null;
  const { email, shipping } = raw as Record<string, unknown>;
  if (typeof email !== 'string' || !shipping || typeof shipping !== 'object') return null;
  const a = shipping as Record<string, unknown>;
  // Only known string fields, each cut to a sane length.
  const clean = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, typeof a[k] === 'string' ? (a[k] as string).slice(0, 254) : ''])) as GuestAddress['shipping'];
  if (!clean.firstName || !clean.line1 || !clean.city) return null;
  return { email: email.slice(0, 254), shipping: clean };
}

/**
 * SPEC §5: a remembered address is usable only when its country is one of the region's. It is never
 * relabelled to another country: the dialog shows it, greyed out, with the reason.
 */
export const guestAddressInRegion = (a: GuestAddress, regionCountries: readonly string[]) =>
  regionCountries.some((iso) => iso.toUpperCase() === a.shipping.country.trim().toUpperCase());

/** Two entries are the same address when every field (and the e-mail) matches, ignoring case and spacing. */
export function guestAddressKey(a: GuestAddress): string {
  const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
  return [norm(a.email), ...ADDRESS_KEYS.map((k) => norm(a.shipping[k]))].join('\u001f');
}

/** The list from an untrusted value: sane entries only, no doubles, at most MAX_GUEST_ADDRESSES. */
export function sanitiseGuestAddresses(raw: unknown): GuestAddress[] {
  if (!Array.isArray(raw)) return [];
  const out: GuestAddress[] = [];
  const seen = new Set<string>();
  for (const item of raw.slice(0, 20)) {
    const a = sanitiseGuestAddress(item);
    if (!a || seen.has(guestAddressKey(a))) continue;
    seen.add(guestAddressKey(a));
    out.push(a);
    if (out.length === MAX_GUEST_ADDRESSES) break;
  }
  return out;
}

/** `address` first, an earlier copy of it dropped, the oldest beyond MAX_GUEST_ADDRESSES dropped. */
export function withGuestAddress(list: readonly GuestAddress[], address: GuestAddress): GuestAddress[] {
  const key = guestAddressKey(address);
  return [address, ...list.filter((a) => guestAddressKey(a) !== key)].slice(0, MAX_GUEST_ADDRESSES);
}

/** The list without the entry with this key. */
const withoutGuestAddress = (list: readonly GuestAddress[], key: string) => list.filter((a) => guestAddressKey(a) !== key);

function readJson(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as unknown;
  } catch {
    // Storage blocked (private mode, cookie settings) or a broken value: nothing remembered.
    return null;
  }
}

function writeJson(storage: Storage, key: string, value: unknown) {
  try {
    if (value == null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage blocked: the address is simply not remembered */
  }
}

/**
 * The remembered addresses in `storage`, most recent first. The single address of the old key is moved
 * into the list (after the list's own entries: it is older than anything stored since) and removed.
 */
export function readGuestAddresses(storage: Storage): GuestAddress[] {
  const list = sanitiseGuestAddresses(readJson(storage, SAVED_LIST));
  const old = sanitiseGuestAddress(readJson(storage, SAVED_OLD));
  if (!old) return list;
  const merged = list.some((a) => guestAddressKey(a) === guestAddressKey(old)) ? list : [...list, old].slice(0, MAX_GUEST_ADDRESSES);
  writeJson(storage, SAVED_LIST, merged);
  writeJson(storage, SAVED_OLD, null);
  return merged;
}

/** Adds `address` to the list in `storage` (first, no doubles, at most MAX_GUEST_ADDRESSES). */
export function rememberGuestAddress(storage: Storage, address: GuestAddress) {
  writeJson(storage, SAVED_LIST, withGuestAddress(readGuestAddresses(storage), address));
}

/** Removes one address (by its key) from `storage`; returns what is left. */
export function forgetGuestAddressIn(storage: Storage, key: string): GuestAddress[] {
  const rest = withoutGuestAddress(readGuestAddresses(storage), key);
  writeJson(storage, SAVED_LIST, rest.length ? rest : null);
  return rest;
}

/** On submit of the checkout form: what the customer entered, until the order is confirmed. */
export function stashGuestAddress(form: HTMLFormElement) {
  const data = new FormData(form);
  const shipping = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, String(data.get(`shipping.${k}`) ?? '').trim()])) as GuestAddress['shipping'];
  writeJson(sessionStorage, PENDING, { email: String(data.get('email') ?? '').trim(), shipping });
}

/** On the thank-you page: the order went through, so remember the address it used. */
export function keepStashedGuestAddress() {
  const pending = sanitiseGuestAddress(readJson(sessionStorage, PENDING));
  if (pending) rememberGuestAddress(localStorage, pending);
  writeJson(sessionStorage, PENDING, null);
}

/** The addresses this browser remembers (browser only). */
export const savedGuestAddresses = () => readGuestAddresses(localStorage);

/** Forgets one remembered address in this browser; returns the rest. */
export const forgetGuestAddress = (key: string) => forgetGuestAddressIn(localStorage, key);
