import { type FormEvent, useEffect, useRef, useState } from 'react';

/**
 * The part of Conform's `useForm` the pages use, without Conform in the browser (ADR 027: 8.7 KB gzip on
 * every form page). Forms are validated on the server only (ADR 023): the action parses with the module's
 * Zod schema (`parseWithZod`) and answers `submission.reply()`; this reads that answer (`lastResult`) for the
 * Dutch messages and the values to show again, and gives the same ids, names and aria attributes Conform did
 * (`{form}-{name}`, `{form}-{name}-error`), so pages, tests and assistive technology see no difference.
 */

/** What `submission.reply()` of `@conform-to/dom` answers (the fields this reads). */
export type SubmissionResult<_Error = string[]> = {
  status?: 'success' | 'error';
  /** The values sent (minus `hideFields`); null after `reply({ resetForm: true })`. */
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
};

type Errors = Record<string, string[]>;

/** What a field's label, control and message need. */
export type FieldMeta = { id: string; name: string; errorId: string; errors: string[] | undefined; initialValue: unknown };

export type FieldMetadata<T = unknown> = FieldMeta & {
  /** The current value (kept up to date only in forms that read it). */
  value: (T extends Record<string, unknown> ? Partial<Record<keyof T, string>> : string) | undefined;
  getFieldset(): Fieldset<T>;
};
type Fieldset<T> = { [K in keyof T & string]-?: FieldMetadata<T[K]> };

export type FormMetadata<_Fields = unknown> = {
  id: string;
  errorId: string;
  errors: string[] | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onInput: (event: FormEvent<HTMLFormElement>) => void;
  noValidate: true;
  /** Fills fields in (a saved or remembered address): `name` is a field or a group (`shipping`). */
  update(change: { name: string; value: unknown }): void;
};

const at = (values: unknown, name: string): unknown =>
  name.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), values);

/** `a.b` → `{ a: { b } }`, as Conform's payload; a name sent twice becomes a list. */
function formValues(form: HTMLFormElement) {
  const out: Record<string, unknown> = {};
  for (const [name, v] of new FormData(form)) {
    if (typeof v !== 'string') continue;
    const keys = name.split('.');
    let o = out;
    for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
    const last = keys.at(-1)!;
    const prev = o[last];
    o[last] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

const errorsOf = (result: SubmissionResult | undefined): Errors =>
  Object.fromEntries(Object.entries(result?.error ?? {}).filter((e): e is [string, string[]] => !!e[1]?.length));

export function useForm<Fields extends Record<string, unknown>, _Output = unknown>(options: {
  id: string;
  lastResult?: SubmissionResult | undefined;
  defaultValue?: Record<string, unknown>;
  /** 'onInput': editing a field the server refused clears its message (it is checked again on submit). */
  shouldRevalidate?: 'onInput';
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}): [FormMetadata<Fields>, Fieldset<Fields>] {
  const { id, lastResult, shouldRevalidate } = options;
  const [initial, setInitial] = useState(() => lastResult?.initialValue ?? options.defaultValue ?? {});
  const [errors, setErrors] = useState(() => errorsOf(lastResult));
  const [value, setValue] = useState<Record<string, unknown> | undefined>(undefined);
  const readsValue = useRef(false);
  const element = () => document.forms.namedItem(id);

  // A new answer from the action: its messages replace the old ones (set while rendering, React's pattern
  // for state that follows a prop)…
  const [seen, setSeen] = useState(lastResult);
  if (lastResult && lastResult !== seen) {
    setSeen(lastResult);
    setErrors(errorsOf(lastResult));
    if (lastResult.initialValue === null) setInitial(options.defaultValue ?? {});
  }
  // …and, as Conform did, a refused submit focuses the first refused field; `resetForm` empties the form.
  const handled = useRef(lastResult);
  useEffect(() => {
    if (!seen || seen === handled.current) return;
    handled.current = seen;
    if (seen.initialValue === null) element()?.reset();
    else if (seen.status === 'error')
      for (const el of Array.from(element()?.elements ?? []) as HTMLInputElement[])
        if (el.name && seen.error?.[el.name]?.length) {
          el.focus();
          break;
        }
  });

  const track = (form: HTMLFormElement | null) => {
    if (form && readsValue.current) setValue(formValues(form));
  };

  const meta = (name: string): FieldMetadata => {
    const fid = `${id}-${name}`;
    return {
      id: fid,
      name,
      errorId: `${fid}-error`,
      errors: errors[name],
      initialValue: at(initial, name),
      get value() {
        readsValue.current = true;
        return at(value ?? initial, name) as string | undefined;
      },
      getFieldset: () => fieldset(`${name}.`),
    };
  };
  const fieldset = (prefix: string) => new Proxy({}, { get: (_, key) => (typeof key === 'string' ? meta(prefix + key) : undefined) }) as never;

  const form: FormMetadata<Fields> = {
    id,
    errorId: `${id}-error`,
    errors: errors[''],
    noValidate: true,
    onSubmit: (event) => {
      if (shouldRevalidate) setErrors({});
      options.onSubmit?.(event);
    },
    onInput: (event) => {
      const name = (event.target as HTMLInputElement).name;
      if (shouldRevalidate && name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
      track(event.currentTarget);
    },
    update: ({ name, value: v }) => {
      const form = element();
      const entries = v && typeof v === 'object' ? Object.entries(v).map(([k, x]) => [`${name}.${k}`, x] as const) : [[name, v] as const];
      for (const [n, x] of entries) {
        const el = form?.elements.namedItem(n);
        if (el && 'value' in el) el.value = x == null ? '' : String(x);
      }
      setInitial((prev) => {
        const next = structuredClone(prev) as Record<string, unknown>;
        const keys = name.split('.');
        let o = next;
        for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
        o[keys.at(-1)!] = v;
        return next;
      });
      track(form);
    },
  };
  return [form, fieldset('')];
}

const aria = (meta: FieldMeta) =>
  meta.errors ? { 'aria-invalid': true as const, 'aria-describedby': meta.errorId } : {};

/** `<form>` props: id, noValidate (the server's messages are shown, not the browser's), submit and input handlers, and the form-level message. */
export function getFormProps(form: FormMetadata) {
  return { id: form.id, noValidate: form.noValidate, onSubmit: form.onSubmit, onInput: form.onInput, ...(form.errors ? { 'aria-describedby': form.errorId } : {}) };
}

export function getInputProps(meta: FieldMeta, options: { type: string; value?: string }) {
  const base = { id: meta.id, name: meta.name, type: options.type, ...aria(meta) };
  if (options.type === 'checkbox' || options.type === 'radio') {
    const value = options.value ?? 'on';
    const initial = meta.initialValue;
    return { ...base, value, defaultChecked: Array.isArray(initial) ? initial.includes(value) : initial === value };
  }
  return typeof meta.initialValue === 'string' ? { ...base, defaultValue: meta.initialValue } : base;
}

export function getSelectProps(meta: FieldMeta) {
  return { id: meta.id, name: meta.name, defaultValue: meta.initialValue == null ? undefined : String(meta.initialValue), ...aria(meta) };
}

export function getTextareaProps(meta: FieldMeta) {
  return getSelectProps(meta);
}
