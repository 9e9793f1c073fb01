import { z } from 'zod';
import { rowId } from '~/lib/form-key.ts';
import { account } from '~/i18n/nl/account.ts';

// The wishlist action's input (the heart and the remove button). Tampered values are refused, never a 500.
const wishlistActionSchema = z.object({
  intent: z.enum(['add', 'remove']),
  productId: rowId,
});
export type WishlistAction = z.infer<typeof wishlistActionSchema>;

/** Reads the form: only text fields, first value wins. An unusable product id or intent gets the unknown-strain message. */
export function parseWishlistForm(form: FormData): { ok: true; action: WishlistAction } | { ok: false; error: string } {
  const input: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string' && !(key in input)) input[key] = value;
  const parsed = wishlistActionSchema.safeParse(input);
  return parsed.success ? { ok: true, action: parsed.data } : { ok: false, error: account.wishlist.errors.unknownProduct };
}
