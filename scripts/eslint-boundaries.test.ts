import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The module boundaries of eslint.config.js, proven on a fixture: a new crossing must fail the lint.
const eslint = new ESLint();
const RULE = '@typescript-eslint/no-restricted-imports';

async function errorsIn(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('module boundaries', () => {
  it('fails when a module imports another module\'s code', async () => {
    const errors = await errorsIn('app/modules/reviews/fixture.server.ts', "import { computeCart } from '~/modules/cart/cart.ts';\nexport const f = computeCart;\n");
    expect(errors).toEqual([expect.stringContaining('compose modules in app/flows')]);
  });

  it('fails when a module component imports the layout or a route', async () => {
    const errors = await errorsIn('app/modules/reviews/components/fixture.tsx', "import { Header } from '~/components/layout/header.tsx';\nexport const H = Header;\n");
    expect(errors).toEqual([expect.stringContaining('does not import flows, routes or the layout')]);
  });

  it('fails when db/schema imports a module', async () => {
    const errors = await errorsIn('app/db/schema/fixture.ts', "import { couponKinds } from '../../modules/cart/cart.ts';\nexport const k = couponKinds;\n");
    expect(errors).toEqual([expect.stringContaining('db/schema imports no module')]);
  });

  it('allows another module\'s types, its own files, lib and flows calling modules', async () => {
    expect(await errorsIn('app/modules/reviews/fixture.server.ts', "import type { CartView } from '~/modules/cart/cart.server.ts';\nimport { hitRateLimit } from '~/lib/rate-limit.server.ts';\nexport type C = CartView;\nexport const h = hitRateLimit;\n")).toEqual([]);
    expect(await errorsIn('app/flows/fixture.server.ts', "import { computeCart } from '~/modules/cart/cart.ts';\nexport const f = computeCart;\n")).toEqual([]);
  });
});
