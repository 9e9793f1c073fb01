import { describe, expect, it } from 'vitest';
import { dispatchIntent } from './intents.server.ts';

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const handlers = { save: (f: FormData) => `saved ${f.get('name')}`, remove: async () => 'removed' };

describe('dispatchIntent', () => {
  it('runs the handler the form names', async () => {
    expect(await dispatchIntent(form({ intent: 'save', name: 'x' }), handlers, { invalid: 'Ongeldig' })).toBe('saved x');
    expect(await dispatchIntent(form({ intent: 'remove' }), handlers, { invalid: 'Ongeldig' })).toBe('removed');
  });

  it('a form without intent gets the fallback', async () => {
    expect(await dispatchIntent(form({ name: 'y' }), handlers, { invalid: 'Ongeldig', fallback: 'save' })).toBe('saved y');
  });

  it.each<Record<string, string>>([{}, { intent: 'drop' }, { intent: 'toString' }, { intent: '__proto__' }])('answers 400 for %o', async (fields) => {
    const answer = await dispatchIntent(form(fields), handlers, { invalid: 'Ongeldig' }).catch((e: unknown) => e);
    expect(answer).toMatchObject({ type: 'DataWithResponseInit', data: 'Ongeldig', init: { status: 400 } });
  });
});
