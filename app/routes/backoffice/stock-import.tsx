// CSV import of stock and prices (ADR 034): upload → a dry run listing each change and each error per line →
// confirm, which applies the same file all or nothing (stock as movements, audited).
import { ArrowLeft, Download } from 'lucide-react';
import { Form, Link, useNavigation } from 'react-router';
import { PlanView, type StockImportReply } from '~/components/backoffice/stock-import-plan.tsx';
import { Field } from '~/components/ui/form-field.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { Alert } from '~/modules/staff/components/auth-shell.tsx';
import { BackofficeError } from '~/modules/staff/components/backoffice-error.tsx';
import { fieldClass, PageHeader, Panel, smallButton } from '~/modules/staff/components/backoffice-shell.tsx';
import type { Route } from './+types/stock-import.ts';
import { importAction, importLoader } from './stock-import.server.ts';

const t = backoffice.stock;

export const loader = (args: Route.LoaderArgs) => importLoader(args);
export const action = (args: Route.ActionArgs) => importAction(args);

export const headers = privatePageHeaders;
export const meta: Route.MetaFunction = () => [{ title: `${t.importTitle} | ${backoffice.title}` }, { name: 'robots', content: 'noindex' }];
export const ErrorBoundary = BackofficeError;

export default function BackofficeStockImport({ actionData: reply }: Route.ComponentProps) {
  const actionData = reply as StockImportReply | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<{ file: string }>({ id: 'stock-import', lastResult: navigation.state === 'idle' ? actionData?.result : undefined, shouldRevalidate: 'onInput' });
  const busy = navigation.state !== 'idle';
  return (
    <>
      <Link to="/beheer/voorraad" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> {t.back}
      </Link>
      <PageHeader title={t.importTitle} intro={t.importIntro}>
        <a href="/beheer/voorraad/export" download className={smallButton.secondary}>
          <Download className="h-4 w-4" aria-hidden /> {t.export}
        </a>
      </PageHeader>
      {actionData?.done ? <Alert tone="success">{actionData.done}</Alert> : null}
      {actionData?.error ? <Alert>{actionData.error}</Alert> : null}
      <Panel className="mb-4">
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4 p-4">
          <input type="hidden" name="intent" value="check" />
          <Field label={t.file} meta={fields.file} hint={t.fileHint}>
            <input
              {...getInputProps(fields.file, { type: 'file' })}
              accept=".csv,.txt,text/csv"
              className={`${fieldClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm`}
            />
          </Field>
          <button type="submit" className={smallButton.primary} disabled={busy}>
            {t.dryRun}
          </button>
        </Form>
      </Panel>
      {actionData?.checked ? <PlanView checked={actionData.checked} busy={busy} /> : null}
    </>
  );
}
