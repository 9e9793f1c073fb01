import { z } from 'zod';
import { consent as t } from '~/i18n/nl/consent.ts';

// A checked checkbox posts "on"; an unchecked one posts nothing.
const box = z.preprocess((v) => v === 'on', z.boolean());

export const ConsentChoiceSchema = z.object({
  choice: z.enum(['all', 'necessary', 'custom'], { error: t.invalid }),
  statistics: box,
  marketing: box,
  redirectTo: z.string().optional(),
});

/** What the visitor allowed: the buttons are shortcuts, "custom" takes the boxes as ticked. */
export function allowed(input: z.infer<typeof ConsentChoiceSchema>) {
  if (input.choice === 'all') return { statistics: true, marketing: true };
  if (input.choice === 'necessary') return { statistics: false, marketing: false };
  return { statistics: input.statistics, marketing: input.marketing };
}
