import { parse, type Submission } from '@conform-to/react';

/**
 * Conform's `onValidate` for forms that are validated on the server only (ADR 023): every submit goes to the
 * action, which parses it with the module's Zod schema and answers `submission.reply()` with the Dutch
 * messages. Zod never reaches the browser. Conform still needs a client validator for its own intents
 * (`form.update`, `form.reset`): without one it would send those to the server as a submit.
 * (The value is never read in the browser, hence `never`: it fits every form's output type.)
 */
export function serverValidation({ formData }: { formData: FormData }): Submission<never, string[], never> {
  return parse<never, string[]>(formData, { resolve: () => ({}) });
}
