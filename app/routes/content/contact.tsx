import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { ArrowRight, CheckCircle2, ChevronDown, Clock, HelpCircle, Mail, PackageSearch, RotateCcw, Send, ShieldCheck, Truck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { support as t } from '~/i18n/nl/support.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor, currentSession } from '~/modules/accounts/auth.server.ts';
import { normaliseOrderNumber } from '~/modules/orders/orders.ts';
import { clientKey } from '~/lib/client-key.ts';
import { getShopData } from '~/modules/settings/settings.server.ts';
import { type ContactInput, contactSchema } from '~/modules/support/support.schemas.ts';
import { submissionToken, submitContactMessage } from '~/modules/support/support.server.ts';
import { CONTACT_TOPICS, HONEYPOT_FIELD, isBot, MESSAGE_MAX, topicSlugs } from '~/modules/support/support.ts';
import type { Route } from './+types/contact.ts';
import { readForm } from '~/lib/form.server.ts';

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
      // The chat bot's hand-off (?bericht=…): the conversation so far, for the customer to add to.
      message: (params.get('bericht') ?? '').slice(0, MESSAGE_MAX),
    },
  };
}

// The form carries a one-time token and, for a customer, their name and address: never from a cache.
export const headers = privatePageHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
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

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${t.metaTitle} | Kiemkracht` },
  { name: 'description', content: t.metaDescription },
  ...(d?.sent ? [{ name: 'robots', content: 'noindex' }] : []),
];

type Fields = { name: string; email: string; topic: string; orderNumber: string; message: string; token: string };

export default function ContactPage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8 sm:py-12">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">{t.eyebrow}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{t.heading}</h1>
        <p className="mt-3 text-lg text-slate-600">{t.intro}</p>
      </header>
      <div className="mt-8 grid items-start gap-6 lg:mt-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        {d.sent ? <Sent /> : <ContactForm loaderData={d} actionData={actionData} />}
        <Aside supportEmail={d.supportEmail} />
      </div>
    </div>
  );
}

function ContactForm({ loaderData: d, actionData }: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const [form, fields] = useForm<Fields, ContactInput>({
    id: 'contact',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: d.defaults,
    shouldRevalidate: 'onInput',
  });
  const [length, setLength] = useState(() => [...String(fields.message.initialValue ?? '')].length);
  // A token problem is about the whole form: the hidden field has no place to show it.
  const formErrors = [...(form.errors ?? []), ...(fields.token.errors ?? [])];
  const token = actionData?.token ?? d.token;
  return (
    <section aria-labelledby="contact-form-title" className="rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-8">
      <h2 id="contact-form-title" className="text-xl font-bold text-slate-900">
        {t.formTitle}
      </h2>
      {d.user ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="contact-logged-in">
          {t.loggedInAs(d.user.name)}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5" data-testid="contact-form">
        {formErrors.length ? (
          <p role="alert" id={form.errorId} className="rounded-2xl bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200" data-testid="form-error">
            {formErrors.join(' ')}
          </p>
        ) : null}
        <input type="hidden" name={fields.token.name} value={token} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t.fields.name} meta={fields.name}>
            <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" maxLength={200} className={inputClass} />
          </Field>
          <Field label={t.fields.email} meta={fields.email}>
            <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" inputMode="email" spellCheck={false} className={inputClass} />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={t.fields.topic} meta={fields.topic}>
            <div className="relative">
              {/* Until a subject is picked, the placeholder looks like the other fields' placeholders. */}
              <select
                {...getSelectProps(fields.topic)}
                className={`${inputClass} appearance-none pr-10 [&:has(option[value='']:checked)]:text-slate-500 [&>option]:text-slate-900`}
              >
                <option value="">{t.topicPlaceholder}</option>
                {CONTACT_TOPICS.map((topic) => (
                  <option key={topic} value={topic}>
                    {t.topics[topic]}
                  </option>
                ))}
              </select>
              <ChevronDown className="pointer-events-none absolute top-1/2 right-3.5 mt-0.75 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />
            </div>
          </Field>
          <OptionalField label={t.fields.orderNumber} meta={fields.orderNumber}>
            <input
              {...getInputProps(fields.orderNumber, { type: 'text' })}
              placeholder={t.orderNumberPlaceholder}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className={`${inputClass} font-mono uppercase placeholder:font-sans placeholder:normal-case`}
            />
          </OptionalField>
        </div>
        <p className="-mt-2 text-sm text-slate-500">{t.orderNumberHint}</p>
        <div>
          <label htmlFor={fields.message.id} className="text-sm font-medium text-slate-800">
            {t.fields.message}
          </label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={7}
            placeholder={t.messagePlaceholder}
            onInput={(e) => setLength([...e.currentTarget.value].length)}
            className={`${inputClass} min-h-40 resize-y leading-relaxed`}
          />
          <div className="mt-1 flex items-start justify-between gap-3">
            <p id={fields.message.errorId} className="text-sm font-medium text-red-700 empty:hidden" data-testid="error-message">
              {fields.message.errors?.join(' ')}
            </p>
            <p className={`ml-auto shrink-0 text-xs tabular-nums ${length > MESSAGE_MAX ? 'font-semibold text-red-700' : 'text-slate-500'}`} aria-hidden>
              {t.messageCount(length, MESSAGE_MAX)}
            </p>
          </div>
        </div>
        {/* The honeypot: off-screen and out of the tab order and the accessibility tree; only bots fill it in. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="contact-website">{t.honeypot}</label>
          <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="flex flex-col-reverse gap-4 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500">
            {t.privacy}{' '}
            <Link to="/privacybeleid" className="font-medium text-primary-800 underline underline-offset-2">
              {t.privacyLink}
            </Link>
          </p>
          <button type="submit" className={buttonClass('primary', 'lg', 'w-full shrink-0 sm:w-auto')} disabled={busy}>
            <Send className="h-4 w-4" aria-hidden />
            {busy ? t.submitting : t.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A field with "(optioneel)" beside its label. */
function OptionalField({ label, meta, children }: { label: string; meta: Parameters<typeof Field>[0]['meta']; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-medium text-slate-800">
        {label} <span className="font-normal text-slate-500">{t.fields.optional}</span>
      </label>
      {children}
      <p id={meta.errorId} className="mt-1 text-sm font-medium text-red-700 empty:hidden" data-testid={`error-${meta.name}`}>
        {meta.errors?.join(' ')}
      </p>
    </div>
  );
}

function Sent() {
  const heading = useRef<HTMLHeadingElement>(null);
  // After the redirect, screen readers and keyboards start at the confirmation, not at the top of the page.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-10" role="status" data-testid="contact-sent">
      <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-primary-50 text-primary-700">
        <CheckCircle2 className="h-7 w-7" aria-hidden />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-5 text-2xl font-extrabold tracking-tight text-slate-900 outline-none">
        {t.sent.title}
      </h2>
      <p className="mt-2 text-lg text-slate-700">{t.sent.text}</p>
      <p className="mt-2 text-sm text-slate-500">{t.sent.spam}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/contact" className={buttonClass('primary', 'md')}>
          {t.sent.another}
        </Link>
        <Link to="/product" className={buttonClass('secondary', 'md')}>
          {t.sent.home}
        </Link>
      </div>
    </section>
  );
}

const selfService = [
  { to: '/faq', icon: HelpCircle, title: t.aside.faq, text: t.aside.faqText },
  { to: '/order-status', icon: PackageSearch, title: t.aside.orderStatus, text: t.aside.orderStatusText },
  { to: '/verzending-bezorging', icon: Truck, title: t.aside.shipping, text: t.aside.shippingText },
  { to: '/retourbeleid', icon: RotateCcw, title: t.aside.returns, text: t.aside.returnsText },
];

function Aside({ supportEmail }: { supportEmail: string }) {
  return (
    <aside className="space-y-4" aria-label={t.eyebrow}>
      <div className="rounded-3xl bg-primary-800 p-6 text-white">
        <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-white/10">
          <Clock className="h-6 w-6" aria-hidden />
        </span>
        <h2 className="mt-4 text-lg font-bold">{t.aside.promiseTitle}</h2>
        <p className="mt-1 text-sm text-primary-50">{t.aside.promiseText}</p>
        <p className="mt-4 text-sm font-semibold">{t.aside.mailTitle}</p>
        <a
          href={`mailto:${supportEmail}`}
          className="mt-1 inline-flex items-center gap-2 text-sm font-medium break-all text-white underline underline-offset-2"
          data-testid="support-email"
        >
          <Mail className="h-4 w-4 shrink-0" aria-hidden />
          {supportEmail}
        </a>
      </div>
      <nav className="rounded-3xl bg-white p-2 ring-1 ring-slate-200" aria-labelledby="self-service-title">
        <h2 id="self-service-title" className="px-4 pt-4 pb-2 text-sm font-semibold text-slate-900">
          {t.aside.selfServiceTitle}
        </h2>
        <ul>
          {selfService.map(({ to, icon: Icon, title, text }) => (
            <li key={to}>
              <Link to={to} className="group flex items-center gap-3 rounded-2xl p-3 hover:bg-slate-50">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
                  <Icon className="h-5 w-5" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold text-slate-900">{title}</span>
                  <span className="block text-sm text-slate-600">{text}</span>
                </span>
                <ArrowRight className="h-4 w-4 shrink-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-primary-700" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex gap-3 rounded-3xl bg-slate-50 p-5 ring-1 ring-slate-200">
        <ShieldCheck className="h-5 w-5 shrink-0 text-primary-700" aria-hidden />
        <div>
          <h2 className="text-sm font-semibold text-slate-900">{t.aside.discreetTitle}</h2>
          <p className="mt-1 text-sm text-slate-600">{t.aside.discreetText}</p>
        </div>
      </div>
    </aside>
  );
}
