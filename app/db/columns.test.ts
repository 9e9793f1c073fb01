import { describe, expect, it } from 'vitest';
import { columns } from './columns.ts';
import * as s from './schema/index.ts';

describe('columns', () => {
  it('picks the named columns of a table, each the column object itself', () => {
    const picked = columns(s.orders, 'id', 'number');
    expect(Object.keys(picked)).toEqual(['id', 'number']);
    expect(picked.id).toBe(s.orders.id);
    expect(picked.number).toBe(s.orders.number);
  });
});
