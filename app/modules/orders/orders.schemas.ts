import { z } from 'zod';
import { checkout as t } from '~/i18n/nl/checkout.ts';
import { normaliseOrderNumber } from './orders.ts';

// /order-status: the lookup form (the retry form's schema is the checkout's: it picks a payment method). Messages are SPEC §5's.
export const orderLookupSchema = z.object({
  number: z
    .string({ error: t.errors.orderNumber })
    .trim()
    .min(1, t.errors.orderNumber)
    .max(40, t.errors.orderNotFound)
    // A number that cannot exist gets the same answer as an unknown one ('Bestelling niet gevonden' on
    // top, after the rate limit), so the form never tells which part was wrong.
    .transform((v) => normaliseOrderNumber(v) ?? v.toUpperCase()),
  email: z.email(t.errors.email).trim().max(254, t.errors.email),
});
