import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import { support as t } from '~/i18n/nl/support.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor, currentSession } from '~/modules/accounts/auth.server.ts';
import { normaliseOrderNumber } from '~/modules/orders/orders.ts';
import { clientKey } from '~/lib/client-key.ts';
import { getShopData } from '~/lib/settings.server.ts';
import { contactSchema } from '~/modules/support/support.schemas.ts';
import { submissionToken, submitContactMessage } from '~/modules/support/support.server.ts';
import { CHAT_HANDOFF, isBot, MESSAGE_MAX, topicSlugs } from '~/modules/support/support.ts';
import { ContactAside, Sent } from '~/modules/support/components/contact-aside.tsx';
import { ContactForm } from '~/modules/support/components/contact-form.tsx';
import type { Route } from './+types/contact.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';

const SENT = '/contact?verzonden=1';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const [current, shop] = await Promise.all([currentSession(context.db, request), getShopData(context.db)]);
  return {
    // A new token per page view: the page is never cached (headers below), so no two visitors share one.
    token: submissionToken(),
    sent: params.get('verzonden') === '1',
    supportEmail: shop.supportEmail,
    user: current ? { name: current.user.name } : null,
    defaults: {
      name: current?.user.name ?? '',
      email: current?.user.email ?? '',
      // Links from an order page (?bestelling=KK-…) and from the policy pages (?onderwerp=retour).
      orderNumber: normaliseOrderNumber(params.get('bestelling') ?? '') ?? '',
      topic: topicSlugs[params.get('onderwerp') ?? ''] ?? (params.has('bestelling') ? 'order' : ''),
      message: '',
    },
  };
}

// The form carries a one-time token and, for a customer, their name and address: never from a cache.
export const headers = privatePageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  // The contact form itself carries no intent; the chat bot's hand-off (ADR 065) posts the conversation, never in the
  // address, and it fills the form.
  const handoff = (f: FormData) => ({ handoff: chatHandoff(f), token: submissionToken() });
  const send = (f: FormData) => sendMessage(f, context, request);
  return dispatchIntent<string, ReturnType<typeof handoff> | ReturnType<typeof send>>(form, { [CHAT_HANDOFF]: handoff, send }, { invalid: t.errors.expired, fallback: 'send' });
}

async function sendMessage(formData: FormData, context: Route.ActionArgs['context'], request: Request) {
  // A bot that filled the hidden field gets the same answer as a person, and nothing is stored or sent.
  if (isBot(formData)) return redirect(SENT);
  const submission = parseWithZod(formData, { schema: contactSchema });
  // A fresh token with every refusal: nothing was stored, and an expired one is replaced.
  if (submission.status !== 'success') return data({ result: submission.reply(), token: submissionToken() }, { status: 400 });
  const [current, shop] = await Promise.all([currentSession(context.db, request), getShopData(context.db)]);
  const outcome = await submitContactMessage(context.db, submission.value, {
    userId: current?.user.id ?? null,
    client: clientKey(request.headers),
    supportEmail: shop.supportEmail,
    origin: accountLinksFor(context, request).origin,
  });
  if (outcome === 'rate_limited') {
    return data({ result: submission.reply({ formErrors: [t.errors.tooManyRequests] }), token: submissionToken() }, { status: 429 });
  }
  // Stored now or by an earlier submit of the same form: either way the message is in.
  return redirect(SENT);
}

/** The form's message from the chat's transcript (cut to the form's limit), and an order number it names. */
function chatHandoff(formData: FormData) {
  const message = String(formData.get('bericht') ?? '').slice(-MESSAGE_MAX);
  const orderNumber = normaliseOrderNumber(/\bKK-[A-Z0-9]{4}-[A-Z0-9]{4}\b/i.exec(message)?.[0] ?? '') ?? '';
  return { message, orderNumber, topic: orderNumber ? 'order' : '' };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${t.metaTitle} | Kiemkracht` },
  { name: 'description', content: t.metaDescription },
  ...(d?.sent ? [{ name: 'robots', content: 'noindex' }] : []),
];

export default function ContactPage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8 sm:py-12">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">{t.eyebrow}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
        <p className="mt-3 text-lg text-slate-600">{t.intro}</p>
      </header>
      <div className="mt-8 grid items-start gap-6 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        {d.sent ? (
          <Sent />
        ) : actionData && 'handoff' in actionData ? (
          <ContactForm defaults={{ ...d.defaults, ...actionData.handoff, orderNumber: actionData.handoff.orderNumber || d.defaults.orderNumber }} user={d.user} token={actionData.token} actionData={undefined} />
        ) : (
          <ContactForm defaults={d.defaults} user={d.user} token={d.token} actionData={actionData} />
        )}
        <ContactAside supportEmail={d.supportEmail} />
      </div>
    </div>
  );
}
