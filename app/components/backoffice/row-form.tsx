import { Form, useNavigation } from 'react-router';
import { smallButton } from './styles.ts';

/**
 * One button acting on one row of a list (delete, approve…): a POST form whose hidden `intent` names the action's
 * handler and whose hidden fields say which row. Works without JavaScript.
 */
export function RowForm({ intent, fields, label, ariaLabel, tone = 'danger', busy = false, className }: { intent: string; fields: Record<string, string | number>; label: string; ariaLabel?: string; tone?: keyof typeof smallButton; busy?: boolean; className?: string }) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={smallButton[tone]} aria-label={ariaLabel} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/**
 * Switches one row of a list on or off (a code, a promotion): the hidden field says which row, the button's
 * `intent` is `enable` or `disable`, and only this row's button waits while its post is under way.
 */
export function ActiveToggle({ field, value, active, labels, ariaLabel }: { field: string; value: string | number; active: boolean; labels: { enable: string; disable: string }; ariaLabel: (label: string) => string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formData?.get(field) === String(value);
  const label = active ? labels.disable : labels.enable;
  return (
    <Form method="post" className="inline">
      <input type="hidden" name={field} value={value} />
      <button type="submit" name="intent" value={active ? 'disable' : 'enable'} className={active ? smallButton.danger : smallButton.quiet} disabled={busy} aria-label={ariaLabel(label)}>
        {label}
      </button>
    </Form>
  );
}
