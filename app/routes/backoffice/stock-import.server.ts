// The stock import's server side (ADR 034): a dry run of the uploaded file, then its confirmation.
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { StockImportReply } from '~/components/backoffice/stock-import-plan.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { IMPORT_MAX_BYTES } from '~/modules/catalog/stock.ts';
import { importCheckSchema, importConfirmSchema } from '~/modules/catalog/stock.schemas.ts';
import { decodeCsv, importApply, importPreview, StockError } from '~/modules/catalog/stock.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-import.ts';

const t = backoffice.stock;

export async function importLoader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  return null;
}

export async function importAction({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const confirm = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: importConfirmSchema });
    if (submission.status !== 'success') throw data(backoffice.errors.general, { status: 400 });
    const v = submission.value;
    try {
      const r = await importApply(context.db, actor, v);
      return data<StockImportReply>({ done: r.done ? t.imported(r.plan?.changes.length ?? 0) : t.alreadyImported });
    } catch (e) {
      if (!(e instanceof StockError)) throw e;
      // The file was checked, but stock or prices moved since: show the new dry run, nothing was saved.
      if (e.code === 'import_errors' && e.plan) return data<StockImportReply>({ error: t.errors.import_errors, checked: { ...v, plan: e.plan, key: crypto.randomUUID() } }, { status: 409 });
      return data<StockImportReply>({ error: e.code === 'no_change' ? t.errors.nothingToImport : t.errors.import_errors }, { status: 409 });
    }
  };
  const check = async (form: FormData) => {
    const submission = parseWithZod(form, { schema: importCheckSchema });
    if (submission.status !== 'success') return data<StockImportReply>({ result: submission.reply({ hideFields: ['file'] }) }, { status: 400 });
    const file = submission.value.file;
    if (file.size > IMPORT_MAX_BYTES) return data<StockImportReply>({ result: submission.reply({ fieldErrors: { file: [t.errors.fileTooLarge] }, hideFields: ['file'] }) }, { status: 400 });
    const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    const plan = await importPreview(context.db, text);
    // A fresh key per dry run: confirming it twice imports once.
    return data<StockImportReply>({ result: submission.reply({ hideFields: ['file'] }), checked: { plan, text, fileName: (file.name || 'voorraad.csv').slice(0, 200), key: crypto.randomUUID() } });
  };
  return dispatchIntent(await readForm(request), { check, confirm }, { invalid: t.errors.intent, fallback: 'check' });
}
