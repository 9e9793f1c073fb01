import { Form, useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';

/** The one-button form of a newsletter mail's link: it posts the link's token, so a mail scanner's GET changes nothing. */
export function TokenForm({ token, label }: { token: string; label: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post">
      <input type="hidden" name="t" value={token} />
      <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={navigation.state === 'submitting'}>
        {label}
      </button>
    </Form>
  );
}
