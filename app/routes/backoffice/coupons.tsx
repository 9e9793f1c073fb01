import { Layers, Plus } from 'lucide-react';
import { type Column, DataList, FilterSelect, ListFilters, SearchField } from '~/components/backoffice/data-list.tsx';
import { data, Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { couponKinds } from '~/modules/cart/cart.ts';
import { type CouponFilter, couponOrigins, COUPON_PAGE_SIZE, couponStatuses, validity } from '~/modules/coupons/coupons.ts';
import { listCoupons, setCouponActive } from '~/modules/coupons/coupons.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { validityText } from '~/modules/cart/components/coupon-fields.tsx';
import { ActiveToggle } from '~/components/backoffice/row-form.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/coupons.ts';
import { listPage, pageCount } from '~/lib/list-page.ts';

const t = backoffice.coupons;
const codeSchema = z.string().trim().min(1).max(60);
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
  const page = listPage(q);
  const { rows, total } = await listCoupons(context.db, filter, page);
  return { rows, total, page, pageCount: pageCount(total, COUPON_PAGE_SIZE), origin: filter.origin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const toggle = (active: boolean) => async (form: FormData) => {
    const code = codeSchema.safeParse(form.get('code'));
    if (!code.success) throw data(t.notFound, { status: 400 });
    if (!(await setCouponActive(context.db, actor, code.data.toUpperCase(), active))) throw data(t.notFound, { status: 404 });
    return { done: active ? t.enabled : t.disabled, code: code.data.toUpperCase() };
  };
  return dispatchIntent(await readForm(request), { enable: toggle(true), disable: toggle(false) }, { invalid: t.notFound });
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

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: Column<Row>[] = [
  {
    label: t.col.code,
    className: 'whitespace-nowrap',
    cell: (c) => (
      <Link to={`/beheer/kortingscodes/${encodeURIComponent(c.code)}`} className="font-mono text-xs font-semibold text-primary-800 underline-offset-2 hover:underline">
        {c.code}
      </Link>
    ),
  },
  { label: t.col.kind, className: 'whitespace-nowrap', cell: (c) => t.kinds[c.kind] },
  {
    label: t.col.value,
    className: 'whitespace-nowrap',
    cell: (c) => (
      <span>
        {couponValue(c)}
        {c.minOrder ? <span className="block text-xs text-slate-500">{t.minOrder(formatMoney(c.minOrder, 'EUR'))}</span> : null}
      </span>
    ),
  },
  { label: t.col.validity, className: 'whitespace-nowrap text-slate-600', cell: validityText },
  { label: t.col.public, cell: (c) => (c.isPublic ? <Badge tone="blue">{t.yes}</Badge> : <span className="text-slate-500">{t.no}</span>) },
  { label: t.col.status, cell: (c) => <Badge tone={STATUS_TONE[validity(c)]}>{t.statuses[validity(c)]}</Badge> },
  { label: t.col.used, align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (c) => <span data-testid="coupon-used">{t.used(c.used, c.usageLimit)}</span> },
  { label: t.edit, hideLabel: true, align: 'right', cell: (c) => <ActiveToggle field="code" value={c.code} active={c.active} labels={t} ariaLabel={(label) => `${label} ${c.code}`} /> },
];

export default function BackofficeCoupons({ loaderData: d, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const current = (name: string) => params.get(name) ?? '';
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
      <ListFilters grid="grid grid-cols-2 md:grid-cols-5" label={t.filters} apply={t.apply} reset={t.reset} resetTo="/beheer/kortingscodes">
        <SearchField label={t.search} value={current('zoek')} maxLength={60} className="col-span-2 md:col-span-1" />
        <FilterSelect name="status" label={t.status} value={current('status')} all={t.all} options={couponStatuses.map((v) => ({ value: v, label: t.statuses[v] }))} />
        <FilterSelect name="soort" label={t.col.kind} value={current('soort')} all={t.all} options={couponKinds.map((v) => ({ value: v, label: t.kinds[v] }))} />
        <FilterSelect name="herkomst" label={t.origin} value={d.origin} all={null} options={couponOrigins.map((v) => ({ value: v, label: t.origins[v] }))} />
      </ListFilters>
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      <DataList
        label={t.tableLabel}
        testId="coupons-table"
        rows={d.rows}
        rowKey={(c) => c.code}
        rowTestId="coupon-row"
        columns={columns}
        empty={t.empty}
        count={t.count(d.total)}
        page={d.page}
        pageCount={d.pageCount}
      />
    </>
  );
}
