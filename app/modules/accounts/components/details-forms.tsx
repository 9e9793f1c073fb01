import { Form } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { Field, inputClass } from '~/components/ui/form-field.tsx';
import { account } from '~/i18n/nl/account.ts';
import { newsletter } from '~/i18n/nl/newsletter.ts';
import { getFormProps, getInputProps, useForm } from '~/lib/form.ts';
import { CULTIVATION_METHODS, FLOWERING_PREFERENCES, GROWING_SINCE_MIN, type GrowerProfile, profileLabels, STRAIN_TYPES } from '../grower-profile.ts';
import { type DetailsFormProps as FormProps, SaveRow, Select, SubmitRow, TopError } from './details-section.tsx';
import { FavouriteStrainsField, type StrainChoice } from './favourite-strains-field.tsx';

// The forms of /account/details, one per intent; each is keyed by the page so it restarts from what was saved.

const t = account.details;

export function PersonalForm({ lastResult, busy, name, dateOfBirth }: FormProps & { name: string; dateOfBirth: string }) {
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
      <SaveRow intent="personal" label={t.personal.submit} busy={busy} />
    </Form>
  );
}

export function EmailForm({ lastResult, busy }: FormProps) {
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
      <SaveRow intent="email" label={t.email.submit} busy={busy} />
    </Form>
  );
}

export function PasswordForm({ lastResult, busy, email }: FormProps & { email: string }) {
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
      <SaveRow intent="password" label={t.password.submit} busy={busy} />
    </Form>
  );
}

const labelled = <T extends string>(values: readonly T[], label: (value: T) => string) => values.map((value) => ({ value, label: label(value) }));

export function ProfileForm({
  lastResult,
  busy,
  profile,
  strains,
  thisYear,
}: FormProps & {
  profile: GrowerProfile;
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
        <Select meta={fields.cultivationMethod} label={t.profile.cultivationMethod} empty={t.profile.none} options={labelled(CULTIVATION_METHODS, profileLabels.cultivationMethod)} />
        <Select meta={fields.floweringPreference} label={t.profile.floweringPreference} empty={t.profile.none} options={labelled(FLOWERING_PREFERENCES, profileLabels.floweringPreference)} />
        <Select meta={fields.favouriteType} label={t.profile.favouriteType} empty={t.profile.none} options={labelled(STRAIN_TYPES, profileLabels.favouriteType)} />
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

export function NewsletterToggle({ state, busy }: { state: 'confirmed' | 'pending' | 'none'; busy: boolean }) {
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
