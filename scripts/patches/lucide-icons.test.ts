import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { swapIcon } from './lucide-icons.ts';

// The installed lucide-react, as the build reads it: every icon module must still have the import the swap rewrites.
const dir = path.resolve('node_modules/lucide-react/dist/esm/icons');
const icons = fs.readdirSync(dir).filter((f) => f.endsWith('.mjs'));

describe('swapIcon', () => {
  it("points every installed icon module at the shop's icon component", () => {
    expect(icons.length).toBeGreaterThan(1000);
    for (const f of icons) {
      const code = fs.readFileSync(path.join(dir, f), 'utf8');
      if (!code.includes('createLucideIcon(')) continue;
      const swapped = swapIcon(code, '/app/icon.tsx')!;
      expect(swapped, f).toContain('from "/app/icon.tsx"');
      expect(swapped, f).not.toContain('createLucideIcon.mjs');
    }
  });

  it('fails loudly when the factory import changed', () => {
    expect(() => swapIcon("import createLucideIcon from '../create.mjs';\ncreateLucideIcon('x', []);", '/app/icon.tsx')).toThrow(/lucide-react changed/);
  });
});
