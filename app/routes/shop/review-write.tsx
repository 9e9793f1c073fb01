import { getFormProps, getInputProps, getTextareaProps, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { BadgeCheck, ChevronLeft, Star } from 'lucide-react';
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, FieldError, inputClass } from '~/components/ui/form-field.tsx';
import { reviews as t } from '~/i18n/nl/reviews.ts';
import { flashCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { currentSession } from '~/modules/accounts/auth.server.ts';
import { FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { loginReturnPath } from '~/lib/login-return.ts';
import { loadCatalogue } from '~/modules/catalog/catalog.server.ts';
import { StrainImage } from '~/components/strain-image.tsx';
import { type ReviewForm, reviewFormSchema } from '~/modules/reviews/reviews.schemas.ts';
import { allowReviewWrite, isVerifiedBuyer, ownReview, saveReview } from '~/modules/reviews/reviews.server.ts';
import { authorDisplayName, BODY_MAX, BODY_MIN, reviewQueryHref, TITLE_MAX } from '~/modules/reviews/reviews.ts';
import { clientKey } from '~/lib/client-key.ts';
import type { Route } from './+types/review-write.ts';
import { readForm } from '~/lib/form.server.ts';

async function strain(db: Route.LoaderArgs['context']['db'], slug: string) {
  const p = (await loadCatalogue(db)).bySlug.get(slug);
  if (!p) throw data(null, { status: 404 });
  return { id: p.id, slug: p.slug, name: p.name, breeder: p.breeder };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const product = await strain(context.db, params.slug);
  const session = await currentSession(context.db, request);
  if (!session) return { product, user: null };
  const [own, verified] = await Promise.all([ownReview(context.db, session.user.id, product.id), isVerifiedBuyer(context.db, session.user.id, product.id)]);
  return { product, user: { author: authorDisplayName(session.user.name), own, verified } };
}

export const headers = privatePageHeaders;

export async function action({ request, context, params }: Route.ActionArgs) {
  const product = await strain(context.db, params.slug);
  const session = await currentSession(context.db, request);
  const here = `/product/${product.slug}/beoordelen`;
  if (!session) throw redirect(`/inloggen?${new URLSearchParams({ redirectTo: here })}`);
  const submission = parseWithZod(await readForm(request), { schema: reviewFormSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  if (!(await allowReviewWrite(context.db, session.user.id, clientKey(request.headers)))) return data({ result: submission.reply({ formErrors: [t.errors.rateLimited] }) }, { status: 429 });
  const saved = await saveReview(context.db, {
    userId: session.user.id,
    productId: product.id,
    authorName: authorDisplayName(session.user.name),
    ...submission.value,
  });
  if (!saved.ok) throw data(null, { status: 404 });
  const title = saved.status === 'hidden' ? t.write.updatedHidden : saved.created ? t.write.thanks : t.write.updated;
  return redirect(reviewQueryHref({ product: product.slug }), { headers: { 'Set-Cookie': flashCookie(request, { title }) } });
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  d ? [{ title: `${t.write.title(d.product.name)} | Kiemkracht` }, { name: 'robots', content: 'noindex' }] : [];

export default function ReviewWritePage({ loaderData: { product, user }, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const own = user?.own ?? null;
  const [form, fields] = useForm<{ rating: string; title: string; body: string }, ReviewForm>({
    id: 'review',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: own ? { rating: String(own.rating), title: own.title, body: own.body } : undefined,
    shouldRevalidate: 'onInput',
  });
  const back = (
    <Link to={`/product/${product.slug}`} className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline">
      <ChevronLeft className="h-4 w-4" aria-hidden />
      {t.write.cancel}
    </Link>
  );

  return (
    <div className="container-page py-10 sm:py-14">
      <div className="mx-auto max-w-2xl">
        {back}
        <div className="mt-4 flex items-center gap-4">
          <StrainImage slug={product.slug} alt="" sizes="64px" width={64} height={64} className="h-16 w-16 shrink-0 rounded-2xl" />
          <div>
            <p className="text-sm font-medium text-primary-700">{product.breeder}</p>
            <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{t.write.title(product.name)}</h1>
          </div>
        </div>

        {!user ? (
          <div className="mt-6 rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8" data-testid="review-guest">
            <h2 className="text-lg font-semibold text-slate-900">{t.write.guestTitle}</h2>
            <p className="mt-2 text-slate-600">{t.write.guestText}</p>
            <div className="mt-5 flex flex-wrap gap-3">
              <Link to={`/inloggen?${new URLSearchParams({ redirectTo: loginReturnPath(location) })}`} className={buttonClass('primary')}>
                {t.write.logIn}
              </Link>
              <Link to="/registreren" className={buttonClass('secondary')}>
                {t.write.signUp}
              </Link>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-4 text-slate-600">{t.write.intro}</p>
            {own ? (
              <p className="mt-3 rounded-2xl bg-secondary-50 p-4 text-sm text-secondary-900 ring-1 ring-secondary-200" data-testid="review-editing">
                {t.write.editing}
              </p>
            ) : null}
            {user.verified ? (
              <p className="mt-3 flex items-start gap-2 rounded-2xl bg-primary-50 p-4 text-sm text-primary-900 ring-1 ring-primary-200">
                <BadgeCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                {t.write.verifiedNote}
              </p>
            ) : null}
            <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6 rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
              {form.errors ? <FormAlert id={form.errorId}>{form.errors.join(' ')}</FormAlert> : null}
              <fieldset aria-describedby={fields.rating.errors ? fields.rating.errorId : undefined} aria-invalid={fields.rating.errors ? true : undefined}>
                <legend className="text-sm font-medium text-slate-800">{t.write.rating}</legend>
                <div className="mt-2 flex gap-1" data-testid="rating-input">
                  {[1, 2, 3, 4, 5].map((n) => (
                    // Filled up to the chosen star: a label is filled when its own radio or a later one is checked (CSS :has, no script).
                    <label
                      key={n}
                      className="cursor-pointer rounded-lg p-1 text-slate-300 transition hover:text-amber-300 [&:has(~label_input:checked)]:text-amber-400 [&:has(input:checked)]:text-amber-400 [&:has(input:focus-visible)]:ring-2 [&:has(input:focus-visible)]:ring-primary-600"
                    >
                      <input
                        type="radio"
                        name={fields.rating.name}
                        value={n}
                        defaultChecked={fields.rating.initialValue === String(n)}
                        className="sr-only"
                        aria-label={t.write.ratingOption(n)}
                      />
                      <Star className="h-9 w-9 fill-current" strokeWidth={1.25} aria-hidden />
                    </label>
                  ))}
                </div>
                <FieldError meta={fields.rating} />
              </fieldset>
              <Field label={t.write.titleLabel} meta={fields.title} hint={t.write.titleHint}>
                <input {...getInputProps(fields.title, { type: 'text' })} maxLength={TITLE_MAX} autoComplete="off" className={inputClass} />
              </Field>
              <Field label={t.write.bodyLabel} meta={fields.body} hint={t.write.bodyHint(BODY_MIN, BODY_MAX)}>
                <textarea {...getTextareaProps(fields.body)} rows={7} maxLength={BODY_MAX} className={inputClass} />
              </Field>
              <p className="text-sm text-slate-500">
                {t.write.postingAs(user.author)} {t.write.guidelines}
              </p>
              <button type="submit" className={buttonClass('primary', 'lg', 'w-full sm:w-auto')} disabled={navigation.state === 'submitting'}>
                {own ? t.write.update : t.write.submit}
              </button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
