// Bulk price change (ADR 034): the list's filter chooses the packs; a percentage and a rounding give the new
// prices; a preview shows every old and new price; applying saves them in one transaction, once per form.
import { ArrowLeft } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { BulkPricePreview, type BulkPriceReply, FilterFields } from '~/modules/catalog/components/bulk-price-preview.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CURRENCIES } from '~/modules/catalog/pack-pricing.ts';
import { roundings, type StockQuery } from '~/modules/catalog/stock.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import type { Route } from './+types/stock-prices.ts';
import { pricesAction, pricesLoader } from './stock-prices.server.ts';

const t = backoffice.stock;

export const loader = (args: Route.LoaderArgs) => pricesLoader(args);
export const action = (args: Route.ActionArgs) => pricesAction(args);

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.bulkTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

function selectionText(q: StockQuery): string {
  const parts = [q.q ? `"${q.q}"` : null, q.flowering ? t.identity[q.flowering] : null, q.sex ? t.identity[q.sex] : null, q.seeds ? t.packSize(q.seeds, false) : null, q.low ? t.lowOnly : null];
  return parts.filter(Boolean).join(' · ') || t.all;
}

export default function BackofficeStockPrices({ loaderData: d, actionData: reply }: Route.ComponentProps) {
  const actionData = reply as BulkPriceReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<{ percent: string; rounding: string; currencies: string[] }>({
    id: 'bulk-prices',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { rounding: 'x95' },
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state !== 'idle';
  const p = actionData?.preview;
  const sentCurrencies = (actionData?.result?.initialValue?.currencies ?? []) as string[] | string;
  const checked = new Set(Array.isArray(sentCurrencies) ? sentCurrencies : [sentCurrencies]);
  return (
    <>
      <Link to={d.filter ? `/beheer/voorraad?${d.filter}` : '/beheer/voorraad'} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={t.bulkTitle} intro={t.bulkIntro} />
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
      <Panel className="mb-4">
        <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
          <input type="hidden" name="intent" value="preview" />
          <FilterFields query={d.query} />
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{t.selection}:</span> {selectionText(d.query)}{' '}
            <Link to={d.filter ? `/beheer/voorraad?${d.filter}` : '/beheer/voorraad'} className="text-primary-800 underline underline-offset-2">
              {t.changeSelection}
            </Link>
          </p>
          <div className="grid gap-4 md:grid-cols-2">
            <Field label={t.percent} meta={fields.percent} hint={t.percentHint}>
              <input {...getInputProps(fields.percent, { type: 'text' })} inputMode="decimal" autoComplete="off" className={`${fieldClass} max-w-40 tabular-nums`} />
            </Field>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">{t.rounding}</legend>
              <div className="mt-1 space-y-2">
                {roundings.map((r) => (
                  <label key={r} className="flex gap-2 text-sm text-slate-800">
                    <input {...getInputProps(fields.rounding, { type: 'radio', value: r })} id={`${fields.rounding.id}-${r}`} className="mt-0.5" />
                    <span>
                      <span className="font-medium">{t.roundings[r]}</span>
                      <span className="block text-xs text-slate-600">{t.roundingHints[r]}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">{t.currencies}</legend>
            <p className="text-xs text-slate-600">{t.currenciesHint}</p>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {CURRENCIES.map((c) => (
                <label key={c} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
                  <input type="checkbox" name="currencies" value={c} defaultChecked={checked.has(c)} className="h-4 w-4 rounded border-slate-300" />
                  {c}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.preview}
          </button>
        </Form>
      </Panel>
      {p ? <BulkPricePreview p={p} query={d.query} busy={busy} /> : null}
    </>
  );
}
