import { z } from 'zod';
import type { PaymentMethod } from '~/db/schema/commerce.ts';
import type { CarrierLabel } from '~/db/schema/regions.ts';
import { checkout as t } from '~/i18n/nl/checkout.ts';
import { addressSchema } from '~/lib/addresses.schemas.ts';
import type { AddressFieldsShape } from '~/modules/accounts/components/address-fields.tsx';

// The checkout form, parsed by the action (the browser shows its messages, ADR 023/027). Messages are SPEC §5's.
export const paymentMethods = ['bank_transfer', 'online', 'cash_by_mail'] as const satisfies readonly PaymentMethod[];
const carrierLabels = ['tracked_parcel', 'regular_post'] as const satisfies readonly CarrierLabel[];

const checkoutFields = z.object({
  email: z.email(t.errors.email).trim().max(254, t.errors.email),
  shipping: addressSchema,
  // A checked checkbox posts "on"; an unchecked one posts nothing.
  billingSame: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()),
  billing: z.unknown().optional(),
  shippingMethod: z.enum(carrierLabels, { error: t.errors.shippingMethod }),
  paymentMethod: z.enum(paymentMethods, { error: t.errors.paymentMethod }),
  // What the customer saw; the server refuses the order when its own figures differ.
  expectedTotal: z.coerce.number({ error: t.errors.tampered }).int(t.errors.tampered).min(0, t.errors.tampered).max(100_000_000, t.errors.tampered),
  // The country and method that total was shown for ("NL:tracked_parcel"). Without JavaScript the page
  // cannot update its total when the shopper picks another method; their own choice is not a price change.
  quotedFor: z
    .string()
    .regex(/^[A-Za-z]{2}:[a-z_]{0,40}$/, t.errors.tampered)
    .optional(),
  // "Tegoed gebruiken" (ADR 073): the checkbox, and the balance the page showed beside it; the server refuses
  // the order when the balance changed since, as it does for a changed price.
  useCredit: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).optional(),
  creditBalanceMinor: z.coerce.number({ error: t.errors.tampered }).int(t.errors.tampered).min(0, t.errors.tampered).max(100_000_000, t.errors.tampered).optional(),
  // "Kiempunten inzetten" (ADR 075): the checkbox and the balance the page showed, checked like the credit's.
  usePoints: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).optional(),
  pointsBalance: z.coerce.number({ error: t.errors.tampered }).int(t.errors.tampered).min(0, t.errors.tampered).max(1_000_000_000, t.errors.tampered).optional(),
  currency: z.string({ error: t.errors.tampered }).regex(/^[A-Z]{3}$/, t.errors.tampered),
  region: z.string({ error: t.errors.tampered }).regex(/^[a-z]{2}$/, t.errors.tampered),
  idempotencyKey: z.string({ error: t.errors.tampered }).regex(/^[\w-]{16,64}$/, t.errors.tampered),
});

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

function buildCheckoutSchema(stateCountries: ReadonlySet<string>) {
  const requiresState = (iso: string) => stateCountries.has(iso.toUpperCase());
  return (
    checkoutFields
      // Runs even when other fields failed, so one submit shows the billing and state messages
      // next to all the others (the value may then be partial, hence the defensive reads).
      .superRefine(
        (value, ctx) => {
          const v = record(value);
          const addresses: ['shipping' | 'billing', Record<string, unknown>][] = [['shipping', record(v.shipping)]];
          if (v.billingSame !== true) {
            const billing = addressSchema.safeParse(v.billing ?? {});
            // One message per field, like the shipping fields get (the first is the one that matters: "verplicht").
            const seen = new Set<string>();
            for (const issue of billing.success ? [] : billing.error.issues) {
              const key = issue.path.join('.');
              if (seen.has(key)) continue;
              seen.add(key);
              ctx.addIssue({ code: 'custom', message: issue.message, path: ['billing', ...issue.path] });
            }
            addresses.push(['billing', record(v.billing)]);
          }
          for (const [name, a] of addresses) {
            const country = typeof a.country === 'string' ? a.country.trim() : '';
            const state = typeof a.state === 'string' ? a.state.trim() : '';
            if (country && requiresState(country) && !state) ctx.addIssue({ code: 'custom', message: t.errors.state, path: [name, 'state'] });
          }
        },
        { when: () => true },
      )
      // Only reached without issues: the billing address is valid here (checked above).
      .transform((v) => ({ ...v, billing: v.billingSame ? v.shipping : addressSchema.parse(v.billing ?? {}) }))
  );
}

// Zod compiles a schema at its first parse, and a refinement makes a new schema: built per request, this one cost
// 0.4 ms of every order (20 µs once compiled). One per set of countries needing a state, kept (regions are few).
const schemas = new Map<string, ReturnType<typeof buildCheckoutSchema>>();

/**
 * The checkout schema. `stateCountries` are the ISO codes that need a province/state (the region's
 * data), so the shopper sees 'Provincie is vereist' before the server would refuse the order.
 */
export function checkoutSchemaFor(stateCountries: readonly string[] = []) {
  const codes = [...new Set(stateCountries.map((c) => c.toUpperCase()))].sort();
  const key = codes.join(',');
  let schema = schemas.get(key);
  if (!schema) {
    if (schemas.size >= 64) schemas.clear();
    schema = buildCheckoutSchema(new Set(codes));
    schemas.set(key, schema);
  }
  return schema;
}

export const checkoutSchema = checkoutSchemaFor();
export type CheckoutInput = z.output<typeof checkoutSchema>;

// The form's shape as the browser sends it (app/lib/form.ts types the fields from it).
export type CheckoutFields = {
  email: string;
  shipping: AddressFieldsShape;
  billingSame: string;
  billing: AddressFieldsShape;
  shippingMethod: string;
  paymentMethod: string;
  expectedTotal: string;
  currency: string;
  region: string;
  idempotencyKey: string;
  saveAddress: string;
  useCredit: string;
  creditBalanceMinor: string;
  usePoints: string;
  pointsBalance: string;
};

/** /order-status: another attempt with any method after a failed payment. */
export const retryPaymentSchema = z.object({
  intent: z.literal('retry'),
  bestelling: z.string().max(20),
  code: z.string().max(64),
  paymentMethod: z.enum(paymentMethods, { error: t.errors.paymentMethod }),
});
