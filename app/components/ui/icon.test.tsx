import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createIcon from './icon.tsx';

// What the build gives createIcon: each lucide-react icon module's data (its own component is lucide-react's).
type IconModule = { default: ComponentType<{ className?: string }>; __iconData: Parameters<typeof createIcon>[0] };
const load = (name: string) => import(`../../../node_modules/lucide-react/dist/esm/icons/${name}.mjs`) as Promise<IconModule>;
const inner = (html: string) => html.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');

describe('createIcon', () => {
  it('draws the same shapes as lucide-react, in one <svg>', async () => {
    // Paths, circles, a rect and a polyline.
    for (const name of ['truck', 'mail', 'package', 'check', 'star']) {
      const mod = await load(name);
      const ours = renderToStaticMarkup(createElement(createIcon(mod.__iconData), { className: 'h-4 w-4' }));
      const lucide = renderToStaticMarkup(createElement(mod.default, { className: 'h-4 w-4' }));
      expect(inner(ours), name).toBe(inner(lucide));
      expect(ours).toMatch(/^<svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" class="h-4 w-4">/);
    }
  });

  it('takes size, colour and stroke width, and is not hidden once it has a name', async () => {
    const Mail = createIcon((await load('mail')).__iconData);
    const html = renderToStaticMarkup(<Mail size={16} color="red" strokeWidth={3} aria-label="E-mail" />);
    expect(html).toContain('width="16" height="16"');
    expect(html).toContain('stroke="red" stroke-width="3"');
    expect(html).toContain('aria-label="E-mail"');
    expect(html).not.toContain('aria-hidden');
  });
});
