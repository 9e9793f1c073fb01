// The bulk price page's server side (ADR 034): the filter from the stock list, a preview and its application.
import crypto from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import type { BulkPriceReply } from '~/modules/catalog/components/bulk-price-preview.tsx';
import { backoffice } from '~/i18n/nl/backoffice.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { CURRENCIES } from '~/modules/catalog/pack-pricing.ts';
import { readStockQuery, stockQueryParams } from '~/modules/catalog/stock.ts';
import { bulkSchema } from '~/modules/catalog/stock.schemas.ts';
import { applyBulkPrices, previewBulkPrices, StockError } from '~/modules/catalog/stock.server.ts';
import { requireStaff } from '~/modules/staff/staff-auth.server.ts';
import type { Route } from './+types/stock-prices.ts';

const t = backoffice.stock;

export async function pricesLoader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context.db, request, 'catalogue.manage');
  const { page: _page, ...query } = readStockQuery(new URL(request.url).searchParams);
  return { query, filter: stockQueryParams(query).toString() };
}

export async function pricesAction({ request, context }: Route.ActionArgs) {
  const { actor } = await requireStaff(context.db, request, 'catalogue.manage');
  const form = await readForm(request);
  const { page: _page, ...filter } = readStockQuery(form);
  const submission = parseWithZod(form, { schema: bulkSchema });
  const input = (v: z.infer<typeof bulkSchema>) => ({ filter, percentBp: v.percent, rounding: v.rounding, currencies: v.currencies.length > 0 ? v.currencies : [...CURRENCIES] });
  const preview = async () => {
    if (submission.status !== 'success') return data<BulkPriceReply>({ result: submission.reply() }, { status: 400 });
    const v = submission.value;
    const preview = await previewBulkPrices(context.db, input(v));
    if (preview.lines.length === 0) return data<BulkPriceReply>({ result: submission.reply(), error: t.errors.nothing_selected });
    // A fresh key per rendered preview: applying it twice saves the prices once.
    return data<BulkPriceReply>({ result: submission.reply(), preview: { ...preview, key: crypto.randomUUID(), percentBp: v.percent, rounding: v.rounding, currencies: v.currencies } });
  };
  const apply = async () => {
    if (submission.status !== 'success') return data<BulkPriceReply>({ result: submission.reply() }, { status: 400 });
    const v = submission.value;
    // Without the preview's key and fingerprint there is nothing to apply yet: show the preview.
    if (!v.key || !v.fingerprint) return preview();
    try {
      const r = await applyBulkPrices(context.db, actor, { ...input(v), key: v.key, fingerprint: v.fingerprint });
      return data<BulkPriceReply>({ result: submission.reply(), done: r.done ? t.applied(r.changed ?? 0) : t.alreadyApplied });
    } catch (e) {
      if (!(e instanceof StockError) || (e.code !== 'stale' && e.code !== 'nothing_selected')) throw e;
      return data<BulkPriceReply>({ result: submission.reply(), error: t.errors[e.code] }, { status: 409 });
    }
  };
  return dispatchIntent(form, { preview, apply }, { invalid: t.errors.intent, fallback: 'preview' });
}
