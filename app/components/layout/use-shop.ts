import { createContext, createElement, type ReactNode, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root.tsx';
import { PERSONAL_DATA_ID } from './personal-data.ts';

type Shop = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;
type Overlay = { source: Shop; shop: Shop };
const OverlayContext = createContext<Overlay | null>(null);

// The cart a cached page came with (JSON the page cache put in), read once: it never changes.
let personal: { cart: Shop['cart'] } | null | undefined;
const readPersonal = () => {
  if (personal === undefined) {
    const json = document.getElementById(PERSONAL_DATA_ID)?.textContent;
    personal = json ? (JSON.parse(json) as { cart: Shop['cart'] }) : null;
  }
  return personal;
};
const noSubscription = () => () => {};

/**
 * A cached page served to a visitor with a cart (ADR 031) carries the anonymous root data and, as JSON, the
 * visitor's cart. It is merged in right after hydration (the server snapshot, null, keeps the first render equal
 * to the HTML) and only into the root data the page came with: once the root loader runs again (after adding to
 * the cart, say) its own cart counts.
 */
export function PersonalDataProvider({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const [source] = useState(data);
  const extra = useSyncExternalStore(noSubscription, readPersonal, () => null);
  const overlay = useMemo(() => (source && extra ? { source, shop: { ...source, cart: extra.cart } } : null), [source, extra]);
  return createElement(OverlayContext.Provider, { value: overlay }, children);
}

/** The root loader's data (with a cached page's personal cart); null on an error screen whose root loader failed. */
export function useShop() {
  const data = useRouteLoaderData<typeof loader>('root') ?? null;
  const overlay = useContext(OverlayContext);
  return overlay && overlay.source === data ? overlay.shop : data;
}
