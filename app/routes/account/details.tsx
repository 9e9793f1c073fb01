import { MailCheck } from 'lucide-react';
import { redirect, useNavigation } from 'react-router';
import { account } from '~/i18n/nl/account.ts';
import { newsletter } from '~/i18n/nl/newsletter.ts';
import { readForm } from '~/lib/form.server.ts';
import { dispatchIntent } from '~/lib/intents.server.ts';
import { longDate } from '~/lib/format.ts';
import { privatePageHeaders } from '~/lib/private-page.ts';
import { accountLinksFor, requireSession } from '~/modules/accounts/auth.server.ts';
import { AccountShell } from '~/modules/accounts/components/account-shell.tsx';
import { EmailForm, NewsletterToggle, PasswordForm, PersonalForm, ProfileForm } from '~/modules/accounts/components/details-forms.tsx';
import { detailsSections as sections, Section } from '~/modules/accounts/components/details-section.tsx';
import { type DetailsIntentArgs, detailsIntents, type DetailsIntent, saved } from '~/modules/accounts/details-action.server.ts';
import { getAccountDetails } from '~/modules/accounts/details.server.ts';
import { strainChoices } from '~/flows/grower-overview.server.ts';
import { shopToday } from '~/lib/password.ts';
import { subscribe, subscribeConfirmed, subscriptionOf, unsubscribeEmail } from '~/modules/newsletter/newsletter.server.ts';
import { clientKey } from '~/lib/client-key.ts';
import type { Route } from './+types/details.ts';

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

// ---- the action: the account's intents, and the newsletter toggle --------------------------------

type IntentArgs = Omit<DetailsIntentArgs, 'context'> & { context: Route.ActionArgs['context'] };

const intents: Record<string, (args: IntentArgs) => ReturnType<DetailsIntent>> = {
  ...detailsIntents,
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
  const args = { db: context.db, request, context, current, formData };
  const table = Object.fromEntries(Object.entries(intents).map(([name, handler]) => [name, () => handler(args)]));
  return dispatchIntent(formData, table, { invalid: account.staleForm });
}

export const headers = privatePageHeaders;

export const meta: Route.MetaFunction = () => [{ title: `${t.title} | Kiemkracht` }, { name: 'robots', content: 'noindex' }];

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
