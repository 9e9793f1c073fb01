import { z } from 'zod';
import { account } from '~/i18n/nl/account.ts';
import { checkout as t } from '~/i18n/nl/checkout.ts';
import { normalisePostcode } from './postcodes.ts';

// A postal address: the checkout's shipping and billing fields and the account's saved addresses use
// this one schema (SPEC §3 Address, SPEC §5 messages); it lives in lib so both modules import it.

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, t.errors.tooLong(max));

export const addressSchema = z.object({
  firstName: text(t.errors.firstName, 60),
  lastName: text(t.errors.lastName, 60),
  phone: text(t.errors.phone, 25).regex(/^\+?[\d\s()./-]{6,25}$/, t.errors.phoneFormat),
  line1: text(t.errors.address, 100),
  line2: z.string().trim().max(100, t.errors.tooLong(100)).optional().default(''),
  city: text(t.errors.city, 60),
  postalCode: text(t.errors.postalCode, 12),
  country: z
    .string({ error: t.errors.country })
    .trim()
    .regex(/^[A-Za-z]{2}$/, t.errors.country),
  state: z.string().trim().max(60, t.errors.tooLong(60)).optional().default(''),
})
  // The postcode is checked against its country's rule (postcodes.ts), also when other fields failed (one submit
  // shows every message; the value may then be partial), and stored the way that country writes it.
  .superRefine(
    (value, ctx) => {
      const { country, postalCode } = (value && typeof value === 'object' ? value : {}) as Partial<Record<string, unknown>>;
      if (typeof postalCode !== 'string' || !postalCode.trim() || postalCode.trim().length > 12) return;
      const iso = typeof country === 'string' && /^[A-Za-z]{2}$/.test(country.trim()) ? country.trim().toUpperCase() : '';
      if (normalisePostcode(iso, postalCode) === null)
        ctx.addIssue({ code: 'custom', message: t.errors.postalCodeFor[iso] ?? t.errors.postalCodeFormat, path: ['postalCode'] });
    },
    { when: () => true },
  )
  .overwrite((a) => (typeof a.country === 'string' && typeof a.postalCode === 'string' ? { ...a, postalCode: normalisePostcode(a.country, a.postalCode) ?? a.postalCode } : a));
export type AddressInput = z.infer<typeof addressSchema>;

/** An address id from a URL or a hidden field: anything else is "not found", never an error page. */
export const addressIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

// A checked checkbox posts "on"; an unchecked one posts nothing.
const checkbox = z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean());

/**
 * The account's address form. `allowed` is the visitor's region plus, when editing, the address's own
 * country (an address abroad stays editable); `requiresState` says which countries need a province.
 */
export function addressFormSchemaFor(allowed: (iso: string) => boolean, requiresState: (iso: string) => boolean) {
  return z.object({ address: addressSchema, defaultShipping: checkbox, defaultBilling: checkbox }).superRefine(
    (value, ctx) => {
      // Runs even when other fields failed (value may be partial), so one submit shows every message.
      const a = (value as { address?: Record<string, unknown> }).address ?? {};
      const country = typeof a.country === 'string' ? a.country.trim() : '';
      const state = typeof a.state === 'string' ? a.state.trim() : '';
      if (!/^[A-Za-z]{2}$/.test(country)) return;
      if (!allowed(country)) ctx.addIssue({ code: 'custom', message: account.addresses.errors.country, path: ['address', 'country'] });
      else if (requiresState(country) && !state) ctx.addIssue({ code: 'custom', message: t.errors.state, path: ['address', 'state'] });
    },
    { when: () => true },
  );
}
export type AddressFormInput = z.output<ReturnType<typeof addressFormSchemaFor>>;
