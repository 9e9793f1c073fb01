import fs from 'node:fs';
import path from 'node:path';
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

  it('fails when lib imports a module\'s code', async () => {
    const errors = await errorsIn('app/lib/fixture.server.ts', "import { computeCart } from '~/modules/cart/cart.ts';\nexport const f = computeCart;\n");
    expect(errors).toEqual([expect.stringContaining('lib imports no module')]);
  });

  it('fails when a shared component imports a module\'s code, a flow, a route or the shell', async () => {
    const file = 'app/components/backoffice/fixture.tsx';
    expect(await errorsIn(file, "import { resendableOrderMails } from '~/modules/mail/mail.ts';\nexport const m = resendableOrderMails;\n")).toEqual([expect.stringContaining('take modules\' types only')]);
    expect(await errorsIn(file, "import { placeOrder } from '~/flows/place-order.server.ts';\nexport const p = placeOrder;\n")).toEqual([expect.stringContaining('no flow, route or shell')]);
    expect(await errorsIn(file, "import type { strainLoader } from '~/routes/backoffice/strain.server.ts';\nexport type L = typeof strainLoader;\n")).toEqual([expect.stringContaining('no flow, route or shell')]);
    expect(await errorsIn(file, "import { Footer } from '~/shell/footer.tsx';\nexport const F = Footer;\n")).toEqual([expect.stringContaining('no flow, route or shell')]);
  });

  it('allows a shared component modules\' types and the root loader\'s type', async () => {
    const code = "import type { ProductCardData } from '~/modules/catalog/catalog.ts';\nimport type { loader } from '~/root.tsx';\nexport type P = ProductCardData;\nexport type L = typeof loader;\n";
    expect(await errorsIn('app/components/fixture.tsx', code)).toEqual([]);
  });

  // An exemption would make the boundary silent again: crossings move to app/flows or app/lib (ADR 063).
  it('no file under app/ switches the rule off', () => {
    const exempt: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && /eslint-disable[^\n]*no-restricted-imports/.test(fs.readFileSync(file, 'utf8'))) exempt.push(file);
      }
    };
    walk('app');
    expect(exempt).toEqual([]);
  });
});
