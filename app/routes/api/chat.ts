import { z } from 'zod';
import { paymentDepsFor, offeredPaymentOptions } from '~/modules/payments/payments.server.ts';
import { regionForRequest } from '~/lib/regions.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import { answerChat } from '~/flows/answer-chat.server.ts';
import { MESSAGE_MAX } from '~/modules/support/chat.ts';
import type { Route } from './+types/chat.ts';

const body = z.object({
  message: z.string().trim().min(1).max(MESSAGE_MAX),
  state: z
    .object({
      awaiting: z.enum(['order_number', 'email']).optional(),
      orderNumber: z.string().max(20).optional(),
      unsure: z.number().int().min(0).max(5).optional(),
    })
    .default({}),
});

// POST /api/chat: one message of the chat bot's conversation (ADR 019). The conversation lives in the
// browser; the server keeps nothing of it but the rate-limit counters.
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = body.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'invalid request' }, { status: 400 });
  const region = await regionForRequest(context.db, request);
  const outcome = await answerChat(context.db, parsed.data.message, parsed.data.state, {
    region,
    client: clientKey(request.headers),
    links: paymentDepsFor(context, request).links,
    offeredPayments: (options) => offeredPaymentOptions(options, context.payments),
  });
  if (outcome.status === 'rate_limited') return Response.json({ error: 'too many requests' }, { status: 429 });
  return Response.json(outcome.reply, { headers: { 'Cache-Control': 'no-store' } });
}

export function loader() {
  return Response.json({ error: 'method not allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
