// Pure parts of the back office's order actions (ADR 028): which lines a parcel takes, amounts typed in euros.

export type ParcelRequest = 'rest' | { lineId: number; quantity: number }[];
export type ParcelPlan = { parcel: { lineId: number; quantity: number }[]; complete: boolean };
export type ParcelRefusal = { refused: 'nothing_to_ship' } | { refused: 'too_many' | 'unknown_line'; lineId: number };

/**
 * The lines of one parcel: what was asked (or all that remains) checked against what is left of each line
 * after earlier parcels. `complete` says the order has nothing left to ship after this parcel.
 */
export function planParcel(lines: { id: number; quantity: number }[], shipped: ReadonlyMap<number, number>, request: ParcelRequest): ParcelPlan | ParcelRefusal {
  const left = new Map(lines.map((l) => [l.id, l.quantity - (shipped.get(l.id) ?? 0)]));
  const asked = request === 'rest' ? lines.map((l) => ({ lineId: l.id, quantity: left.get(l.id)! })) : request;
  const parcel: { lineId: number; quantity: number }[] = [];
  for (const a of asked) {
    if (a.quantity <= 0) continue;
    const remaining = left.get(a.lineId);
    if (remaining === undefined) return { refused: 'unknown_line', lineId: a.lineId };
    if (a.quantity > remaining) return { refused: 'too_many', lineId: a.lineId };
    left.set(a.lineId, remaining - a.quantity);
    parcel.push({ lineId: a.lineId, quantity: a.quantity });
  }
  if (parcel.length === 0) return { refused: 'nothing_to_ship' };
  return { parcel, complete: [...left.values()].every((n) => n === 0) };
}

/** The tracking code as carriers print it: letters and digits, 6 to 40, upper case. */
export const TRACKING_CODE = /^[A-Z0-9]{6,40}$/;
export const normaliseTracking = (code: string) => code.replace(/\s+/g, '').toUpperCase();
