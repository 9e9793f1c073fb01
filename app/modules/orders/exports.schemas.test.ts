import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { exportSchema } from './exports.schemas.ts';

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return parseWithZod(form, { schema: exportSchema });
};
const errors = (fields: Record<string, string>) => {
  const s = parse(fields);
  return s.status === 'success' ? {} : Object.fromEntries(Object.entries(s.error ?? {}).map(([k, v]) => [k, v?.[0]]));
};

describe('export form', () => {
  it('takes a period, a file and optional order filters', () => {
    const s = parse({ soort: 'payments', van: '2026-11-01', tot: '2026-11-30', status: '', betaling: 'complete' });
    expect(s.status === 'success' && s.value).toEqual({ soort: 'payments', van: '2026-11-01', tot: '2026-11-30', betaling: 'complete' });
    expect(parse({ soort: 'orders', van: '2026-11-01', tot: '2026-11-01' }).status).toBe('success');
  });

  it('answers bad input with a Dutch message on its field', () => {
    expect(errors({ soort: 'orders', tot: '2026-11-30' })).toEqual({ van: 'Kies een begindatum.' });
    expect(errors({ soort: 'orders', van: '2026-11-01' })).toEqual({ tot: 'Kies een einddatum.' });
    expect(errors({ soort: 'orders', van: '2026-02-30', tot: '2026-03-01' })).toEqual({ van: 'Vul een geldige datum in.' });
    expect(errors({ soort: 'orders', van: '1-11-2026', tot: '99999-01-01' })).toEqual({ van: 'Vul een geldige datum in.', tot: 'Vul een geldige datum in.' });
    expect(errors({ soort: 'orders', van: '2026-12-01', tot: '2026-11-30' })).toEqual({ tot: 'De einddatum ligt vóór de begindatum.' });
    expect(errors({ soort: 'alles', van: '2026-11-01', tot: '2026-11-30' })).toEqual({ soort: 'Kies welk bestand je wilt downloaden.' });
    expect(errors({ soort: 'orders', van: '2026-11-01', tot: '2026-11-30', status: 'weg', betaling: 'x' })).toEqual({ status: 'Kies een waarde uit de lijst.', betaling: 'Kies een waarde uit de lijst.' });
  });
});
