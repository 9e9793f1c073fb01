import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import createIcon from '~/components/ui/icon.tsx';
import { ICON_MODULE, swapIcon } from './lucide-icons.ts';

// The installed lucide-react, as the build reads it. The swap holds only while every icon module has the shape
// below; each assertion names what changed upstream, so an upgrade fails here rather than in the shop (ADR 061).
const root = path.resolve('node_modules/lucide-react');
const dir = path.join(root, 'dist/esm/icons');
const icons = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'));
const FACTORY = "import createLucideIcon from '../createLucideIcon.mjs';";
const MADE = /^const (\w+) = createLucideIcon\(__iconData\);$/m;

describe('lucide-react, the shape the icon swap rewrites', () => {
  it('is the pinned version', () => {
    const pinned = JSON.parse(fs.readFileSync('package.json', 'utf8')).dependencies['lucide-react'];
    expect(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version).toBe(pinned);
  });

  it('every icon module imports the factory once, makes its icon from `__iconData` and exports it as default', () => {
    expect(icons.length).toBeGreaterThan(1000);
    for (const f of icons) {
      expect(ICON_MODULE.test(path.join(dir, f)), f).toBe(true);
      const code = fs.readFileSync(path.join(dir, f), 'utf8');
      if (!code.includes('createLucideIcon(')) continue;
      expect(code.split(FACTORY).length - 1, `${f}: one import of the factory`).toBe(1);
      expect(code.match(/^import /gm), `${f}: no other import`).toHaveLength(1);
      const made = MADE.exec(code)?.[1];
      expect(made, `${f}: createLucideIcon(__iconData)`).toBeTruthy();
      expect(code, `${f}: the icon is the default export`).toMatch(new RegExp(`export \\{ __iconData, ${made} as default \\};`));
    }
  });

  it("an icon's data is { name, node } with [tag, attributes] shapes, as app/components/ui/icon.tsx takes it", async () => {
    for (const f of ['x.mjs', 'shopping-cart.mjs', 'heart.mjs', 'search.mjs']) {
      const { __iconData: data } = (await import(pathToFileURL(path.join(dir, f)).href)) as { __iconData: { name: string; node: unknown[] } };
      expect(data.name, f).toBe(f.replace(/\.mjs$/, ''));
      expect(data.node.length, f).toBeGreaterThan(0);
      for (const shape of data.node) expect(shape, f).toEqual([expect.any(String), expect.any(Object)]);
    }
  });

  it("the shop's icon draws the same shapes as lucide-react's own component", async () => {
    for (const f of ['x.mjs', 'shopping-cart.mjs', 'circle-check.mjs']) {
      const mod = (await import(pathToFileURL(path.join(dir, f)).href)) as { default: React.ComponentType; __iconData: Parameters<typeof createIcon>[0] };
      const inner = (html: string) => html.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
      const theirs = inner(renderToStaticMarkup(createElement(mod.default)));
      expect(theirs, f).toMatch(/^<(path|circle|rect|line|polyline)\b/);
      expect(inner(renderToStaticMarkup(createElement(createIcon(mod.__iconData)))), f).toBe(theirs);
    }
  });

  it("the package's index re-exports every icon from ./icons/ (the shell chunk follows those lines, vite.config.ts)", () => {
    const barrel = fs.readFileSync(path.join(root, 'dist/esm/lucide-react.mjs'), 'utf8');
    const lines = [...barrel.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)'/g)];
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.some(([, names, file]) => file === './icons/x.mjs' && /default as X\b/.test(names!))).toBe(true);
  });
});

describe('swapIcon', () => {
  it("points every installed icon module at the shop's icon component", () => {
    for (const f of icons) {
      const code = fs.readFileSync(path.join(dir, f), 'utf8');
      if (!code.includes('createLucideIcon(')) continue;
      const swapped = swapIcon(code, '/app/icon.tsx')!;
      expect(swapped, f).toContain('from "/app/icon.tsx"');
      expect(swapped, f).not.toContain('createLucideIcon.mjs');
    }
  });

  it('leaves modules that make no icon alone and fails loudly when the factory import changed', () => {
    expect(swapIcon('export const x = 1;', '/app/icon.tsx')).toBeNull();
    expect(() => swapIcon("import createLucideIcon from '../create.mjs';\ncreateLucideIcon('x', []);", '/app/icon.tsx')).toThrow(/lucide-react changed/);
  });
});
