import { z } from 'zod';
import { rowId } from '~/lib/form-key.ts';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { cart as cartText } from '~/i18n/nl/cart.ts';

// The cart action's input: one intent out of a fixed set. Tampered values are refused, never a 500.
// Same rule as parseQuantity(): whole numbers 1..99 only (no "1e2", "0.5", "-1" or 2^31).
const quantity = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_LINE_QUANTITY));

export const cartActionSchema = z.discriminatedUnion('intent', [
  // An empty quantity field (cleared by the visitor) means one pack, like a missing one.
  z.object({ intent: z.literal('add'), pack: rowId, quantity: z.preprocess((v) => (v === '' || v === undefined ? '1' : v), quantity) }),
  z.object({ intent: z.literal('set-quantity'), pack: rowId, quantity }),
  z.object({ intent: z.literal('remove'), pack: rowId }),
  z.object({ intent: z.literal('apply-coupon'), code: z.string().trim().min(1).max(40) }),
  z.object({ intent: z.literal('remove-coupon') }),
]);
export type CartAction = z.infer<typeof cartActionSchema>;

/** The control an error belongs to: the form shows it there. */
export type CartField = 'quantity' | 'code' | 'pack';
export type CartFormError = { error: string; field: CartField };

/**
 * Reads the cart form. Refusals carry the Dutch message for the control that caused them:
 * a bad quantity asks for 1..99, a bad pack or unknown intent is the SPEC's add/load message.
 */
export function parseCartForm(form: FormData): { ok: true; action: CartAction } | ({ ok: false; intent: string } & CartFormError) {
  const input: Record<string, string> = {};
  // Only text fields, first value wins: a repeated or file field cannot change the meaning.
  for (const [key, value] of form) if (typeof value === 'string' && !(key in input)) input[key] = value;
  const parsed = cartActionSchema.safeParse(input);
  if (parsed.success) return { ok: true, action: parsed.data };
  const intent = typeof input.intent === 'string' ? input.intent : '';
  const t = cartText.errors;
  if (intent === 'apply-coupon') return { ok: false, intent, error: t.couponInvalid, field: 'code' };
  if (intent === 'remove-coupon') return { ok: false, intent, error: t.couponRemove, field: 'code' };
  const badQuantity = parsed.error.issues.some((i) => i.path[0] === 'quantity');
  const badPack = parsed.error.issues.some((i) => i.path[0] === 'pack');
  if (badQuantity && !badPack) return { ok: false, intent, error: t.quantity, field: 'quantity' };
  return { ok: false, intent, error: intent === 'add' ? t.addFailed : t.loadFailed, field: 'pack' };
}
