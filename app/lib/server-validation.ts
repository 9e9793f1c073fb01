import { parse, type Submission } from '@conform-to/react';

/**
 * Conform's `onValidate` for forms that are validated on the server only (ADR 023): every submit goes to the
 * action, which parses it with the module's Zod schema and answers `submission.reply()` with the Dutch
 * messages. Zod never reaches the browser. Conform still needs a client validator for its own intents
 * (`form.update`, `form.reset`): without one it would send those to the server as a submit.
 *
 * With `shouldRevalidate: 'onInput'`, editing a field the server refused clears that field's message (the
 * server checks it again on the next submit); every other message stays (`null` = keep, in Conform).
 * The value is never read in the browser, hence `never`: it fits every form's output type.
 */
export function serverValidation({ form, formData }: { form: HTMLFormElement; formData: FormData }): Submission<never, string[], never> {
  return parse<never, string[]>(formData, {
    resolve: (_payload, intent) => {
      if (intent?.type !== 'validate') return {};
      const edited = intent.payload.name ?? '';
      const keep: Record<string, null> = { '': null };
      for (const el of Array.from(form.elements) as HTMLInputElement[]) {
        // A field and the groups it sits in (`shipping.city` → `shipping`): their messages stay.
        const parts = (el.name ?? '').split('.');
        for (let i = 1; i <= parts.length; i++) keep[parts.slice(0, i).join('.')] = null;
      }
      delete keep[edited];
      return { error: keep };
    },
  });
}
