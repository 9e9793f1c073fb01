import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { JsField } from '~/components/js-field.tsx';
import { useShop } from '~/components/shop-context.ts';
import { buttonClass } from '~/components/ui/button.ts';
import { catalog as catalogText } from '~/i18n/nl/catalog.ts';
import { restock as t } from '~/i18n/nl/restock.ts';

export type RestockAnswer = { ok: true; message: string } | { ok: false; field?: 'email' | 'pack'; message: string };

/**
 * "Mail me als het er weer is" under the sold-out packs (ADR 068). The product page is cached for everyone
 * (ADR 047), so the server renders the guest's form; the e-mail may stay empty for a logged-in customer, and
 * once the page runs scripts their field is hidden. Without JavaScript it posts to /weer-op-voorraad, which
 * sends them back with a toast, or shows the error next to the field.
 */
export function RestockForm({ packs, answer }: { packs: { id: number; seeds: number }[]; answer?: RestockAnswer }) {
  const fetcher = useFetcher<{ answer: RestockAnswer }>();
  const location = useLocation();
  const loggedIn = !!useShop()?.user;
  const id = useId();
  const result = fetcher.data?.answer ?? answer;
  const fieldError = (field: string) => (result && !result.ok && result.field === field ? result.message : null);
  const inputClass =
    'mt-1.5 w-full rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-primary-600 focus:ring-2 focus:ring-primary-600/30 focus:outline-none';
  return (
    <fetcher.Form method="post" action="/weer-op-voorraad" className="rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200" data-testid="restock-form" noValidate>
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <BellRing className="h-4 w-4 text-primary-700" aria-hidden />
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.lead}</p>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <JsField />
      {packs.length === 1 ? (
        <input type="hidden" name="pack" value={packs[0]!.id} />
      ) : (
        <div className="mt-3">
          <label htmlFor={`${id}-pack`} className="text-sm font-medium text-slate-800">
            {t.pack}
          </label>
          <select id={`${id}-pack`} name="pack" className={inputClass} aria-invalid={fieldError('pack') ? true : undefined}>
            {packs.map((p) => (
              <option key={p.id} value={p.id}>
                {catalogText.seeds(p.seeds)}
              </option>
            ))}
          </select>
        </div>
      )}
      {loggedIn ? null : (
        <div className="mt-3">
          <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
            {t.email}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t.placeholder}
            aria-invalid={fieldError('email') ? true : undefined}
            aria-describedby={`${id}-hint ${id}-status`}
            className={inputClass}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {t.emailHint}
          </p>
        </div>
      )}
      <button type="submit" disabled={fetcher.state !== 'idle'} className={buttonClass('secondary', 'md', 'mt-3 w-full')}>
        {fetcher.state !== 'idle' ? t.busy : t.submit}
      </button>
      <p id={`${id}-status`} role="status" aria-live="polite" className="mt-2 min-h-5 text-sm" data-testid="restock-status">
        {result ? <span className={result.ok ? 'text-primary-800' : 'text-red-700'}>{result.message}</span> : null}
      </p>
    </fetcher.Form>
  );
}
