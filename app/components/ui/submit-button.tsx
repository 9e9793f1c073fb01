import { useNavigation } from 'react-router';
import { buttonClass } from '~/components/ui/button.ts';

/** The full-width primary button of a one-form page (log-in, password, mail links): off while the form is being sent, so a double click posts once. */
export function SubmitButton({ label, testId }: { label: string; testId?: string }) {
  const navigation = useNavigation();
  return (
    <button type="submit" className={buttonClass('primary', 'md', 'w-full')} disabled={navigation.state === 'submitting'} data-testid={testId}>
      {label}
    </button>
  );
}
