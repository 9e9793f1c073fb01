import { z } from 'zod';
import { support as t } from '~/i18n/nl/support.ts';
import { normaliseOrderNumber } from '~/lib/order-number.ts';
import { CONTACT_TOPICS, MESSAGE_MAX, MESSAGE_MIN, NAME_MAX } from './support.ts';

// The contact form (/contact), parsed by the action (the page only shows the server's messages, ADR 023).
// The limits and the honeypot live in support.ts, free of Zod, for the page in the browser.
/** The form's one-time token (see submissionToken): 32 random bytes, base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const contactSchema = z.object({
  // One line, single spaces: the name goes into a mail subject.
  name: z.preprocess(
    (v) => text(v)?.replace(/\s+/g, ' ').trim(),
    z.string({ error: t.errors.name }).min(1, t.errors.name).max(NAME_MAX, t.errors.nameTooLong(NAME_MAX)),
  ),
  email: z.string({ error: t.errors.email }).trim().toLowerCase().max(254, t.errors.email).pipe(z.email(t.errors.email)),
  topic: z.enum(CONTACT_TOPICS, { error: t.errors.topic }),
  // Optional; typed in any case, with or without dashes or the KK prefix, stored as KK-XXXX-XXXX.
  orderNumber: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const raw = v?.trim() ?? '';
      if (!raw) return null;
      const normal = raw.length <= 40 ? normaliseOrderNumber(raw) : null;
      if (!normal) {
        ctx.addIssue({ code: 'custom', message: t.errors.orderNumber });
        return z.NEVER;
      }
      return normal;
    }),
  // Line breaks kept (as \n); only the ends are trimmed. Counted in code points, like the counter shows.
  message: z.preprocess(
    (v) => text(v)?.replace(/\r\n?/g, '\n').trim(),
    z
      .string({ error: t.errors.message })
      .min(1, t.errors.message)
      .refine((m) => m === '' || [...m].length >= MESSAGE_MIN, t.errors.messageTooShort(MESSAGE_MIN))
      .refine((m) => [...m].length <= MESSAGE_MAX, t.errors.messageTooLong(MESSAGE_MAX)),
  ),
  // A missing or damaged token cannot be fixed by the visitor: a fresh form (the page reloads its token).
  token: z.string({ error: t.errors.expired }).regex(TOKEN_PATTERN, t.errors.expired),
});
export type ContactInput = z.output<typeof contactSchema>;
