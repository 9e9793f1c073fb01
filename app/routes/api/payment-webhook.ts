import { paymentDepsFor } from '~/modules/payments/payments.server.ts';
import type { Route } from './+types/payment-webhook.ts';
import { handleWebhook } from '~/flows/confirm-payment.server.ts';

// POST /api/betalingen/{provider}/webhook: the provider tells us about a payment. The HMAC is
// checked over the raw body, so the body is read as text before anything parses it.
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  const raw = await request.text();
  if (raw.length > 64 * 1024) return Response.json({ error: 'too large' }, { status: 413 });
  const result = await handleWebhook(context.db, params.provider, raw, request.headers, paymentDepsFor(context, request));
  return Response.json({ outcome: result.outcome }, { status: result.status });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: 'POST' } });
}
