import { describe, expect, it } from 'vitest';
import type { Db } from './client.server.ts';
import { perDatabase } from './prepared.server.ts';

describe('perDatabase', () => {
  it('builds a query once per database handle, and apart for each handle', () => {
    const built: object[] = [];
    const query = perDatabase((db) => {
      built.push(db);
      return { for: db };
    });
    const a = {} as Db;
    const b = {} as Db;
    expect(query(a)).toBe(query(a));
    expect(query(b).for).toBe(b);
    expect(query(a)).not.toBe(query(b));
    expect(built).toEqual([a, b]);
  });
});
