import { Plus } from 'lucide-react';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { longDate } from '~/lib/format.ts';
import { readForm } from '~/lib/form.server.ts';
import { formatMoney } from '~/lib/money.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { validity } from '~/modules/coupons/coupons.ts';
import { listPromotions, setPromotionActive } from '~/modules/coupons/promotions.server.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { Badge, PageHeader, Panel, scrollArea, smallButton, table } from '~/modules/staff/components/backoffice-shell.tsx';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/promotions.ts';

const t = backoffice.promotions;
const c = backoffice.coupons;
const toggleSchema = z.object({ intent: z.enum(['disable', 'enable']), id: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'promotions.manage');
  return { rows: await listPromotions(context.db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'promotions.manage');
  const parsed = toggleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data(t.notFound, { status: 400 });
  if (!(await setPromotionActive(context.db, actor, parsed.data.id, parsed.data.intent === 'enable'))) throw data(t.notFound, { status: 404 });
  return { done: parsed.data.intent === 'enable' ? t.enabled : t.disabled };
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

const STATUS_TONE = { current: 'green', scheduled: 'blue', expired: 'slate', used_up: 'amber', disabled: 'red' } as const;

function validityText(p: { validFrom: Date | string | null; validUntil: Date | string | null }) {
  if (p.validFrom && p.validUntil) return c.fromTo(longDate(p.validFrom), longDate(p.validUntil));
  if (p.validFrom) return c.from(longDate(p.validFrom));
  if (p.validUntil) return c.until(longDate(p.validUntil));
  return c.always;
}

export default function BackofficePromotions({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <>
      <PageHeader title={t.title} intro={t.intro}>
        <Link to="/beheer/acties/nieuw" className={smallButton.primary}>
          <Plus className="h-4 w-4" aria-hidden /> {t.newPromotion}
        </Link>
      </PageHeader>
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      <Panel>
        <div className="border-b border-slate-200 px-4 py-2 text-sm text-slate-600" data-testid="promotions-count">
          {t.count(d.rows.length)}
        </div>
        {d.rows.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t.empty}</p>
        ) : (
          <div className={`${table.wrap} relative`} {...scrollArea(t.tableLabel)}>
            <table className={table.table} data-testid="promotions-table">
              <thead>
                <tr>
                  <th className={table.th}>{t.col.name}</th>
                  <th className={table.th}>{t.col.gift}</th>
                  <th className={`${table.th} text-right`}>{t.col.threshold}</th>
                  <th className={table.th}>{t.col.validity}</th>
                  <th className={table.th}>{t.col.status}</th>
                  <th className={table.th}>
                    <span className="sr-only">{c.disable}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {d.rows.map((p) => {
                  const status = validity(p);
                  const busy = navigation.state !== 'idle' && navigation.formData?.get('id') === String(p.id);
                  return (
                    <tr key={p.id} className="hover:bg-slate-50" data-testid="promotion-row">
                      <td className={table.td}>
                        <Link to={`/beheer/acties/${p.id}`} className="font-semibold text-primary-800 underline-offset-2 hover:underline">
                          {p.name}
                        </Link>
                      </td>
                      <td className={table.td}>
                        {t.gift(p.quantity, p.product, p.seeds)}
                        <span className="block text-xs text-slate-500">{t.stock(p.stock)}</span>
                      </td>
                      <td className={`${table.td} text-right whitespace-nowrap tabular-nums`}>{p.threshold.EUR === undefined ? '–' : formatMoney(p.threshold.EUR, 'EUR')}</td>
                      <td className={`${table.td} whitespace-nowrap text-slate-600`}>{validityText(p)}</td>
                      <td className={table.td}>
                        <Badge tone={STATUS_TONE[status]}>{c.statuses[status]}</Badge>
                      </td>
                      <td className={`${table.td} text-right`}>
                        <Form method="post" className="inline">
                          <input type="hidden" name="id" value={p.id} />
                          <button type="submit" name="intent" value={p.active ? 'disable' : 'enable'} className={p.active ? smallButton.danger : smallButton.quiet} disabled={busy} aria-label={`${p.active ? c.disable : c.enable}: ${p.name}`}>
                            {p.active ? c.disable : c.enable}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
