import { Cookie } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { useShop } from '~/components/shop-context.ts';
import { buttonClass } from '~/components/ui/button.ts';
import { PrivacyNote } from '~/components/ui/privacy-note.tsx';
import { consent as t } from '~/i18n/nl/consent.ts';

/** One kind of cookie: its checkbox (fixed on for the necessary ones) with its name and what it is for. */
function ConsentOption({ title, text, input }: { title: string; text: string; input: InputHTMLAttributes<HTMLInputElement> }) {
  return (
    <label className="flex gap-3">
      <input type="checkbox" {...input} className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 text-primary-700 focus:ring-primary-600" />
      <span>
        <span className="font-medium text-slate-900">{title}</span>
        <span className="block text-slate-600">{text}</span>
      </span>
    </label>
  );
}

/**
 * The cookie choice: a card at the bottom of the page that blocks nothing (no layout shift, no focus
 * trap). "Alleen noodzakelijk" sits next to "Alles accepteren", just as large; "Zelf kiezen" opens the
 * three kinds. A plain form: it works without JavaScript too.
 */
export function ConsentBanner() {
  const shop = useShop();
  const location = useLocation();
  const navigation = useNavigation();
  if (!shop) return null;
  const busy = navigation.state === 'submitting' && navigation.formAction === '/api/consent';
  const here = location.pathname + location.search;
  return (
    <section role="region" aria-labelledby="consent-title" data-testid="consent" className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-5 print:hidden">
      <div className="mx-auto max-w-3xl rounded-3xl bg-white p-4 shadow-2xl ring-1 ring-slate-200 sm:p-6">
        <div className="flex items-start gap-3">
          <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary-100 text-primary-800 sm:flex">
            <Cookie className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="consent-title" className="text-base font-bold text-slate-900 sm:text-lg">
              {t.title}
            </h2>
            <PrivacyNote text={t.text} link={t.privacy} className="mt-1 text-sm leading-relaxed text-slate-600" />
          </div>
        </div>
        <Form method="post" action="/api/consent" preventScrollReset className="mt-4">
          <input type="hidden" name="redirectTo" value={here} />
          <details className="group mb-3 rounded-2xl open:bg-slate-50 open:p-4 open:ring-1 open:ring-slate-200">
            <summary className="inline-block cursor-pointer list-none py-1 text-sm font-semibold text-primary-800 underline underline-offset-2 [&::-webkit-details-marker]:hidden">{t.customise}</summary>
            <fieldset className="mt-3 space-y-3 text-sm">
              <legend className="sr-only">{t.customise}</legend>
              <ConsentOption title={t.necessary} text={t.necessaryText} input={{ checked: true, disabled: true }} />
              <ConsentOption title={t.statistics} text={t.statisticsText} input={{ name: 'statistics', defaultChecked: shop.consent.statistics }} />
              <ConsentOption title={t.marketing} text={t.marketingText} input={{ name: 'marketing', defaultChecked: shop.consent.marketing }} />
              <button type="submit" name="choice" value="custom" disabled={busy} className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}>
                {t.save}
              </button>
            </fieldset>
          </details>
          <div className="grid grid-cols-2 gap-3">
            <button type="submit" name="choice" value="necessary" disabled={busy} className={buttonClass('primary', 'md', 'px-2 text-sm whitespace-nowrap sm:text-base')}>
              {t.necessaryOnly}
            </button>
            <button type="submit" name="choice" value="all" disabled={busy} className={buttonClass('primary', 'md', 'px-2 text-sm whitespace-nowrap sm:text-base')}>
              {t.acceptAll}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
