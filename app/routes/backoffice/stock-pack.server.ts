// The pack page's server side (ADR 034): its loader and one handler per form, picked by the form's intent.
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { StockPackReply } from '~/modules/catalog/components/stock-pack-forms.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import type { Db } from '~/db/client.server.ts';
import { packSettingsSchema, stockChangeSchema } from '~/modules/catalog/stock.schemas.ts';
import { changeStock, packDetail, StockError, updatePackSettings } from '~/modules/catalog/stock.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-pack.ts';

const t = backoffice.stock;

const packIdOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
};

export async function packLoader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const id = packIdOf(params.packId);
  const detail = id ? await packDetail(context.db, id) : null;
  if (!detail) throw data(t.errors.not_found, { status: 404 });
  // A fresh key per rendered stock form: submitting the same form twice moves stock once.
  return { ...detail, key: crypto.randomUUID() };
}

const refusal = (e: unknown) => {
  if (e instanceof StockError && e.code !== 'import_errors' && e.code !== 'stale' && e.code !== 'nothing_selected') return t.errors[e.code];
  throw e;
};

function packIntents(db: Db, actor: Parameters<typeof changeStock>[1], id: number) {
  return {
    settings: async (form: FormData) => {
      const submission = parseWithZod(form, { schema: packSettingsSchema });
      if (submission.status !== 'success') return data<StockPackReply>({ intent: 'settings', result: submission.reply() }, { status: 400 });
      try {
        const { changed } = await updatePackSettings(db, actor, { packId: id, threshold: submission.value.threshold, prices: submission.value.prices ?? {} });
        return data<StockPackReply>({ intent: 'settings', result: submission.reply(), done: changed ? t.settingsSaved : t.settingsUnchanged });
      } catch (e) {
        return data<StockPackReply>({ intent: 'settings', result: submission.reply(), error: refusal(e) }, { status: 409 });
      }
    },
    stock: async (form: FormData) => {
      const submission = parseWithZod(form, { schema: stockChangeSchema });
      if (submission.status !== 'success') return data<StockPackReply>({ intent: 'stock', result: submission.reply() }, { status: 400 });
      try {
        const r = await changeStock(db, actor, submission.value);
        // A repeated submit of a form already handled: the page shows the stock as it is now.
        if (!r.done) return data<StockPackReply>({ intent: 'stock', result: submission.reply({ resetForm: true }) });
        const delta = r.delta! > 0 ? `+${r.delta}` : `−${Math.abs(r.delta!)}`;
        return data<StockPackReply>({ intent: 'stock', result: submission.reply({ resetForm: true }), done: t.changed(delta, r.stock!) });
      } catch (e) {
        return data<StockPackReply>({ intent: 'stock', result: submission.reply({ fieldErrors: { amount: [refusal(e)] } }) }, { status: 409 });
      }
    },
  };
}

export async function packAction({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const form = await readForm(request);
  const id = packIdOf(params.packId);
  if (!id) throw data(t.errors.not_found, { status: 404 });
  form.set('packId', String(id));
  // The stock form was the page's only form once: a form without intent still changes stock.
  return dispatchIntent(form, packIntents(context.db, actor, id), { invalid: t.errors.intent, fallback: 'stock' });
}
