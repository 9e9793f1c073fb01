import { data, Link, redirect } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { restock as t } from '~/i18n/nl/restock.ts';
import { clientKey } from '~/lib/client-key.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { readForm } from '~/lib/form.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { safeRedirect } from '~/lib/routing.ts';
import { accountLinksFor, currentSession } from '~/modules/accounts/auth.server.ts';
import { type RestockAnswer, RestockForm } from '~/modules/restock/components/restock-form.tsx';
import { restockSchema } from '~/modules/restock/restock.schemas.ts';
import { requestRestockMail, restockPack, type RestockOutcome } from '~/modules/restock/restock.server.ts';
import type { Route } from './+types/restock.ts';

const ANSWERS: Record<RestockOutcome, { status: number; message: string }> = {
  waiting: { status: 200, message: t.outcome.waiting },
  already: { status: 200, message: t.outcome.already },
  check_mail: { status: 200, message: t.outcome.checkMail },
  in_stock: { status: 409, message: t.outcome.inStock },
  not_found: { status: 404, message: t.outcome.notFound },
  rate_limited: { status: 429, message: t.outcome.rateLimited },
};

// /weer-op-voorraad: where "Mail me als het er weer is" posts (ADR 068). A fetcher gets the answer back; a form
// without JavaScript goes back to the product with a toast, or sees its error here next to the field.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = restockSchema.safeParse(Object.fromEntries(form));
  const session = await currentSession(context.db, request);
  // The pack is looked up even when the address is wrong: the page without JavaScript shows its form again.
  const packId = Number(form.get('pack'));
  const pack = Number.isInteger(packId) && packId > 0 && packId <= 2_147_483_647 ? await restockPack(context.db, packId) : null;
  const answer = (a: RestockAnswer, status = 200) => {
    if (form.get('js') === '1' || !a.ok) return data({ answer: a, pack }, { status });
    // From this page's own form (after an error), back to the product rather than here.
    const to = parsed.success && !parsed.data.redirectTo?.startsWith('/weer-op-voorraad') ? parsed.data.redirectTo : undefined;
    const back = safeRedirect(to, pack ? `/product/${pack.slug}` : '/product');
    return redirect(back, { headers: { 'Set-Cookie': flashCookie(request, { title: a.message }) } });
  };
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return answer({ ok: false, field: issue?.path[0] === 'pack' ? 'pack' : 'email', message: issue?.message ?? t.invalidEmail }, 400);
  }
  const email = session?.user.email ?? parsed.data.email;
  if (!email) return answer({ ok: false, field: 'email', message: t.invalidEmail }, 400);
  const outcome = await requestRestockMail(
    context.db,
    { packId: parsed.data.pack, email, userId: session?.user.id ?? null },
    { origin: accountLinksFor(context, request).origin, client: clientKey(request.headers) },
  ).catch(() => null);
  if (!outcome) return answer({ ok: false, message: t.outcome.failed }, 503);
  const { status, message } = ANSWERS[outcome];
  return answer(status === 200 ? { ok: true, message } : { ok: false, message }, status);
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.pageTitle} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

export default function RestockPage({ actionData }: Route.ComponentProps) {
  const pack = actionData?.pack;
  return (
    <div className="container-page py-10 sm:py-16">
      <section className="mx-auto max-w-xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{pack ? `${pack.name}` : t.pageTitle}</h1>
        <div className="mt-6">
          {pack ? <RestockForm packs={[pack]} answer={actionData.answer} /> : <p className="text-slate-700">{actionData?.answer.message ?? t.lead}</p>}
        </div>
        <Link to={pack ? `/product/${pack.slug}` : '/product'} className={buttonClass('secondary', 'md', 'mt-4')}>
          {pack ? t.back : t.home}
        </Link>
      </section>
    </div>
  );
}
