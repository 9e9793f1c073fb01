import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';
import { AuthCard, FormAlert } from '~/modules/accounts/components/auth-card.tsx';

/**
 * A link from a mail (ADR 068: restock confirmation and unsubscribe): opening it changes nothing (mail scanners open links too), the button
 * posts the token. Then the outcome, good or bad, and where to go on.
 */
export function TokenStep(props: {
  title: string;
  intro?: string;
  token: string;
  button: string;
  outcome: { ok: boolean; message: string } | null;
  next: { to: string; label: ReactNode };
}) {
  const navigation = useNavigation();
  const { outcome } = props;
  return (
    <AuthCard title={props.title} intro={outcome ? undefined : props.intro}>
      {outcome ? (
        <FormAlert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</FormAlert>
      ) : (
        <Form method="post">
          <input type="hidden" name="t" value={props.token} />
          <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={navigation.state === 'submitting'}>
            {props.button}
          </button>
        </Form>
      )}
      <Link to={props.next.to} className={buttonClass('secondary', 'md', 'mt-4 w-full')}>
        {props.next.label}
      </Link>
    </AuthCard>
  );
}
