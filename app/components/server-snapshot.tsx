import { createContext, type ReactElement } from 'react';
import type { Location } from 'react-router';

/**
 * The server's HTML of a part that is the same for many pages (the footer), made once per `key` and kept (ADR 077).
 * `rootData` is the root loader's data the part reads; the part is rendered at a stand-in address and `location`
 * (the page's own) is put into its links afterwards, so one snapshot serves every page, also those the page cache
 * cannot serve. Set by entry.server.tsx; read with `use()` behind `import.meta.env.SSR`, so the browser's bundle
 * holds none of it.
 */
export type Snapshot = (
  key: string,
  element: ReactElement,
  rootData: unknown,
  location: Pick<Location, 'pathname' | 'search'>,
  /** Where to render it, when the part shows where it is (the main menu's current page); otherwise a stand-in. */
  at?: string,
) => string;

export const SnapshotContext = /* @__PURE__ */ createContext<Snapshot | null>(null);
