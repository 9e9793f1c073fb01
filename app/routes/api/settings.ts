import { data } from 'react-router';
import { readCookie } from '~/lib/cookies.server.ts';
import { getSettings } from '~/lib/settings.server.ts';
import { isStorefrontLocale } from '~/lib/settings.ts';
import { offeredPaymentOptions } from '~/modules/payments/payments.server.ts';
import type { Route } from './+types/settings.ts';

// GET /api/{locale}/settings: the settings object of SPEC §3 for the visitor's region (cookie or ?region=).
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isStorefrontLocale(params.locale)) throw data({ statusCode: 404, statusMessage: 'Unknown locale' }, { status: 404 });
  const region = new URL(request.url).searchParams.get('region') ?? readCookie(request, 'region');
  const settings = await getSettings(context.db, region ?? undefined);
  return Response.json({ ...settings, payment_options: offeredPaymentOptions(settings.payment_options, context.payments) }, { headers: { 'Cache-Control': 'private, max-age=60', Vary: 'Cookie' } });
}
