import { isbot } from 'isbot';
import { z } from 'zod';
import { readCookie, setCookie } from '~/lib/cookies.server.ts';
import { recordReferral } from '~/modules/affiliates/affiliates.server.ts';
import { REPORT_ID } from '~/modules/affiliates/referral.ts';
import { parseConsent } from '~/modules/consent/consent.ts';
import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import type { Route } from './+types/referral.ts';

const report = z.object({
  a_aid: z.string().max(64).nullable().optional(),
  refer_domain: z.string().max(253).nullable().optional(),
  url: z.string().max(2000),
  // Our addition to SPEC §7's payload: the same report sent twice is one visit (ADR 057).
  report_id: z.string().regex(REPORT_ID).nullable().optional(),
});

// POST /metric/referral (SPEC §7): the browser reports a referral once per session; the answer carries the
// affiliate id and the visitor id. With marketing consent the visitor id also goes into a cookie, which is
// how the checkout finds the affiliate (ADR 021).
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
  const parsed = report.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const outcome = await recordReferral(
    context.db,
    { a_aid: parsed.data.a_aid ?? null, refer_domain: parsed.data.refer_domain ?? null, url: parsed.data.url, report_id: parsed.data.report_id ?? null },
    {
      client: clientKey(request.headers),
      bot: isbot(request.headers.get('user-agent') ?? ''),
      visitorId: readCookie(request, 'referral') ?? null,
      ownOrigin: accountLinksFor(context, request).origin,
    },
  );
  if (outcome.status === 'rate_limited') return Response.json({ error: 'too many requests' }, { status: 429 });
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (outcome.stored && parseConsent(readCookie(request, 'consent')).marketing) headers.append('Set-Cookie', setCookie(request, 'referral', outcome.v_id));
  return Response.json({ data: { a_id: outcome.a_id, v_id: outcome.v_id } }, { headers });
}

export function loader() {
  return Response.json({ error: 'method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
