import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';

/**
 * The server's kept HTML of static parts (ADR 069), set in entry.server; null in the browser. A HydrateOnVisible part
 * with a `memo` key (everything it shows besides the page's address) is rendered once and its HTML reused: the browser
 * never hydrates a static part's HTML, it renders the part anew when it turns live (ADR 048).
 */
export type PartMemo = {
  /** The part's kept HTML with the page's address (path and query) put in, or undefined: then it is rendered and kept. */
  html(key: string, address: string): string | undefined;
  /** The attribute that marks a part being rendered, for entry.server to take its HTML from the page. */
  marker(key: string, address: string): Record<string, string>;
  /** What a kept part has where it shows the page's address (a form's redirectTo). */
  addressHole: string;
};

const PartMemoContext = createContext<PartMemo | null>(null);
export const PartMemoProvider = PartMemoContext.Provider;
export const usePartMemo = () => useContext(PartMemoContext);

// Set inside a part being kept: the address is a hole there, filled per page.
const AddressHoleContext = createContext<string | null>(null);
export const AddressHoleProvider = AddressHoleContext.Provider;

/** The page's address (path and query) for a form's redirectTo; inside a kept part, the hole that stands for it. */
export function useFormAddress() {
  const location = useLocation();
  return useContext(AddressHoleContext) ?? location.pathname + location.search;
}

/**
 * A link's `to` for this page with `param=1` in its query (?regio=1, ?cookies=1: a dialog that opens without
 * JavaScript). Inside a kept part, a path that stands for it, filled per page as the address is.
 */
export function useAddressWith(param: string) {
  const location = useLocation();
  const hole = useContext(AddressHoleContext);
  if (hole !== null) return { pathname: `/${hole}/${param}`, search: '' };
  const params = new URLSearchParams(location.search);
  params.set(param, '1');
  return { pathname: location.pathname, search: `?${params}` };
}
