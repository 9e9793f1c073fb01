import { createContext, createElement, type ReactNode, useContext, useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root.tsx';
import { PERSONAL_DATA_ID } from './personal-data.ts';

type Shop = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;
type Overlay = { source: Shop; shop: Shop };
const OverlayContext = createContext<Overlay | null>(null);

/**
 * A cached page served to a visitor with a cart (ADR 031) carries the anonymous root data and, as JSON, the
 * visitor's cart. It is merged in after hydration (the first render must match the HTML) and only into the root
 * data the page came with: once the root loader runs again (after adding to the cart, say) its own cart counts.
 */
export function PersonalDataProvider({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const [overlay, setOverlay] = useState<Overlay | null>(null);
  useEffect(() => {
    const json = document.getElementById(PERSONAL_DATA_ID)?.textContent;
    if (!data || !json) return;
    // The first run sees the data of the page itself; later runs (new root data) keep that one.
    setOverlay((o) => o ?? { source: data, shop: { ...data, cart: (JSON.parse(json) as { cart: Shop['cart'] }).cart } });
  }, [data]);
  return createElement(OverlayContext.Provider, { value: overlay }, children);
}

/** The root loader's data (with a cached page's personal cart); null on an error screen whose root loader failed. */
export function useShop() {
  const data = useRouteLoaderData<typeof loader>('root') ?? null;
  const overlay = useContext(OverlayContext);
  return overlay && overlay.source === data ? overlay.shop : data;
}
