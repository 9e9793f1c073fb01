import type { addresses } from '~/db/schema/accounts.ts';
import { safeRedirect } from '~/lib/routing.ts';

type SavedAddress = typeof addresses.$inferSelect;

// What the pages get of a saved address: plain values, the country's name, and whether the address may
// be used in the visitor's region (SPEC §5).

/** How many addresses one account may keep. */
export const MAX_ADDRESSES = 20;

export type AddressView = Omit<SavedAddress, 'userId' | 'createdAt' | 'updatedAt'> & { countryName: string; inRegion: boolean };

/** A saved address's own fields; a whole row (with its owner and timestamps) is one too. */
export type AddressFields = Omit<AddressView, 'countryName' | 'inRegion'> & Partial<Pick<SavedAddress, 'userId' | 'createdAt' | 'updatedAt'>>;

export function toAddressView(a: AddressFields, countryName: (iso: string) => string | undefined, inRegion: (iso: string) => boolean): AddressView {
  // Timestamps stay on the server: the loaders' data is serialised to the browser.
  const { userId: _user, createdAt: _created, updatedAt: _updated, ...fields } = a;
  return { ...fields, countryName: countryName(a.countryIso) ?? a.countryIso, inRegion: inRegion(a.countryIso) };
}

export { asFormFields, oneLine } from '~/lib/postal-address.ts';

/** A country of the address form's list. */
export type AddressFormCountry = { iso: string; name: string; requiresState: boolean };

/**
 * What the address form needs (the loader of /account/adressen/nieuw and /account/adressen/{id}; the
 * address modal fetches the same loader). `redirectTo` is a validated same-site path or null.
 */
export type AddressFormData = {
  address: AddressView | null;
  countries: AddressFormCountry[];
  abroad: string | null;
  defaultCountry: string;
  first: boolean;
  full: boolean;
  redirectTo: string | null;
};

/**
 * Where the address form goes back to after saving, from an untrusted `redirectTo` (query or form field):
 * a same-site path (safeRedirect), else null (then the list of addresses).
 */
export const returnPath = (to: unknown): string | null => safeRedirect(to, '') || null;
