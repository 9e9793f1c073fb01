import { Layers, Plus, Search } from 'lucide-react';
import { data, Form, Link, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { formatMoney } from '~/lib/money.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { couponKinds } from '~/modules/cart/cart.ts';
import { type CouponFilter, couponOrigins, COUPON_PAGE_SIZE, couponStatuses, validity } from '~/modules/coupons/coupons.ts';
import { listCoupons, setCouponActive } from '~/modules/coupons/coupons.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, fieldClass, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { FilterButtons, ListBar, Pager } from '~/modules/staff/components/list-parts.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupons.ts';

const t = backoffice.coupons;
const toggleSchema = z.object({ intent: z.enum(['disable', 'enable']), code: z.string().trim().min(1).max(60) });
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined => (list as readonly string[]).includes(v ?? '') ? (v as T) : undefined;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  const q = new URL(request.url).searchParams;
  const filter: CouponFilter = {
    q: (q.get('zoek') ?? '').slice(0, 60),
    status: oneOf(couponStatuses, q.get('status')),
    kind: oneOf(couponKinds, q.get('soort')),
    origin: oneOf(couponOrigins, q.get('herkomst')) ?? 'los',
  };
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(q.get('pagina')) || 1)));
  const { rows, total } = await listCoupons(context.db, filter, page);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / COUPON_PAGE_SIZE)), origin: filter.origin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(t.notFound, { status: 400 });
  const { intent, code } = parsed.data;
  if (!(await setCouponActive(context.db, actor, code.toUpperCase(), intent === 'enable'))) throw data(t.notFound, { status: 404 });
  return { done: intent === 'enable' ? t.enabled : t.disabled, code: code.toUpperCase() };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const STATUS_TONE = { current: 'green', scheduled: 'blue', expired: 'slate', used_up: 'amber', disabled: 'red' } as const;

function couponValue(c: { kind: (typeof couponKinds)[number]; percent: number; amount: number | null }) {
  if (c.kind === 'percent') return t.value.percent(c.percent);
  if (c.kind === 'fixed') return c.amount === null ? '–' : formatMoney(c.amount, 'EUR');
  return t.value.free_shipping;
}

function validityText(c: { validFrom: Date | string | null; validUntil: Date | string | null }) {
  if (c.validFrom && c.validUntil) return t.fromTo(longDate(c.validFrom), longDate(c.validUntil));
  if (c.validFrom) return t.from(longDate(c.validFrom));
  if (c.validUntil) return t.until(longDate(c.validUntil));
  return t.always;
}

function Choice({ name, label, value, options, all = true }: { name: string; label: string; value: string; options: { value: string; label: string }[]; all?: boolean }) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={fieldClass}>
        {all ? <option value="">{t.all}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export default function BackofficeCoupons({ loaderData: d, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const current = (name: string) => params.get(name) ?? '';
  const href = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('pagina', String(page));
    return `?${next}`;
  };
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        <div className="flex flex-wrap gap-2">
          <Link to="/beheer/kortingscodes/reeks" className={smallButton.secondary}>
            <Layers className="h-4 w-4" aria-hidden /> {t.batch}
          </Link>
          <Link to="/beheer/kortingscodes/nieuw" className={smallButton.primary}>
            <Plus className="h-4 w-4" aria-hidden /> {t.newCoupon}
          </Link>
        </div>
      </PageHeader>
      <Panel className="mb-4">
        <Form method="get" className="grid grid-cols-2 items-end gap-3 p-4 md:grid-cols-5" aria-label={t.filters}>
          <label className="col-span-2 block text-xs font-medium text-slate-700 md:col-span-1">
            {t.search}
            <span className="relative block">
              <Search className="pointer-events-none absolute top-1/2 left-2.5 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
              <input type="search" name="zoek" defaultValue={current('zoek')} maxLength={60} className={`${fieldClass} pl-8`} />
            </span>
          </label>
          <Choice name="status" label={t.status} value={current('status')} options={couponStatuses.map((v) => ({ value: v, label: t.statuses[v] }))} />
          <Choice name="soort" label={t.col.kind} value={current('soort')} options={couponKinds.map((v) => ({ value: v, label: t.kinds[v] }))} />
          <Choice name="herkomst" label={t.origin} value={d.origin} all={false} options={couponOrigins.map((v) => ({ value: v, label: t.origins[v] }))} />
          <div className="col-span-2 flex gap-2 md:col-span-1">
            <FilterButtons apply={t.apply} reset={t.reset} resetTo="/beheer/kortingscodes" />
          </div>
        </Form>
      </Panel>
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      <Panel>
        <ListBar count={t.count(d.total)} countTestId="coupons-count" page={d.page} pageCount={d.pageCount} />
        {d.rows.length === 0 ? <p className="p-4 text-sm text-slate-600">{t.empty}</p> : null}
        {d.rows.length > 0 ? (
          <div className={`${table.wrap} relative`} {...scrollArea(t.tableLabel)}>
            <table className={table.table} data-testid="coupons-table">
              <thead>
                <tr>
                  <th className={table.th}>{t.col.code}</th>
                  <th className={table.th}>{t.col.kind}</th>
                  <th className={table.th}>{t.col.value}</th>
                  <th className={table.th}>{t.col.validity}</th>
                  <th className={table.th}>{t.col.public}</th>
                  <th className={table.th}>{t.col.status}</th>
                  <th className={`${table.th} text-right`}>{t.col.used}</th>
                  <th className={table.th}>
                    <span className="sr-only">{t.edit}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.rows.map((c) => {
                  const status = validity(c);
                  const busy = navigation.state !== 'idle' && navigation.formData?.get('code') === c.code;
                  return (
                    <tr key={c.code} className="hover:bg-slate-50" data-testid="coupon-row">
                      <td className={`${table.td} whitespace-nowrap`}>
                        <Link to={`/beheer/kortingscodes/${encodeURIComponent(c.code)}`} className="font-mono text-xs font-semibold text-primary-800 underline-offset-2 hover:underline">
                          {c.code}
                        </Link>
                      </td>
                      <td className={`${table.td} whitespace-nowrap`}>{t.kinds[c.kind]}</td>
                      <td className={`${table.td} whitespace-nowrap`}>
                        {couponValue(c)}
                        {c.minOrder ? <span className="block text-xs text-slate-500">{t.minOrder(formatMoney(c.minOrder, 'EUR'))}</span> : null}
                      </td>
                      <td className={`${table.td} whitespace-nowrap text-slate-600`}>{validityText(c)}</td>
                      <td className={table.td}>{c.isPublic ? <Badge tone="blue">{t.yes}</Badge> : <span className="text-slate-500">{t.no}</span>}</td>
                      <td className={table.td}>
                        <Badge tone={STATUS_TONE[status]}>{t.statuses[status]}</Badge>
                      </td>
                      <td className={`${table.td} text-right whitespace-nowrap tabular-nums`} data-testid="coupon-used">
                        {t.used(c.used, c.usageLimit)}
                      </td>
                      <td className={`${table.td} text-right`}>
                        <Form method="post" className="inline">
                          <input type="hidden" name="code" value={c.code} />
                          <button type="submit" name="intent" value={c.active ? 'disable' : 'enable'} className={c.active ? smallButton.danger : smallButton.quiet} disabled={busy} aria-label={`${c.active ? t.disable : t.enable} ${c.code}`}>
                            {c.active ? t.disable : t.enable}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        <Pager page={d.page} pageCount={d.pageCount} href={href} />
      </Panel>
    </>
  );
}
