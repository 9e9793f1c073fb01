import path from 'node:path';
import type { Plugin } from 'vite';

// ADR 061. Every lucide-react icon is made by app/components/ui/icon.tsx instead of lucide-react's own component: the
// same picture as one <svg> element with its shapes as markup, cheaper to render and to hydrate, and ~1 KB gzip less
// first-load JS on every page. Only the build swaps it (the dev server uses lucide-react as it is); the server bundle
// includes lucide-react, so it holds the icons the shop uses rather than all of lucide's.

export const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
const FACTORY_IMPORT = "from '../createLucideIcon.mjs'";

/** An icon module of lucide-react pointed at `component`; null when `code` makes no icon. Throws when lucide-react changed. */
export function swapIcon(code: string, component: string): string | null {
  if (!code.includes('createLucideIcon(')) return null;
  const swapped = code.replace(FACTORY_IMPORT, `from ${JSON.stringify(component)}`);
  if (swapped === code) throw new Error(`lucide-react changed: an icon module does not import ../createLucideIcon.mjs (ADR 061)`);
  return swapped;
}

const iconComponent = path.resolve('app/components/ui/icon.tsx');
export const iconSwap: Plugin = {
  name: 'kiemkracht-icons',
  apply: 'build',
  config: () => ({ ssr: { noExternal: ['lucide-react'] } }),
  transform(code, id) {
    if (!ICON_MODULE.test(id)) return;
    try {
      return swapIcon(code, iconComponent) ?? undefined;
    } catch (e) {
      this.error(`${id}: ${(e as Error).message}`);
    }
  },
};
