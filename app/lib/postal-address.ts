// A postal address for forms and one-line summaries: the account's saved addresses and the checkout share it.
import type { addresses } from '~/db/schema/accounts.ts';

type AddressFields = Pick<typeof addresses.$inferSelect, 'firstName' | 'lastName' | 'phone' | 'line1' | 'line2' | 'city' | 'postalCode' | 'countryIso' | 'state'>;

/** The address as the checkout's form fields (country and postal code as stored). */
export const asFormFields = (a: AddressFields) => ({
  firstName: a.firstName,
  lastName: a.lastName,
  phone: a.phone,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  postalCode: a.postalCode,
  country: a.countryIso,
  state: a.state,
});

/** One line for pickers and summaries: "Keizersgracht 1, 1015 CJ Amsterdam". */
export const oneLine = (a: Pick<AddressFields, 'line1' | 'postalCode' | 'city'>) => `${a.line1}, ${a.postalCode} ${a.city}`;
