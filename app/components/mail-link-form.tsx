import { Form } from 'react-router';
import { SubmitButton } from '~/components/ui/submit-button.tsx';

/**
 * The one button on a page opened from a link in a mail (confirm, unsubscribe): opening the link only asks, so a
 * mail scanner that follows it changes nothing; the button posts the link's token back to the same address.
 */
export function MailLinkForm({ token, label }: { token: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="t" value={token} />
      <SubmitButton label={label} />
    </Form>
  );
}
