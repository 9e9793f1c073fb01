import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useFetcher } from 'react-router';
import { useFormAddress } from '~/components/part-memo.tsx';
import { JsField } from '~/components/js-field.tsx';
import { buttonClass } from '~/components/ui/button.ts';
import { newsletter as t } from '~/i18n/nl/newsletter.ts';

export type NewsletterAnswer = { ok: true; message: string } | { ok: false; field?: string; message: string };

/**
 * The sign-up form (footer, home page, /nieuwsbrief). With JavaScript a fetcher answers in place; without
 * it the form posts to /nieuwsbrief, which redirects back with a toast (or shows the error next to the field).
 */
export function NewsletterForm({ source, tone = 'light', answer }: { source: 'footer' | 'home' | 'page'; tone?: 'light' | 'dark'; answer?: NewsletterAnswer }) {
  const fetcher = useFetcher<NewsletterAnswer>();
  const address = useFormAddress();
  const id = useId();
  const result = fetcher.data ?? answer;
  const busy = fetcher.state !== 'idle';
  const fieldError = result && !result.ok && result.field === 'email' ? result.message : null;
  const dark = tone === 'dark';
  return (
    // Always the fetcher's form (a plain post until hydrated): switching the component at hydration would remount
    // the field and drop what the visitor already typed.
    <fetcher.Form method="post" action="/nieuwsbrief" className="w-full" data-testid={`newsletter-${source}`} noValidate>
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirectTo" value={address} />
      <JsField />
      {/* The honeypot: off-screen and out of the tab order; only bots fill it in. */}
      <div className="absolute -left-[9999px]" aria-hidden>
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <label htmlFor={`${id}-email`} className={`text-sm font-medium ${dark ? 'text-white' : 'text-slate-800'}`}>
        {t.email}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Mail className="pointer-events-none absolute top-1/2 left-3.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            required
            autoComplete="email"
            inputMode="email"
            placeholder={t.placeholder}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-status`}
            className="w-full rounded-full border border-slate-300 bg-white py-2.5 pr-4 pl-10 text-slate-900 placeholder:text-slate-400 focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none"
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass(dark ? 'secondary' : 'primary', 'md', 'shrink-0')}>
          {busy ? t.busy : t.submit}
        </button>
      </div>
      <p id={`${id}-status`} role="status" aria-live="polite" className="mt-2 min-h-5 text-sm" data-testid="newsletter-status">
        {result ? <span className={result.ok ? (dark ? 'text-primary-100' : 'text-primary-800') : dark ? 'text-red-100' : 'text-red-700'}>{result.message}</span> : null}
      </p>
    </fetcher.Form>
  );
}
