import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root.tsx';

/** The root loader's data; null on an error screen whose root loader failed. */
export function useShop() {
  return useRouteLoaderData<typeof loader>('root') ?? null;
}
