/** One option of a select: what the form sends and what the visitor reads. */
export type Choice = { value: string; label: string };

/** A closed list of values with their labels (an i18n record) as a select's choices. */
export const choicesOf = <K extends string>(values: readonly K[], labels: Record<K, string>): Choice[] => values.map((value) => ({ value, label: labels[value] }));

type ItemProps<T> = { items: readonly T[]; label: (item: T) => string; value?: (item: T) => string | number };

/**
 * The `<option>`s of a select, in the order given: ready-made choices, or one per item where `label` says what the
 * reader sees and `value` what is sent (the item itself by default, for a list of plain keys such as roles).
 */
export function Options<T>(props: { choices: readonly Choice[] } | ItemProps<T>) {
  const list: readonly Choice[] =
    'choices' in props ? props.choices : props.items.map((item) => ({ value: String((props.value ?? String)(item)), label: props.label(item) }));
  return list.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}
