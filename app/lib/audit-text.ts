// The audit log in plain Dutch (pure): one sentence per entry ("Eva de Vries heeft bestelling KK-… verzonden")
// and its changes as "veld: oud → nieuw" with Dutch labels and values. The raw JSON stays in the log.
import { type AuditSentence, backoffice as t } from '~/i18n/nl/backoffice.ts';
import { formatMoney } from '~/lib/money.ts';

export type AuditChange = { label: string; before: string | null; after: string | null };
export type AuditText = { sentence: string; changes: AuditChange[]; more: number };
export type AuditInput = {
  who: string;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  /** Staff members' names by id: an entry about a colleague names them, not their number. */
  staffNames?: Record<string, string>;
};

const MAX_CHANGES = 8;
const MAX_VALUE = 120;
type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

const fieldLabel = (key: string) => t.auditText.fields[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();

/** One value in Dutch: nothing as "—", yes/no, known states by their label, money with its currency, lists counted. */
export function auditValue(value: unknown, key = '', currency?: unknown): string {
  if (value === null || value === undefined || value === '') return t.auditText.empty;
  if (typeof value === 'boolean') return value ? t.auditText.yes : t.auditText.no;
  if (typeof value === 'number' && key.endsWith('Minor') && typeof currency === 'string') return formatMoney(value, currency);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return cut(t.auditText.values[value] ?? value);
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object' || v === null) ? cut(value.map((v) => auditValue(v)).join(', ')) : t.auditText.items(value.length);
  if (isRecord(value))
    return cut(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${fieldLabel(k)}: ${auditValue(v, k, value.currency)}`)
        .join(', '),
    );
  return cut(String(value));
}

const cut = (s: string) => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that changed; for a new thing (nothing before) its values, for a removed one what it was. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    if (same(before, after)) return [];
    return [{ label: t.auditText.fields.value!, before: before == null ? null : auditValue(before), after: after == null ? null : auditValue(after) }];
  }
  const b = isRecord(before) ? before : null;
  const a = isRecord(after) ? after : null;
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return keys
    .filter((k) => k !== 'currency' && !/Id$|^id$|^key$/.test(k) && !same(b?.[k], a?.[k]) && !(a && a[k] === undefined && !b))
    .map((k) => ({
      label: fieldLabel(k),
      before: b ? auditValue(b[k], k, b.currency ?? a?.currency) : null,
      after: a ? auditValue(a[k], k, a.currency ?? b?.currency) : null,
    }));
}

function sentenceContext(entry: AuditInput): AuditSentence {
  const after = isRecord(entry.after) ? entry.after : {};
  const before = isRecord(entry.before) ? entry.before : {};
  const amountMinor = after.amountMinor ?? (isRecord(after.received) ? after.received.amountMinor : undefined);
  const currency = after.currency ?? (isRecord(after.received) ? after.received.currency : undefined);
  const amount = typeof amountMinor === 'number' && typeof currency === 'string' ? formatMoney(amountMinor, currency) : t.auditText.empty;
  const listed = [after.lines, after.changes, entry.after].find(Array.isArray);
  const counted = [after.count, after.codes, after.packs, after.addresses, after.lines].find((v) => typeof v === 'number');
  const lineQuantity = Array.isArray(after.lines) ? after.lines.reduce((n: number, l) => n + (isRecord(l) && typeof l.quantity === 'number' ? l.quantity : 1), 0) : undefined;
  const shown: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries({ ...before, ...after })) shown[k] = v === undefined ? undefined : k === 'delta' && typeof v === 'number' && v > 0 ? `+${v}` : auditValue(v, k);
  const id = entry.entity === 'export' && entry.entityId ? entry.entityId.replace('..', ' t/m ') : (entry.entityId ?? '');
  const named = [after.name, before.name, entry.entity === 'staff' ? entry.staffNames?.[id] : undefined].find((n) => typeof n === 'string');
  return { id, staff: typeof named === 'string' ? named : `#${id}`, amount, count: (entry.action === 'order.ship' ? lineQuantity : undefined) ?? (counted as number | undefined) ?? (listed as unknown[] | undefined)?.length ?? 0, after: shown };
}

/** The sentence and the changes of one audit entry; an action without its own sentence gets a readable generic one. */
export function describeAudit(entry: AuditInput): AuditText {
  const own = t.auditText.actions[entry.action];
  const c = sentenceContext(entry);
  const sentence = `${entry.who} ${own ? own(c) : t.auditText.generic(entry.action, entry.entity, c.id)}`;
  const changes = auditChanges(entry.before, entry.after);
  return { sentence, changes: changes.slice(0, MAX_CHANGES), more: Math.max(0, changes.length - MAX_CHANGES) };
}
