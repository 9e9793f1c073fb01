import { Plus } from 'lucide-react';
import { data, Link } from 'react-router';
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { validity } from '~/modules/coupons/coupons.ts';
import { listPromotions, setPromotionActive } from '~/modules/coupons/promotions.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { type Column, DataList } from '~/components/backoffice/data-list.tsx';
import { validityText } from '~/modules/cart/components/coupon-fields.tsx';
import { ActiveToggle } from '~/components/backoffice/row-form.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/promotions.ts';

const t = backoffice.promotions;
const c = backoffice.coupons;
const idSchema = z.coerce.number().int().positive().max(2 ** 31 - 1);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  return { rows: await listPromotions(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const toggle = (active: boolean) => async (form: FormData) => {
    const id = idSchema.safeParse(form.get('id'));
    if (!id.success) throw data(t.notFound, { status: 400 });
    if (!(await setPromotionActive(context.db, actor, id.data, active))) throw data(t.notFound, { status: 404 });
    return { done: active ? t.enabled : t.disabled };
  };
  return dispatchIntent(await readForm(request), { enable: toggle(true), disable: toggle(false) }, { invalid: t.notFound });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const STATUS_TONE = { current: 'green', scheduled: 'blue', expired: 'slate', used_up: 'amber', disabled: 'red' } as const;

type Row = Route.ComponentProps['loaderData']['rows'][number];

const columns: Column<Row>[] = [
  {
    label: t.col.name,
    cell: (p) => (
      <Link to={`/beheer/acties/${p.id}`} className="font-semibold text-primary-800 underline-offset-2 hover:underline">
        {p.name}
      </Link>
    ),
  },
  {
    label: t.col.gift,
    cell: (p) => (
      <span>
        {t.gift(p.quantity, p.product, p.seeds)}
        <span className="block text-xs text-slate-500">{t.stock(p.stock)}</span>
      </span>
    ),
  },
  { label: t.col.threshold, align: 'right', className: 'whitespace-nowrap tabular-nums', cell: (p) => (p.threshold.EUR === undefined ? '–' : formatMoney(p.threshold.EUR, 'EUR')) },
  { label: t.col.validity, className: 'whitespace-nowrap text-slate-600', cell: validityText },
  { label: t.col.status, cell: (p) => <Badge tone={STATUS_TONE[validity(p)]}>{c.statuses[validity(p)]}</Badge> },
  { label: c.disable, hideLabel: true, align: 'right', cell: (p) => <ActiveToggle field="id" value={p.id} active={p.active} labels={c} ariaLabel={(label) => `${label}: ${p.name}`} /> },
];

export default function BackofficePromotions({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        <Link to="/beheer/acties/nieuw" className={smallButton.primary}>
          <Plus className="h-4 w-4" aria-hidden /> {t.newPromotion}
        </Link>
      </PageHeader>
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      <DataList
        label={t.tableLabel}
        testId="promotions-table"
        rows={d.rows}
        rowTestId="promotion-row"
        columns={columns}
        empty={t.empty}
        count={t.count(d.rows.length)}
      />
    </>
  );
}
