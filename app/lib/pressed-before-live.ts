// A button that only works with JavaScript does nothing when pressed while the page is still the server's HTML
// (its scripts start after the first paint, ADR 080). The inline loader notes the last such press on `window`
// under PRESSED; the component whose button it was acts on it once it is live.

/** The window property the loader of defer-scripts.server.ts writes. */
export const PRESSED = 'kkPressed';

/** True, once, when `el` is the button pressed before the page was live. */
export function pressedBeforeLive(el: Element | null): boolean {
  const w = window as unknown as Record<string, Element | undefined>;
  if (!el || w[PRESSED] !== el) return false;
  w[PRESSED] = undefined;
  return true;
}

/** The button pressed before the page was live when it lies inside `root` (a part still the server's HTML), once. */
export function pressedWithin(root: Element): Element | null {
  const w = window as unknown as Record<string, Element | undefined>;
  const pressed = w[PRESSED];
  if (!pressed || !root.contains(pressed)) return null;
  w[PRESSED] = undefined;
  return pressed;
}
