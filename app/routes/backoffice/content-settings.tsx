import { parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { data, Form, useNavigation } from 'react-router';
import { Field } from '~/components/ui/form-field.tsx';
import { CategoryIcon } from '~/components/layout/category-icon.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { contentTexts } from '~/i18n/nl/backoffice-content.ts';
import { type FormMetadata, getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { saveCategories, saveFilterVisibility, saveLogoAlt, saveRedirectHosts, settingsForStaff } from '~/modules/settings/settings-admin.server.ts';
import { settingsSchema } from '~/modules/settings/settings-admin.schemas.ts';
import { categoryIcons } from '~/lib/settings.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import { can } from '~/lib/permissions.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/content-settings.ts';
import { Options } from '~/components/ui/options.tsx';
import { ContentHeader } from '~/modules/content/components/content-header.tsx';

const t = contentTexts.settings;

type Intent = 'logo' | 'filters' | 'categories' | 'redirectHosts';
const INTENTS: readonly string[] = ['logo', 'filters', 'categories', 'redirectHosts'] satisfies Intent[];
type ActionData = { result: SubmissionResult<string[]>; intent: Intent | null; done?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { staff } = await requireStaff(context.db, request, 'content.manage');
  return { ...(await settingsForStaff(context.db)), editHosts: can(staff.role, 'redirects.manage') };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, staff } = await requireStaff(context.db, request, 'content.manage');
  // The four forms share one schema (a union on the intent); the dispatch only refuses what none of them sends.
  const save = (form: FormData) => saveSettings(context.db, actor, form);
  const redirectHosts = (form: FormData) => {
    // The sites content staff may redirect to are the owner's to choose.
    if (!can(staff.role, 'redirects.manage')) throw data(backoffice.forbidden, { status: 403 });
    return save(form);
  };
  return dispatchIntent(await readForm(request), { logo: save, filters: save, categories: save, redirectHosts }, { invalid: contentTexts.notFound });
}

async function saveSettings(db: Route.ActionArgs['context']['db'], actor: Parameters<typeof saveLogoAlt>[1], form: FormData) {
  const submission = parseWithZod(form, { schema: settingsSchema });
  const sent = submission.payload.intent;
  const intent = typeof sent === 'string' && INTENTS.includes(sent) ? (sent as Intent) : null;
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(), intent }, { status: 400 });
  const v = submission.value;
  const saved =
    v.intent === 'logo'
      ? await saveLogoAlt(db, actor, v.logoAlt)
      : v.intent === 'filters'
        ? await saveFilterVisibility(db, actor, v.visible)
        : v.intent === 'redirectHosts'
          ? await saveRedirectHosts(db, actor, v.hosts)
          : await saveCategories(db, actor, v.category);
  if (!saved.ok) return data<ActionData>({ result: submission.reply({ formErrors: [saved.error === 'unknownFilter' ? t.unknownFilter : t.unknownCategory] }), intent }, { status: 400 });
  return data<ActionData>({ result: submission.reply(), intent, done: contentTexts.saved });
}

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.title} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

/** One form of the settings page: its own answer and form-level error on top, the hidden intent, the save button last. */
function SettingsForm({ intent, form, reply, hint, submit, busy, className = 'space-y-3 p-4', children }: { intent: Intent; form: FormMetadata; reply: ActionData | undefined; hint?: string; submit: string; busy: boolean; className?: string; children: ReactNode }) {
  return (
    <Form method="post" {...getFormProps(form)} className={className}>
      {reply?.done ? <Alert tone="success">{reply.done}</Alert> : null}
      {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
      {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={smallButton.primary} disabled={busy}>
        {submit}
      </button>
    </Form>
  );
}

export default function BackofficeContentSettings({ loaderData: d, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle';
  const mine = (intent: Intent) => (actionData?.intent === intent ? actionData : undefined);
  const [logoForm, logoFields] = useForm<{ logoAlt: string }>({ id: 'settings-logo', lastResult: mine('logo')?.result, defaultValue: { logoAlt: d.logoAlt }, shouldRevalidate: 'onInput' });
  const [filtersForm] = useForm({ id: 'settings-filters', lastResult: mine('filters')?.result });
  const [categoriesForm, categoriesFields] = useForm<Record<string, string>>({
    id: 'settings-categories',
    lastResult: mine('categories')?.result,
    defaultValue: { category: Object.fromEntries(d.categories.map((c) => [c.slug, { name: c.name, icon: c.icon ?? 'none' }])) },
    shouldRevalidate: 'onInput',
  });
  const [hostsForm, hostsFields] = useForm<{ hosts: string }>({ id: 'settings-redirect-hosts', lastResult: mine('redirectHosts')?.result, defaultValue: { hosts: d.redirectHosts.join('\n') }, shouldRevalidate: 'onInput' });
  return (
    <>
      <ContentHeader title={t.title} intro={t.intro} current="settings" />
      <div className="grid items-start gap-6 xl:grid-cols-2 [&>*]:min-w-0">
        <div className="space-y-6">
          <Panel title={t.logo}>
            <SettingsForm intent="logo" form={logoForm} reply={mine('logo')} submit={t.saveLogo} busy={busy}>
              <Field label={t.logoAlt} meta={logoFields.logoAlt} hint={t.logoAltHint}>
                <input {...getInputProps(logoFields.logoAlt, { type: 'text' })} maxLength={150} className={fieldClass} />
              </Field>
            </SettingsForm>
          </Panel>
          <Panel title={t.categories}>
            <SettingsForm intent="categories" form={categoriesForm} reply={mine('categories')} hint={t.categoriesHint} submit={t.saveCategories} busy={busy}>
              <ul className="divide-y divide-slate-100">
                {d.categories.map((c) => {
                  // Nested names (category.<slug>.name), as Conform's parseWithZod reads them.
                  const f = { name: categoriesFields[`category.${c.slug}.name`]!, icon: categoriesFields[`category.${c.slug}.icon`]! };
                  return (
                    <li key={c.slug} className="grid grid-cols-[2rem_minmax(0,1fr)_minmax(0,10rem)] items-start gap-3 py-3" data-testid="category-row">
                      <span className="mt-7 grid h-8 w-8 place-items-center rounded-lg bg-primary-50 text-primary-700">
                        <CategoryIcon name={c.icon} className="h-4 w-4" />
                      </span>
                      <Field label={t.categoryName(c.slug)} meta={f.name}>
                        <input {...getInputProps(f.name, { type: 'text' })} maxLength={60} className={fieldClass} />
                      </Field>
                      <Field label={t.categoryIcon(c.slug)} meta={f.icon}>
                        <select {...getSelectProps(f.icon)} className={fieldClass}>
                          <option value="none">{t.noIcon}</option>
                          <Options items={categoryIcons} label={(icon) => t.icons[icon]} />
                        </select>
                      </Field>
                    </li>
                  );
                })}
              </ul>
            </SettingsForm>
          </Panel>
          <Panel title={t.redirectHosts}>
            {d.editHosts ? (
              <SettingsForm intent="redirectHosts" form={hostsForm} reply={mine('redirectHosts')} submit={t.saveRedirectHosts} busy={busy}>
                <Field label={t.redirectHostsLabel} meta={hostsFields.hosts} hint={t.redirectHostsHint}>
                  <textarea {...getTextareaProps(hostsFields.hosts)} rows={5} maxLength={5000} className={`${fieldClass} font-mono`} />
                </Field>
              </SettingsForm>
            ) : (
              <div className="space-y-2 p-4 text-sm text-slate-700" data-testid="redirect-hosts">
                <p>{d.redirectHosts.length ? t.redirectHostsReadOnly : t.redirectHostsNone}</p>
                {d.redirectHosts.length ? (
                  <ul className="list-disc pl-5 font-mono text-xs">
                    {d.redirectHosts.map((h) => (
                      <li key={h}>{h}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            )}
          </Panel>
        </div>
        <Panel title={t.filters}>
          <SettingsForm intent="filters" form={filtersForm} reply={mine('filters')} hint={t.filtersHint} submit={t.saveFilters} busy={busy} className="space-y-4 p-4">
            {d.productFilters.filterGroups.map((g) => (
              <fieldset key={g.id} className="rounded-lg p-3 ring-1 ring-slate-200">
                <legend className="px-1 text-sm font-semibold text-slate-900">{g.name}</legend>
                <div className="mt-1 grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
                  {g.filters.map((f) => (
                    <label key={f.id} className="flex items-center gap-2 text-sm text-slate-800">
                      <input type="checkbox" name="visible" value={`${g.id}:${f.id}`} defaultChecked={f.public} className="h-4 w-4 rounded border-slate-300 text-primary-700 focus:ring-primary-600" />
                      {f.name}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </SettingsForm>
        </Panel>
      </div>
    </>
  );
}
