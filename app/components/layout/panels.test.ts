import { describe, expect, it } from 'vitest';
import { closedPanels, togglePanel } from './panels.ts';

describe('side panels', () => {
  it('start all off', () => {
    expect(Object.values(closedPanels).every((v) => v === false)).toBe(true);
  });
  it('opening one closes the others and turns the background on', () => {
    const a = togglePanel(closedPanels, 'menu', true);
    const b = togglePanel(a, 'cart', true);
    expect(b).toEqual({ ...closedPanels, cart: true, background: true });
  });
  it('closing the last panel turns the background off', () => {
    const a = togglePanel(closedPanels, 'search', true);
    expect(togglePanel(a, 'search', false)).toEqual(closedPanels);
  });
});
