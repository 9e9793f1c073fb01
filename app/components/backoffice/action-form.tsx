import type { ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { getFormProps, type SubmissionResult, useForm } from '~/lib/form.ts';
 
import { Alert } from './parts.tsx';
 
import { smallButton } from './styles.ts';
import { Panel } from './parts.tsx';

/**
 * What the order page's action answers for any of its forms (order-intents.server.ts). `stale`: the order changed
 * after the form was rendered, nothing was done, and the page loads the order afresh (ADR 054).
 */
export type ActionReply = { intent: string; result: SubmissionResult<string[]>; message?: string; saved?: boolean; tone?: 'success' | 'error'; stale?: boolean };

/** After a stale form's refusal (a 409) the page shows the order as it is now; other refusals keep React Router's default. */
export function revalidateWhenStale({ actionResult, defaultShouldRevalidate }: { actionResult?: unknown; defaultShouldRevalidate: boolean }) {
  return (actionResult as ActionReply | undefined)?.stale === true || defaultShouldRevalidate;
}

/**
 * One action form of the order page: its own form id and idempotency key (fresh per render from the loader),
 * the answer only when it is about this intent, errors next to the fields, and it works without JavaScript.
 * The success message is the page's (the form may be gone after it: a cancelled order has no cancel form).
 */
export function useActionForm<Fields extends Record<string, unknown>>(intent: string, formKey: string, reply: ActionReply | undefined) {
  const navigation = useNavigation();
  const mine = reply?.intent === intent ? reply : undefined;
  const [form, fields] = useForm<Fields>({ id: `${intent}-${formKey}`, lastResult: navigation.state === 'idle' ? mine?.result : undefined, shouldRevalidate: 'onInput' });
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent;
  return { form, fields, busy };
}

type FormState = ReturnType<typeof useActionForm>;

export function ActionPanel({
  title,
  intro,
  intent,
  formKey,
  version,
  state,
  submit,
  tone = 'primary',
  children,
}: {
  title: string;
  intro?: ReactNode;
  intent: string;
  formKey: string;
  /** The order's version a money or stock form was rendered on (ADR 054). */
  version?: string;
  state: Pick<FormState, 'form' | 'busy'>;
  submit: string;
  tone?: 'primary' | 'danger';
  children?: ReactNode;
}) {
  const { form, busy } = state;
  return (
    <Panel title={title}>
      <div className="p-4" data-testid={`action-${intent}`}>
        {intro ? <p className="mb-3 text-xs text-slate-600">{intro}</p> : null}
        {form.errors ? <Alert id={form.errorId}>{form.errors.join(' ')}</Alert> : null}
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="key" value={formKey} />
          {version !== undefined ? <input type="hidden" name="version" value={version} /> : null}
          {children}
          <button
            type="submit"
            className={`${tone === 'danger' ? 'inline-flex items-center justify-center rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60' : smallButton.primary} w-full`}
            disabled={busy}
          >
            {submit}
          </button>
        </Form>
      </div>
    </Panel>
  );
}
