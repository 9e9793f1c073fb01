import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backoffice as t } from '~/i18n/nl/backoffice.ts';
import { exportKinds } from '~/modules/orders/exports.schemas.ts';
import { auditActionLabels, auditEntityLabels } from '~/i18n/nl/audit-labels.ts';
import { auditChanges, auditValue, describeAudit } from './audit-text.ts';

const entry = (action: string, entity: string, entityId: string | null, before: unknown, after: unknown) => ({ who: 'Eva de Vries', action, entity, entityId, before, after });

describe('audit sentences', () => {
  it('says what happened as a sentence with the name of the staff member', () => {
    const shipped = describeAudit(entry('order.ship', 'order', 'KK-AB12-CD34', { status: 'processing' }, { status: 'shipped', shipmentId: 4, carrier: 'tracked_parcel', trackingCode: null, lines: [{ lineId: 1, quantity: 2 }] }));
    expect(shipped.sentence).toBe('Eva de Vries heeft een pakket van bestelling KK-AB12-CD34 verzonden met 2 artikelen');
    expect(shipped.changes).toContainEqual({ label: 'status', before: 'In behandeling', after: 'Verzonden' });
    expect(shipped.changes.find((c) => c.label === 'track & trace')).toEqual({ label: 'track & trace', before: '—', after: '—' });
  });

  it('names a colleague an entry is about, not their number', () => {
    const names = { '3': 'Sanne Bakker' };
    expect(describeAudit({ ...entry('staff.disable', 'staff', '3', { active: true }, { active: false }), staffNames: names }).sentence).toBe('Eva de Vries heeft medewerker Sanne Bakker uitgezet');
    expect(describeAudit({ ...entry('staff.revoke_sessions', 'staff', '3', null, { sessionsEnded: 2 }), staffNames: names }).sentence).toBe('Eva de Vries heeft alle sessies van medewerker Sanne Bakker beëindigd');
    // A colleague removed from the list since keeps their number rather than a wrong name.
    expect(describeAudit({ ...entry('staff.enable', 'staff', '7', null, { active: true }), staffNames: names }).sentence).toBe('Eva de Vries heeft medewerker #7 weer aangezet');
  });

  it('formats money with its currency and leaves ids out of the changes', () => {
    const refund = describeAudit(entry('order.refund', 'order', 'KK-1', { leftMinor: 3500, currency: 'EUR' }, { refundId: 9, amountMinor: 1000, currency: 'EUR', state: 'refunded', reason: null, leftMinor: 2500 }));
    expect(refund.sentence).toBe('Eva de Vries heeft €\u00a010,00 terugbetaald op bestelling KK-1');
    expect(refund.changes.map((c) => c.label)).not.toContain('refund id');
    expect(refund.changes).toContainEqual({ label: 'nog terug te betalen', before: '€\u00a035,00', after: '€\u00a025,00' });
  });

  it('shows nothing as a dash, yes/no in Dutch and never a raw state or null', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue('')).toBe('—');
    expect(auditValue(true)).toBe('ja');
    expect(auditValue('processing')).toBe('In behandeling');
    expect(auditChanges({ active: true }, { active: false })).toEqual([{ label: 'actief', before: 'ja', after: 'nee' }]);
    const text = JSON.stringify(describeAudit(entry('review.hide', 'review', '5', { status: 'published', hiddenReason: null, checked: false }, { status: 'hidden', hiddenReason: 'spam' })));
    expect(text).not.toMatch(/null|"published"|"hidden"/);
  });

  it('lists the values of a new thing, and a plain value as "waarde"', () => {
    expect(auditChanges(null, { name: 'Eva', role: 'orders' })).toEqual([
      { label: 'naam', before: null, after: 'Eva' },
      { label: 'rol', before: null, after: 'Bestellingen' },
    ]);
    expect(auditChanges('Logo', 'Kiemkracht logo')).toEqual([{ label: 'waarde', before: 'Logo', after: 'Kiemkracht logo' }]);
  });

  it('falls back to a readable generic sentence for an unknown action', () => {
    expect(describeAudit(entry('thing.frobnicate', 'thing', '7', null, null)).sentence).toBe('Eva de Vries heeft een wijziging gedaan (thing.frobnicate) aan thing 7');
  });
});

// Every action code the app records has its own sentence: the source is scanned, so a new code cannot be missed.
const TEMPLATES: Record<string, string[]> = {
  'export.${filter.kind}': exportKinds.map((k) => `export.${k}`),
  'affiliate.${status}': ['affiliate.approved', 'affiliate.rejected', 'affiliate.suspended'],
  '${entity}.create': ['author.create', 'post_category.create'],
  '${entity}.update': ['author.update', 'post_category.update'],
  '${entity}.delete': ['author.delete', 'post_category.delete'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) && !full.includes(`${path.sep}i18n${path.sep}`) ? [full] : [];
  });
}

function recordedEntities(): Set<string> {
  const entities = new Set<string>();
  for (const file of sourceFiles('app')) {
    const text = fs.readFileSync(file, 'utf8');
    if (text.includes('recordAudit(')) for (const m of text.matchAll(/\bentity: '([a-z_]+)'/g)) entities.add(m[1]!);
  }
  return entities;
}

function recordedActions(): { codes: Set<string>; templates: Set<string> } {
  const codes = new Set<string>();
  const templates = new Set<string>();
  for (const file of sourceFiles('app')) {
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes('recordAudit(')) continue;
    for (const line of text.split('\n').filter((l) => /\baction: /.test(l))) {
      const rest = line.slice(line.search(/\baction: /));
      for (const m of rest.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) codes.add(m[1]!);
      for (const m of rest.matchAll(/^action: `([^`]+)`/g)) templates.add(m[1]!);
    }
  }
  return { codes, templates };
}

describe('every recorded action code has a sentence', () => {
  const { codes, templates } = recordedActions();

  it('finds the codes in the source', () => {
    expect(codes.size).toBeGreaterThan(50);
    expect(codes).toContain('order.ship');
    expect(codes).toContain('review.hide');
  });

  it('has a sentence for each literal code', () => {
    expect([...codes].filter((c) => !t.auditText.actions[c])).toEqual([]);
  });

  it('has a Dutch filter label for every code with a sentence, and for every kind of record written', () => {
    expect(Object.keys(t.auditText.actions).filter((c) => !auditActionLabels[c])).toEqual([]);
    expect([...recordedEntities()].filter((e) => !auditEntityLabels[e])).toEqual([]);
  });

  it('knows each templated code and has a sentence for its expansions', () => {
    expect([...templates].filter((tpl) => !TEMPLATES[tpl])).toEqual([]);
    expect(Object.values(TEMPLATES).flat().filter((c) => !t.auditText.actions[c])).toEqual([]);
  });
});
