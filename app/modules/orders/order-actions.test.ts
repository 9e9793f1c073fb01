import { describe, expect, it } from 'vitest';
import { normaliseTracking, planParcel } from './order-actions.ts';

describe('planParcel', () => {
  const lines = [
    { id: 1, quantity: 3 },
    { id: 2, quantity: 2 },
  ];

  it('takes all that is left for "rest" and says when nothing remains', () => {
    expect(planParcel(lines, new Map(), 'rest')).toEqual({
      parcel: [
        { lineId: 1, quantity: 3 },
        { lineId: 2, quantity: 2 },
      ],
      complete: true,
    });
    expect(planParcel(lines, new Map([[1, 2]]), 'rest')).toEqual({
      parcel: [
        { lineId: 1, quantity: 1 },
        { lineId: 2, quantity: 2 },
      ],
      complete: true,
    });
  });

  it('ships some lines and leaves the order open', () => {
    expect(
      planParcel(lines, new Map(), [
        { lineId: 1, quantity: 2 },
        { lineId: 2, quantity: 0 },
      ]),
    ).toEqual({ parcel: [{ lineId: 1, quantity: 2 }], complete: false });
  });

  it('refuses more than remains, an unknown line, and an empty parcel', () => {
    expect(planParcel(lines, new Map([[1, 2]]), [{ lineId: 1, quantity: 2 }])).toEqual({ refused: 'too_many', lineId: 1 });
    expect(planParcel(lines, new Map(), [{ lineId: 9, quantity: 1 }])).toEqual({ refused: 'unknown_line', lineId: 9 });
    expect(planParcel(lines, new Map(), [{ lineId: 1, quantity: 0 }])).toEqual({ refused: 'nothing_to_ship' });
    expect(
      planParcel(
        lines,
        new Map([
          [1, 3],
          [2, 2],
        ]),
        'rest',
      ),
    ).toEqual({ refused: 'nothing_to_ship' });
  });
});


it('normalises a tracking code', () => {
  expect(normaliseTracking(' 3s abc 123 ')).toBe('3SABC123');
});
