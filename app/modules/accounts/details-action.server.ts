import { parseWithZod } from '@conform-to/zod/v4';
import { data, redirect } from 'react-router';
import type { Db } from '~/db/client.server.ts';
import { account } from '~/i18n/nl/account.ts';
import { flashCookie, setCookie } from '~/lib/cookies.server.ts';
import type { SubmissionResult } from '~/lib/form.ts';
import { passwordMessages } from './accounts.schemas.ts';
import { AccountError } from './accounts.server.ts';
import { accountLinksFor } from './auth.server.ts';
import { emailChangeSchema, growerProfileSchema, passwordChangeSchema, personalDetailsSchema } from './details.schemas.ts';
import { changePassword, clearGrowerProfile, requestEmailChange, saveGrowerProfile, updatePersonalDetails } from './details.server.ts';
import { shopToday } from '~/lib/password.ts';
import type { CurrentSession } from './sessions.server.ts';

const t = account.details;
// The action of /account/details: one handler per intent.

export type DetailsIntentArgs = {
  db: Db;
  request: Request;
  context: { publicUrl?: string };
  current: CurrentSession;
  formData: FormData;
};
export type DetailsReply = { intent: string; result: SubmissionResult<string[]> };

/** Back to the page (its section in view) with a toast; a plain POST without JavaScript lands here too. */
export function saved(request: Request, section: string, toast: { title: string; description?: string }, cookies: string[] = []) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  headers.append('Set-Cookie', flashCookie(request, toast));
  return redirect(`/account/details#${section}`, { headers });
}

export const refused = (intent: string, result: SubmissionResult<string[]>, status = 400) => data<DetailsReply>({ intent, result }, { status });

const tooMany = (intent: string, submission: { reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]> }, hide: string[]) =>
  refused(intent, submission.reply({ formErrors: [account.errors.tooManyRequests], hideFields: hide }), 429);

export type DetailsIntent = (args: DetailsIntentArgs) => Promise<Response | ReturnType<typeof refused>>;

/**
 * Each form posts its own intent. Further sections (e.g. privacy) add an entry here and a
 * section in `detailsSections`; nothing else in the page needs to change.
 */
export const detailsIntents: Record<string, DetailsIntent> = {
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
      if (outcome.reason === 'rate_limited') return tooMany('email', submission, hide);
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
      if (outcome.reason === 'rate_limited') return tooMany('password', submission, hide);
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
};
