// One pack (ADR 034): change its stock as a recorded movement, set its low-stock threshold and prices, see its movements.
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { clockTime, longDate } from '~/lib/format.ts';
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { CURRENCIES } from '~/modules/catalog/pack-pricing.ts';
import { formReasons, isLow, priceInput, STOCK_NOTE_MAX } from '~/modules/catalog/stock.ts';
import { packSettingsSchema, stockChangeSchema } from '~/modules/catalog/stock.schemas.ts';
import { changeStock, packDetail, StockError, updatePackSettings } from '~/modules/catalog/stock.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-pack.ts';

const t = backoffice.stock;

const packIdOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const id = packIdOf(params.packId);
  const detail = id ? await packDetail(context.db, id) : null;
  if (!detail) throw data(t.errors.not_found, { status: 404 });
  // A fresh key per rendered stock form: submitting the same form twice moves stock once.
  return { ...detail, key: crypto.randomUUID() };
}

type ActionData = { intent: 'stock' | 'settings'; result: SubmissionResult<string[]>; done?: string; error?: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const form = await readForm(request);
  const id = packIdOf(params.packId);
  if (!id) throw data(t.errors.not_found, { status: 404 });
  form.set('packId', String(id));
  const refusal = (e: unknown) => {
    if (e instanceof StockError && e.code !== 'import_errors' && e.code !== 'stale' && e.code !== 'nothing_selected') return t.errors[e.code];
    throw e;
  };
  if (form.get('intent') === 'settings') {
    const submission = parseWithZod(form, { schema: packSettingsSchema });
    if (submission.status !== 'success') return data<ActionData>({ intent: 'settings', result: submission.reply() }, { status: 400 });
    try {
      const { changed } = await updatePackSettings(context.db, actor, { packId: id, threshold: submission.value.threshold, prices: submission.value.prices ?? {} });
      return data<ActionData>({ intent: 'settings', result: submission.reply(), done: changed ? t.settingsSaved : t.settingsUnchanged });
    } catch (e) {
      return data<ActionData>({ intent: 'settings', result: submission.reply(), error: refusal(e) }, { status: 409 });
    }
  }
  const submission = parseWithZod(form, { schema: stockChangeSchema });
  if (submission.status !== 'success') return data<ActionData>({ intent: 'stock', result: submission.reply() }, { status: 400 });
  try {
    const r = await changeStock(context.db, actor, submission.value);
    // A repeated submit of a form already handled: the page shows the stock as it is now.
    if (!r.done) return data<ActionData>({ intent: 'stock', result: submission.reply({ resetForm: true }) });
    const delta = r.delta! > 0 ? `+${r.delta}` : `−${Math.abs(r.delta!)}`;
    return data<ActionData>({ intent: 'stock', result: submission.reply({ resetForm: true }), done: t.changed(delta, r.stock!) });
  } catch (e) {
    const message = refusal(e);
    return data<ActionData>({ intent: 'stock', result: submission.reply({ fieldErrors: { amount: [message] } }) }, { status: 409 });
  }
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d ? t.packTitle(d.pack.strain, t.packSize(d.pack.seeds, d.pack.isFree)) : t.title} | ${backoffice.title}` },
  { name: 'robots', content: 'noindex' },
];
export const ErrorBoundary = BackofficeError;

const signed = (n: number) => (n > 0 ? `+${n}` : `−${Math.abs(n)}`);

function StockForm({ d, answer }: { d: Route.ComponentProps['loaderData']; answer: ActionData | undefined }) {
  const navigation = useNavigation();
  const mine = answer?.intent === 'stock' ? answer : undefined;
  const [form, fields] = useForm<{ mode: string; amount: string; reason: string; note: string }>({
    id: `stock-${d.key}`,
    lastResult: navigation.state === 'idle' ? mine?.result : undefined,
    defaultValue: { mode: 'delta', reason: 'received' },
    shouldRevalidate: 'onInput',
  });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'stock';
  return (
    <Panel title={t.change}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
        <input type="hidden" name="intent" value="stock" />
        <input type="hidden" name="key" value={d.key} />
        <input type="hidden" name="basis" value={d.pack.stock} />
        {mine?.done ? <Alert tone="success">{mine.done}</Alert> : null}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t.mode}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(['delta', 'count'] as const).map((m) => (
              <label key={m} className="flex cursor-pointer gap-2 rounded-lg p-3 text-sm ring-1 ring-slate-200 has-[:checked]:bg-primary-50 has-[:checked]:ring-primary-300">
                <input {...getInputProps(fields.mode, { type: 'radio', value: m })} id={`${fields.mode.id}-${m}`} className="mt-0.5" />
                <span>
                  <span className="block font-medium text-slate-900">{t.modes[m]}</span>
                  <span className="block text-xs text-slate-600">{t.modeHints[m]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t.amount} meta={fields.amount}>
            <input {...getInputProps(fields.amount, { type: 'text' })} inputMode="numeric" autoComplete="off" className={`${fieldClass} tabular-nums`} />
          </Field>
          <Field label={t.reason} meta={fields.reason}>
            <select {...getSelectProps(fields.reason)} className={fieldClass}>
              {formReasons.map((r) => (
                <option key={r} value={r}>
                  {t.reasons[r]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label={t.note} meta={fields.note} hint={t.noteHint}>
          <textarea {...getTextareaProps(fields.note)} rows={2} maxLength={STOCK_NOTE_MAX} className={fieldClass} />
        </Field>
        <button type="submit" className={smallButton.primary} disabled={busy}>
          {t.save}
        </button>
      </Form>
    </Panel>
  );
}

function SettingsForm({ d, answer }: { d: Route.ComponentProps['loaderData']; answer: ActionData | undefined }) {
  const navigation = useNavigation();
  const mine = answer?.intent === 'settings' ? answer : undefined;
  const defaults = { threshold: String(d.pack.threshold), prices: Object.fromEntries(CURRENCIES.map((c) => [c, d.pack.prices[c] === undefined ? '' : priceInput(d.pack.prices[c])])) };
  const [form, fields] = useForm<{ threshold: string; prices: Record<string, string> }>({
    id: 'pack-settings',
    lastResult: navigation.state === 'idle' ? mine?.result : undefined,
    defaultValue: defaults,
    shouldRevalidate: 'onInput',
  });
  const prices = fields.prices.getFieldset() as Record<string, ReturnType<typeof fields.prices.getFieldset>[string]>;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'settings';
  return (
    <Panel title={t.settings}>
      <Form method="post" {...getFormProps(form)} className="space-y-4 p-4">
        <input type="hidden" name="intent" value="settings" />
        {mine?.done ? <Alert tone="success">{mine.done}</Alert> : null}
        {mine?.error ? <Alert>{mine.error}</Alert> : null}
        <Field label={t.threshold} meta={fields.threshold} className="max-w-40">
          <input {...getInputProps(fields.threshold, { type: 'text' })} inputMode="numeric" autoComplete="off" className={`${fieldClass} tabular-nums`} />
        </Field>
        <p className="text-xs text-slate-600">{t.settingsIntro}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {CURRENCIES.map((c) => (
            <Field key={c} label={t.price(c)} meta={prices[c]!}>
              <input {...getInputProps(prices[c]!, { type: 'text' })} inputMode="decimal" autoComplete="off" disabled={d.pack.isFree} className={`${fieldClass} tabular-nums disabled:bg-slate-50`} />
            </Field>
          ))}
        </div>
        <button type="submit" className={smallButton.primary} disabled={busy}>
          {t.saveSettings}
        </button>
      </Form>
    </Panel>
  );
}

export default function BackofficeStockPack({ loaderData: d, actionData }: Route.ComponentProps) {
  const p = d.pack;
  const low = isLow(p.stock, p.threshold);
  return (
    <>
      <Link to="/beheer/voorraad" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={t.packTitle(p.strain, t.packSize(p.seeds, p.isFree))} intro={t.packIntro}>
        <a href={`/product/${p.slug}`} className={smallButton.secondary}>
          <ExternalLink className="h-4 w-4" aria-hidden /> {t.viewInShop}
        </a>
      </PageHeader>
      <div className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.current}</p>
          <p className="mt-1 flex items-center gap-2 text-3xl font-bold text-slate-900 tabular-nums" data-testid="pack-stock">
            {p.stock}
            {low ? <Badge tone={p.stock <= 0 ? 'red' : 'amber'}>{p.stock <= 0 ? t.soldOut : t.low}</Badge> : null}
          </p>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.threshold}</p>
          <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{p.threshold}</p>
        </div>
        <div className="col-span-2 rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:col-span-1">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.sku}</p>
          <p className="mt-2 font-mono text-sm break-all text-slate-900">{p.sku}</p>
          <p className="mt-1 text-sm text-slate-600">{p.prices.EUR !== undefined ? formatMoney(p.prices.EUR, 'EUR') : '—'}</p>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {/* Keyed by the form's key: after a change the new page state brings a fresh, empty form. */}
        <StockForm key={d.key} d={d} answer={actionData} />
        <SettingsForm d={d} answer={actionData} />
      </div>
      <Panel title={t.movements} className="mt-4">
        {d.movements.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-600">{t.movementsEmpty}</p>
        ) : (
          <div className={table.wrap} {...scrollArea(t.movements)}>
            <table className={table.table} data-testid="movements">
              <thead>
                <tr>
                  <th className={table.th}>{t.when}</th>
                  <th className={`${table.th} text-right`}>{t.delta}</th>
                  <th className={`${table.th} text-right`}>{t.after}</th>
                  <th className={table.th}>{t.reason}</th>
                  <th className={table.th}>{t.who}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.movements.map((m) => (
                  <tr key={m.id}>
                    <td className={`${table.td} whitespace-nowrap text-slate-600`}>
                      {longDate(m.createdAt)} {clockTime(m.createdAt)}
                    </td>
                    <td className={`${table.td} text-right font-semibold tabular-nums ${m.delta > 0 ? 'text-green-800' : 'text-red-700'}`}>{signed(m.delta)}</td>
                    <td className={`${table.td} text-right tabular-nums`}>{m.resultingStock}</td>
                    <td className={`${table.td} min-w-48`}>
                      {t.reasons[m.reason]}
                      {m.note ? <span className="block text-xs break-words text-slate-600">{m.note}</span> : null}
                    </td>
                    <td className={`${table.td} text-slate-600`}>{m.actor}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
