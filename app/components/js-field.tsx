// Written when React attaches the element: without JavaScript the form posts `js=` (empty).
const mark = (input: HTMLInputElement | null) => {
  if (input) input.value = '1';
};

/**
 * `js=1` in a form's post: the action answers a fetcher with data instead of redirecting a plain form back. Set on
 * the element rather than rendered once hydrated (`useHydrated`): that re-rendered every such form of the page (a
 * heart on each product card) in one synchronous task right after hydration, a long task on a phone.
 */
export function JsField() {
  return <input type="hidden" name="js" ref={mark} />;
}
