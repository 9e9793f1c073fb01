// SPEC §4: side panels account, cart, menu, search and the background, each on or off, default off.
export const PANELS = ['account', 'cart', 'menu', 'search'] as const;
export type PanelName = (typeof PANELS)[number];
export type PanelState = Record<PanelName | 'background', boolean>;

export const closedPanels: PanelState = { account: false, cart: false, menu: false, search: false, background: false };

/** Opening one panel closes the others; the background is on while any panel is. */
export function togglePanel(state: PanelState, name: PanelName, open: boolean): PanelState {
  if (!open) {
    const next = { ...state, [name]: false };
    return { ...next, background: PANELS.some((p) => next[p]) };
  }
  return { ...closedPanels, [name]: true, background: true };
}
