import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useMemo, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root.tsx';
import { PERSONAL_DATA_ID } from '~/components/layout/personal-data.ts';

type Shop = NonNullable<ReturnType<typeof useRouteLoaderData<typeof loader>>>;
type Overlay = { source: Shop; shop: Shop; voted: number[] };
/** What the page cache put into a cached page as JSON (server/page-cache.ts `Personal`): the user's parts only when logged in. */
type PersonalData = { cart: Shop['cart']; user?: Shop['user']; wishlist?: Shop['wishlist']; voted?: number[] };
const OverlayContext = createContext<Overlay | null>(null);

// The visitor's data a cached page came with (JSON the page cache put in), read once: it never changes.
let personal: PersonalData | null | undefined;
const readPersonal = () => {
  if (personal === undefined) {
    const json = document.getElementById(PERSONAL_DATA_ID)?.textContent;
    personal = json ? (JSON.parse(json) as PersonalData) : null;
  }
  return personal;
};

/**
 * A cached page served to a visitor with a cart (ADR 031) or a logged-in customer (ADR 047) carries the anonymous
 * root data and, as JSON, the visitor's cart (and name and wishlist). It is merged in after hydration, in a
 * transition (interruptible work, not one synchronous re-render of every part that shows it: a long task on a phone;
 * the server's HTML already shows it), and only into the root data the page came with: once the root loader runs
 * again (after adding to the cart, say) its own data counts.
 */
export function PersonalDataProvider({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const [source] = useState(data);
  const [extra, setExtra] = useState<PersonalData | null>(null);
  useEffect(() => {
    const found = readPersonal();
    if (found) startTransition(() => setExtra(found));
  }, []);
  const overlay = useMemo(() => {
    if (!source || !extra) return null;
    const user = extra.user === undefined ? {} : { user: extra.user, wishlist: extra.wishlist ?? null };
    return { source, shop: { ...source, cart: extra.cart, ...user }, voted: extra.voted ?? [] };
  }, [source, extra]);
  return createElement(OverlayContext.Provider, { value: overlay }, children);
}

/** The root loader's data (with a cached page's personal cart); null on an error screen whose root loader failed. */
export function useShop() {
  const data = useRouteLoaderData<typeof loader>('root') ?? null;
  const overlay = useContext(OverlayContext);
  return overlay && overlay.source === data ? overlay.shop : data;
}

const NONE: number[] = [];
/**
 * The reviews a logged-in customer found helpful among those of the cached page they came with (ADR 047); the
 * product loader's own list counts after it runs again. Votes are never taken back, so the two can be joined.
 */
export function usePersonalVotes(): number[] {
  return useContext(OverlayContext)?.voted ?? NONE;
}
