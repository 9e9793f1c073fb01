// A button that only works with JavaScript does nothing when pressed while the page is still the server's HTML
// (its scripts start after the first paint, ADR 080). A script in the head (defer-scripts.server.ts) notes the last
// such press on `window` under PRESSED; the component whose button it was acts on it once it is live.

/** The window property the head's script writes. */
export const PRESSED = 'kkPressed';

/** The noted press when `match` accepts it, taken so that it is acted on once. */
function take(match: (pressed: Element) => boolean): Element | null {
  const w = window as unknown as Record<string, Element | undefined>;
  const pressed = w[PRESSED];
  if (!pressed || !match(pressed)) return null;
  w[PRESSED] = undefined;
  return pressed;
}

/** True, once, when `el` is the button pressed before the page was live. */
export const pressedBeforeLive = (el: Element | null): boolean => el !== null && take((pressed) => pressed === el) !== null;

/** The button pressed before the page was live when it lies inside `root` (a part still the server's HTML), once. */
export const pressedWithin = (root: Element): Element | null => take((pressed) => root.contains(pressed));
