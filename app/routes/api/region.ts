import { data, redirect } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { clearCookie, COOKIES, flashCookie, setCookie } from '~/lib/cookies.server.ts';
import { RegionChoiceSchema } from '~/modules/regions/regions.schemas.ts';
import { listRegions } from '~/lib/regions.server.ts';
import { safeRedirect } from '~/lib/routing.ts';
import type { Route } from './+types/region.ts';
import { readForm } from '~/lib/form.server.ts';

// The region-change modal posts here (with or without JavaScript).
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = RegionChoiceSchema.safeParse(Object.fromEntries(await readForm(request)));
  const region = parsed.success ? (await listRegions(context.db)).find((r) => r.code === parsed.data.region) : undefined;
  if (!parsed.success || !region) return data({ error: nl.region.invalid }, { status: 400 });
  const country = region.locale === 'en' ? region.countries.find((c) => c.iso === parsed.data.country) : undefined;
  const headers = new Headers();
  headers.append('Set-Cookie', setCookie(request, 'region', region.code, { httpOnly: false }));
  headers.append('Set-Cookie', country ? setCookie(request, 'country', country.iso, { httpOnly: false }) : clearCookie(request, COOKIES.country.name));
  headers.append('Set-Cookie', flashCookie(request, { title: nl.region.changed(country ? `${region.name} (${country.name})` : region.name) }));
  return redirect(safeRedirect(parsed.data.redirectTo), { headers });
}

export function loader() {
  throw data(null, { status: 404 });
}
