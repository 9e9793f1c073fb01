import { data, redirect } from 'react-router';
import { nl } from '~/i18n/nl.ts';
import { newsletter as t } from '~/i18n/nl/newsletter.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { readForm } from '~/lib/form.server.ts';
import { accountLinksFor } from '~/modules/accounts/auth.server.ts';
import { NewsletterForm, type NewsletterAnswer } from '~/modules/newsletter/components/newsletter-form.tsx';
import { newsletterSchema } from '~/modules/newsletter/newsletter.schemas.ts';
import { subscribe } from '~/modules/newsletter/newsletter.server.ts';
import { safeRedirect } from '~/lib/routing.ts';
import { clientKey } from '~/lib/client-key.ts';
import { isBot } from '~/modules/support/support.ts';
import type { Route } from './+types/newsletter.ts';

// /nieuwsbrief: the sign-up page, and where every sign-up form posts. A fetcher gets data back; a form
// without JavaScript is sent back where it came from with a toast, or shown here with its error.
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const parsed = newsletterSchema.safeParse(Object.fromEntries(formData));
  const viaFetcher = formData.get('js') === '1';
  const answer = (a: NewsletterAnswer, status = 200) => {
    if (viaFetcher || !a.ok) return data(a, { status });
    const back = safeRedirect(parsed.success ? parsed.data.redirectTo : undefined, '/');
    return redirect(back, { headers: { 'Set-Cookie': flashCookie(request, { title: a.message }) } });
  };
  if (!parsed.success) return answer({ ok: false, field: 'email', message: parsed.error.issues[0]?.message ?? t.invalidEmail }, 400);
  // A bot that filled the hidden field gets the same answer as a person; nothing is stored or sent.
  if (isBot(formData)) return answer({ ok: true, message: t.success });
  const outcome = await subscribe(context.db, parsed.data.email, parsed.data.source, {
    secret: context.secrets.app,
    origin: accountLinksFor(context, request).origin,
    client: clientKey(request.headers),
    userAgent: request.headers.get('user-agent') ?? '',
  }).catch(() => 'failed' as const);
  if (outcome !== 'ok') return answer({ ok: false, message: t.failed }, outcome === 'rate_limited' ? 429 : 503);
  return answer({ ok: true, message: t.success });
}

export const meta: Route.MetaFunction = () => [{ title: `${t.pageTitle} | Kiemkracht` }, { name: 'description', content: t.lead }];

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10 sm:py-16">
      <section className="mx-auto max-w-xl rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-10">
        <p className="text-sm font-semibold tracking-wider text-primary-700 uppercase">{nl.sellingPoints.newsletter}</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">{t.title}</h1>
        <p className="mt-3 text-slate-600">{t.lead}</p>
        <div className="mt-6">
          <NewsletterForm source="page" answer={actionData} />
        </div>
        <p className="mt-4 text-xs text-slate-500">{t.consent}</p>
      </section>
    </div>
  );
}
