import { type FieldMetadata, getFormProps, getInputProps, getSelectProps, type SubmissionResult, useForm } from '~/lib/form.ts';
import { parseWithZod } from '@conform-to/zod/v4';
import { KeyRound, Mail, MailCheck, Newspaper, Sprout, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { data, Form, redirect, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import type { Db } from '~/db/client.server.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie, setCookie } from '~/lib/cookies.server.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { passwordMessages } from '~/modules/accounts/accounts.schemas.ts';
import { AccountError } from '~/modules/accounts/accounts.server.ts';
import type { CurrentSession } from '~/modules/accounts/sessions.server.ts';
import { accountLinksFor, requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { FormAlert } from '~/modules/accounts/components/auth-card.tsx';
import { FavouriteStrainsField, type StrainChoice } from '~/modules/accounts/components/favourite-strains-field.tsx';
import { emailChangeSchema, growerProfileSchema, passwordChangeSchema, personalDetailsSchema } from '~/modules/accounts/details.schemas.ts';
import {
  changePassword,
  clearGrowerProfile,
  getAccountDetails,
  requestEmailChange,
  saveGrowerProfile,
  strainChoices,
  updatePersonalDetails,
} from '~/modules/accounts/details.server.ts';
import { CULTIVATION_METHODS, FLOWERING_PREFERENCES, GROWING_SINCE_MIN, profileLabels, STRAIN_TYPES } from '~/modules/accounts/grower-profile.ts';
import { shopToday } from '~/modules/accounts/password.ts';
import { longDate } from '~/lib/format.ts';
import type { Route } from './+types/details.ts';
import { readForm } from '~/lib/form.server.ts';
import { newsletter } from '~/i18n/nl/newsletter.ts';
import { subscribe, subscribeConfirmed, subscriptionOf, unsubscribeEmail } from '~/modules/newsletter/newsletter.server.ts';
import { clientKey } from '~/lib/client-key.ts';

const t = account.details;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, session } = await requireSession(context.db, request);
  const [details, strains, subscription] = await Promise.all([
    getAccountDetails(context.db, user.id),
    strainChoices(context.db),
    subscriptionOf(context.db, user.email),
  ]);
  if (!details) throw redirect('/inloggen');
  return {
    newsletter: subscription?.status === 'confirmed' || subscription?.status === 'pending' ? subscription.status : ('none' as const),
    details: {
      ...details,
      pendingEmail: details.pendingEmail
        ? {
            newEmail: details.pendingEmail.newEmail,
            expiresAt: details.pendingEmail.expiresAt.toISOString(),
          }
        : null,
    },
    strains,
    thisYear: Number(shopToday().slice(0, 4)),
    // Rotated by a password change: the password form starts empty again after one.
    sessionKey: session.id.slice(0, 16),
  };
}

// ---- the action: one handler per intent --------------------------------------------------------

type IntentArgs = {
  db: Db;
  request: Request;
  context: Route.ActionArgs['context'];
  current: CurrentSession;
  formData: FormData;
};
type Reply = { intent: string; result: SubmissionResult<string[]> };

/** Back to the page (its section in view) with a toast; a plain POST without JavaScript lands here too. */
function saved(request: Request, section: string, toast: { title: string; description?: string }, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashCookie(request, toast));
  return redirect(`/account/details#${section}`, { headers });
}

const refused = (intent: string, result: SubmissionResult<string[]>, status = 400) => data<Reply>({ intent, result }, { status });

/**
 * Each form posts its own intent. Further sections (e.g. privacy) add an entry here and a
 * section in `sections` below; nothing else in the page needs to change.
 */
const intents: Record<string, (args: IntentArgs) => Promise<Response | ReturnType<typeof refused>>> = {
  async personal({ db, request, current, formData }) {
    const submission = parseWithZod(formData, {
      schema: personalDetailsSchema,
    });
    if (submission.status !== 'success') return refused('personal', submission.reply());
    try {
      await updatePersonalDetails(db, current.user.id, submission.value);
    } catch (e) {
      // The schema checks the same rule; only a change between form and module gets here.
      if (!(e instanceof AccountError)) throw e;
      return refused(
        'personal',
        submission.reply({
          fieldErrors: { dateOfBirth: [account.errors.underAge] },
        }),
      );
    }
    return saved(request, 'persoonlijk', { title: t.personal.saved });
  },

  async email({ db, request, context, current, formData }) {
    const submission = parseWithZod(formData, { schema: emailChangeSchema });
    const hide = ['currentPassword'];
    if (submission.status !== 'success') return refused('email', submission.reply({ hideFields: hide }));
    const outcome = await requestEmailChange(db, current.user.id, submission.value, accountLinksFor(context, request));
    if (!outcome.ok) {
      if (outcome.reason === 'rate_limited')
        return refused(
          'email',
          submission.reply({
            formErrors: [account.errors.tooManyRequests],
            hideFields: hide,
          }),
          429,
        );
      const fieldErrors: Record<string, string[]> =
        outcome.reason === 'same_email' ? { email: [t.errors.sameEmail] } : { currentPassword: [t.errors.wrongPassword] };
      return refused('email', submission.reply({ fieldErrors, hideFields: hide }));
    }
    return saved(request, 'e-mailadres', {
      title: t.email.sent,
      description: t.email.sentDescription(outcome.newEmail),
    });
  },

  async password({ db, request, context, current, formData }) {
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    const hide = ['currentPassword', 'password', 'passwordConfirm'];
    if (submission.status !== 'success') return refused('password', submission.reply({ hideFields: hide }));
    const outcome = await changePassword(db, current.user.id, submission.value, {
      userAgent: request.headers.get('user-agent'),
      links: accountLinksFor(context, request),
    });
    if (!outcome.ok) {
      if (outcome.reason === 'rate_limited')
        return refused(
          'password',
          submission.reply({
            formErrors: [account.errors.tooManyRequests],
            hideFields: hide,
          }),
          429,
        );
      const fieldErrors: Record<string, string[]> =
        outcome.reason === 'weak_password' ? { password: [passwordMessages[outcome.problem]] } : { currentPassword: [t.errors.wrongPassword] };
      return refused('password', submission.reply({ fieldErrors, hideFields: hide }));
    }
    // Every session ended with the change; this browser goes on with the fresh one.
    return saved(request, 'wachtwoord', { title: t.password.saved, description: t.password.savedDescription }, [
      setCookie(request, 'session', outcome.sessionToken),
    ]);
  },

  async profile({ db, request, current, formData }) {
    const submission = parseWithZod(formData, { schema: growerProfileSchema });
    if (submission.status !== 'success') return refused('profile', submission.reply());
    const { favourites, ...rest } = submission.value;
    const outcome = await saveGrowerProfile(db, current.user.id, {
      ...rest,
      favouriteIds: favourites,
    });
    if (!outcome.ok) {
      const fieldErrors: Record<string, string[]> =
        outcome.reason === 'invalid_year'
          ? {
              growingSince: [t.errors.growingSince(Number(shopToday().slice(0, 4)))],
            }
          : {
              favourites: [outcome.reason === 'too_many' ? t.errors.favouritesMax : t.errors.favouritesUnknown],
            };
      return refused('profile', submission.reply({ fieldErrors }));
    }
    return saved(request, 'kweekprofiel', { title: t.profile.saved });
  },

  async 'clear-profile'({ db, request, current }) {
    await clearGrowerProfile(db, current.user.id);
    return saved(request, 'kweekprofiel', { title: t.profile.cleared });
  },

  // The toggle: a verified account address is subscribed at once (the account proved it); an unverified one
  // gets the double opt-in mail like any sign-up.
  async newsletter({ db, request, context, current, formData }) {
    const { user } = current;
    if (formData.get('subscribe') !== '1') {
      await unsubscribeEmail(db, user.email);
      return saved(request, 'nieuwsbrief', {
        title: newsletter.account.unsubscribed,
      });
    }
    const ctx = {
      secret: context.secrets.app,
      origin: accountLinksFor(context, request).origin,
      client: clientKey(request.headers),
      userAgent: request.headers.get('user-agent') ?? '',
    };
    if (user.emailVerifiedAt) {
      await subscribeConfirmed(db, user.email, ctx);
      return saved(request, 'nieuwsbrief', {
        title: newsletter.account.subscribed,
      });
    }
    const outcome = await subscribe(db, user.email, 'account', ctx);
    return saved(request, 'nieuwsbrief', {
      title: outcome === 'ok' ? newsletter.account.pending : newsletter.failed,
    });
  },
};

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireSession(context.db, request);
  const formData = await readForm(request);
  const intent = formData.get('intent');
  const handler = typeof intent === 'string' && Object.hasOwn(intents, intent) ? intents[intent] : undefined;
  if (!handler) return data<Reply | null>(null, { status: 400 });
  return handler({ db: context.db, request, context, current, formData });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

// ---- the page ----------------------------------------------------------------------------------

/** The sections in page order; the menu beside them is built from this list. */
const sections = [
  { id: 'persoonlijk', title: t.personal.title, icon: UserRound },
  { id: 'e-mailadres', title: t.email.title, icon: Mail },
  { id: 'wachtwoord', title: t.password.title, icon: KeyRound },
  { id: 'kweekprofiel', title: t.profile.title, icon: Sprout },
  { id: 'nieuwsbrief', title: newsletter.account.title, icon: Newspaper },
] as const;
type SectionId = (typeof sections)[number]['id'];

function Section({ id, intro, children }: { id: SectionId; intro: string; children: ReactNode }) {
  const { title, icon: Icon } = sections.find((s) => s.id === id)!;
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-3xl bg-white p-5 ring-1 ring-slate-200 sm:p-7">
      <div className="flex items-start gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-2xl bg-primary-50 text-primary-700" aria-hidden>
          <Icon className="h-5 w-5" />
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{intro}</p>
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function SubmitRow({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-5">{children}</div>;
}

function TopError({ errors, id }: { errors?: string[]; id: string }) {
  return errors?.length ? <FormAlert id={id}>{errors.join(' ')}</FormAlert> : null;
}

function Select({ meta, label, options, empty }: { meta: FieldMetadata<string>; label: string; options: { value: string; label: string }[]; empty: string }) {
  return (
    <Field label={label} meta={meta}>
      <select {...getSelectProps(meta)} className={inputClass}>
        <option value="">{empty}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type Details = Route.ComponentProps['loaderData']['details'];
type FormProps = { lastResult?: SubmissionResult<string[]>; busy: boolean };

function PersonalForm({ lastResult, busy, name, dateOfBirth }: FormProps & { name: string; dateOfBirth: string }) {
  const [form, fields] = useForm<{ name: string; dateOfBirth: string }>({
    id: 'personal',
    lastResult,
    defaultValue: { name, dateOfBirth },
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <TopError errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={account.fields.name} meta={fields.name}>
          <input {...getInputProps(fields.name, { type: 'text' })} autoComplete="name" className={inputClass} />
        </Field>
        <Field label={account.fields.dateOfBirth} meta={fields.dateOfBirth} hint={account.register.adultHint}>
          <input {...getInputProps(fields.dateOfBirth, { type: 'date' })} autoComplete="bday" className={inputClass} />
        </Field>
      </div>
      <SubmitRow>
        <button type="submit" name="intent" value="personal" className={buttonClass('primary')} disabled={busy}>
          {t.personal.submit}
        </button>
      </SubmitRow>
    </Form>
  );
}

function EmailForm({ lastResult, busy }: FormProps) {
  const [form, fields] = useForm<{ email: string; currentPassword: string }>({
    id: 'email-change',
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-5">
      <TopError errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.email.newEmail} meta={fields.email}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" inputMode="email" className={inputClass} />
        </Field>
        <Field label={t.email.password} meta={fields.currentPassword} hint={t.email.passwordHint}>
          <input {...getInputProps(fields.currentPassword, { type: 'password' })} autoComplete="current-password" className={inputClass} />
        </Field>
      </div>
      <SubmitRow>
        <button type="submit" name="intent" value="email" className={buttonClass('primary')} disabled={busy}>
          {t.email.submit}
        </button>
      </SubmitRow>
    </Form>
  );
}

function PasswordForm({ lastResult, busy, email }: FormProps & { email: string }) {
  const [form, fields] = useForm<{
    currentPassword: string;
    password: string;
    passwordConfirm: string;
  }>({ id: 'password-change', lastResult });
  return (
    <Form method="post" {...getFormProps(form)}>
      <TopError errors={form.errors} id={form.errorId} />
      {/* For password managers: which account this password belongs to. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t.password.current} meta={fields.currentPassword} className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]">
          <input {...getInputProps(fields.currentPassword, { type: 'password' })} autoComplete="current-password" className={inputClass} />
        </Field>
        <Field label={account.fields.newPassword} meta={fields.password} hint={account.passwordHint}>
          <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className={inputClass} />
        </Field>
        <Field label={account.fields.newPasswordConfirm} meta={fields.passwordConfirm}>
          <input {...getInputProps(fields.passwordConfirm, { type: 'password' })} autoComplete="new-password" className={inputClass} />
        </Field>
      </div>
      <SubmitRow>
        <button type="submit" name="intent" value="password" className={buttonClass('primary')} disabled={busy}>
          {t.password.submit}
        </button>
      </SubmitRow>
    </Form>
  );
}

function ProfileForm({
  lastResult,
  busy,
  profile,
  strains,
  thisYear,
}: FormProps & {
  profile: Details['profile'];
  strains: StrainChoice[];
  thisYear: number;
}) {
  const [form, fields] = useForm<{
    growingSince: string;
    cultivationMethod: string;
    floweringPreference: string;
    favouriteType: string;
    favourites: string[];
  }>({
    id: 'grower-profile',
    lastResult,
    defaultValue: {
      growingSince: profile.growingSince === null ? '' : String(profile.growingSince),
      cultivationMethod: profile.cultivationMethod ?? '',
      floweringPreference: profile.floweringPreference ?? '',
      favouriteType: profile.favouriteType ?? '',
      favourites: profile.favouriteIds.map(String),
    },
  });
  const years = Array.from({ length: thisYear - GROWING_SINCE_MIN + 1 }, (_, i) => String(thisYear - i));
  return (
    <Form method="post" {...getFormProps(form)}>
      <TopError errors={form.errors} id={form.errorId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select meta={fields.growingSince} label={t.profile.growingSince} empty={t.profile.noYear} options={years.map((y) => ({ value: y, label: y }))} />
        <Select
          meta={fields.cultivationMethod}
          label={t.profile.cultivationMethod}
          empty={t.profile.none}
          options={CULTIVATION_METHODS.map((m) => ({
            value: m,
            label: profileLabels.cultivationMethod(m),
          }))}
        />
        <Select
          meta={fields.floweringPreference}
          label={t.profile.floweringPreference}
          empty={t.profile.none}
          options={FLOWERING_PREFERENCES.map((f) => ({
            value: f,
            label: profileLabels.floweringPreference(f),
          }))}
        />
        <Select
          meta={fields.favouriteType}
          label={t.profile.favouriteType}
          empty={t.profile.none}
          options={STRAIN_TYPES.map((s) => ({
            value: s,
            label: profileLabels.favouriteType(s),
          }))}
        />
      </div>
      <div className="mt-5">
        <FavouriteStrainsField strains={strains} meta={fields.favourites} saved={profile.favouriteIds} />
      </div>
      <SubmitRow>
        {/* The first submit button is the one Enter presses: save, never clear. */}
        <button type="submit" name="intent" value="profile" className={`${buttonClass('primary')} order-last`} disabled={busy}>
          {t.profile.submit}
        </button>
        <button type="submit" name="intent" value="clear-profile" className={buttonClass('ghost')} disabled={busy}>
          {t.profile.clear}
        </button>
      </SubmitRow>
    </Form>
  );
}

function NewsletterToggle({ state, busy }: { state: 'confirmed' | 'pending' | 'none'; busy: boolean }) {
  const on = state !== 'none';
  return (
    <Form method="post" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" data-testid="newsletter-state">
        {state === 'confirmed' ? newsletter.account.subscribed : state === 'pending' ? newsletter.account.pending : newsletter.account.notSubscribed}
      </p>
      <input type="hidden" name="subscribe" value={on ? '0' : '1'} />
      <button type="submit" name="intent" value="newsletter" className={buttonClass(on ? 'ghost' : 'primary')} disabled={busy}>
        {on ? newsletter.account.unsubscribe : newsletter.account.subscribe}
      </button>
    </Form>
  );
}

export default function AccountDetailsPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  // Each form sees only the answer to its own intent.
  const resultFor = (intent: string) => (navigation.state === 'idle' && actionData?.intent === intent ? actionData.result : undefined);
  const u = d.details;

  // The forms are keyed by what they saved: after a successful post they start again from the stored values.
  return (
    <AccountShell title={t.title} intro={<p>{t.intro}</p>}>
      <div className="grid gap-6 lg:grid-cols-[200px_minmax(0,1fr)]">
        <nav aria-label={t.sectionsLabel} className="hidden lg:block">
          <ul className="sticky top-24 space-y-1">
            {sections.map(({ id, title, icon: Icon }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-slate-700 hover:bg-white hover:text-slate-900"
                >
                  <Icon className="h-4 w-4 text-slate-500" aria-hidden />
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="min-w-0 space-y-6">
          <Section id="persoonlijk" intro={t.personal.intro}>
            <PersonalForm key={`${u.name}|${u.dateOfBirth}`} lastResult={resultFor('personal')} busy={busy} name={u.name} dateOfBirth={u.dateOfBirth} />
          </Section>

          <Section id="e-mailadres" intro={t.email.intro}>
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="text-slate-600">{t.email.current}:</span>
              <span className="font-semibold break-all text-slate-900" data-testid="current-email">
                {u.email}
              </span>
            </p>
            {u.pendingEmail ? (
              <div
                role="status"
                className="mt-4 flex gap-3 rounded-2xl bg-secondary-50 p-4 text-sm text-secondary-700 ring-1 ring-secondary-200"
                data-testid="pending-email"
              >
                <MailCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
                <p>
                  <span className="block font-semibold">{t.email.pendingTitle}</span>
                  {t.email.pending(u.pendingEmail.newEmail, u.email, longDate(u.pendingEmail.expiresAt))}
                </p>
              </div>
            ) : null}
            <EmailForm key={`${u.email}|${u.pendingEmail?.newEmail ?? ''}|${u.pendingEmail?.expiresAt ?? ''}`} lastResult={resultFor('email')} busy={busy} />
          </Section>

          <Section id="wachtwoord" intro={t.password.intro}>
            {/* The session id rotates with a password change. */}
            <PasswordForm key={d.sessionKey} lastResult={resultFor('password')} busy={busy} email={u.email} />
          </Section>

          <Section id="kweekprofiel" intro={t.profile.intro}>
            <ProfileForm
              key={JSON.stringify(u.profile)}
              lastResult={resultFor('profile')}
              busy={busy}
              profile={u.profile}
              strains={d.strains}
              thisYear={d.thisYear}
            />
          </Section>

          <Section id="nieuwsbrief" intro={newsletter.lead}>
            <NewsletterToggle state={d.newsletter} busy={busy} />
          </Section>
        </div>
      </div>
    </AccountShell>
  );
}
