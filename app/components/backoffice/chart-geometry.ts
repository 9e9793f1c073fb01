// Pure geometry for the back office's server-rendered SVG charts (ADR 067): no chart library, no script.

/** A round ceiling for the value axis (1, 2 or 5 times a power of ten), never below 1. */
export function niceMax(values: readonly number[]): number {
  const max = Math.max(1, ...values);
  const step = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 5, 10].map((m) => m * step).find((v) => v >= max) ?? 10 * step);
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The points of a series spread over `width`, 0 at the bottom of `height` and `max` at the top (negatives clipped to the bottom). */
export function points(values: readonly number[], width: number, height: number, max = niceMax(values)): [number, number][] {
  const dx = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => [round(i * dx), round(height - (Math.max(0, v) / max) * height)]);
}

/** SVG path data for the line through a series; empty for no values. */
export function linePath(values: readonly number[], width: number, height: number, max?: number): string {
  return points(values, width, height, max)
    .map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x},${y}`)
    .join('');
}

/** The line closed down to the axis: the filled area under it. */
export function areaPath(values: readonly number[], width: number, height: number, max?: number): string {
  if (values.length === 0) return '';
  const pts = points(values, width, height, max);
  return `${linePath(values, width, height, max)}L${pts.at(-1)![0]},${height}L0,${height}Z`;
}

/** Bar lengths for a horizontal bar chart: each value's share of the largest, over `width`. */
export function barLengths(values: readonly (number | null)[], width: number): number[] {
  const max = Math.max(1, ...values.map((v) => v ?? 0));
  return values.map((v) => round((Math.max(0, v ?? 0) / max) * width));
}
