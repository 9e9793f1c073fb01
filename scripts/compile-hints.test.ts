import { describe, expect, it } from 'vitest';
import { chunksRunAtStart } from './compile-hints.ts';

const chunk = (isEntry: boolean, imports: string[] = []) => ({ type: 'chunk' as const, isEntry, imports });

describe('chunksRunAtStart', () => {
  it('takes the entries and what they import statically, transitively; not what only import() loads, nor assets', () => {
    const bundle = {
      'entry.client.js': chunk(true, ['framework.js']),
      'home.js': chunk(true, ['shell.js', 'card.js']),
      'shell.js': chunk(false, ['framework.js']),
      'card.js': chunk(false, ['format.js']),
      'format.js': chunk(false),
      'framework.js': chunk(false),
      'newsletter-form.js': chunk(false, ['format.js']),
      'app.css': { type: 'asset' as const },
    };
    expect([...chunksRunAtStart(bundle)].sort()).toEqual(['card.js', 'entry.client.js', 'format.js', 'framework.js', 'home.js', 'shell.js']);
  });

  it('stops on an import cycle', () => {
    expect(chunksRunAtStart({ 'a.js': chunk(true, ['b.js']), 'b.js': chunk(false, ['a.js']) })).toEqual(new Set(['a.js', 'b.js']));
  });
});
